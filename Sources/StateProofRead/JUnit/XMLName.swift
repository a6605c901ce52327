import Foundation

/// An element or attribute name known at compile time, compared against libxml2's borrowed,
/// NUL-terminated name bytes without allocating.
struct XMLName: ExpressibleByStringLiteral, Sendable {
  let spelling: StaticString

  init(stringLiteral value: StaticString) {
    spelling = value
  }

  /// Whether the NUL-terminated `name` is exactly this name.
  func matches(_ name: UnsafePointer<UInt8>) -> Bool {
    let count = spelling.utf8CodeUnitCount
    // strncmp stops at the first NUL, so a shorter name is never read past its end.
    let same = name.withMemoryRebound(to: CChar.self, capacity: count + 1) { name in
      spelling.utf8Start.withMemoryRebound(to: CChar.self, capacity: count) { strncmp(name, $0, count) }
    }
    return same == 0 && name[count] == 0
  }

  /// Whether `bytes` (not NUL-terminated) are exactly this name.
  func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = spelling.utf8CodeUnitCount
    guard bytes.count == count else { return false }
    return count == 0 || memcmp(bytes.baseAddress!, spelling.utf8Start, count) == 0
  }
}
