import Foundation

/// The last `String` made from a borrowed byte value, handed out again while the bytes repeat, so
/// thousands of cases sharing a classname share one allocation.
struct ReusedString {
  private var bytes: [UInt8] = []
  private var string = ""

  /// A `String` equal to the NUL-terminated `value`.
  mutating func string(for value: UnsafePointer<UInt8>) -> String {
    let count = strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
    let same =
      count == bytes.count && bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, value, count) == 0 }
    if !same {
      bytes = Array(UnsafeBufferPointer(start: value, count: count))
      string = String(decoding: bytes, as: UTF8.self)
    }
    return string
  }
}
