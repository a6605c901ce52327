import Foundation

/// Finds a short, fixed needle in bytes: `memchr` to each candidate first byte, then `memcmp`
/// (Foundation's `range(of:)` costs tens of instructions per byte; `memmem` is not in every C
/// library Swift imports).
package enum ByteSearch {
  /// The offset of the first `needle` in `haystack`, or nil.
  public static func firstOffset(of needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer) -> Int? {
    guard let first = needle.first, let base = haystack.baseAddress, needle.count <= haystack.count
    else { return nil }
    let last = base + (haystack.count - needle.count)
    var cursor = base
    while cursor <= last, let hit = memchr(cursor, Int32(first), last - cursor + 1).map(UnsafeRawPointer.init) {
      if memcmp(hit, needle.baseAddress!, needle.count) == 0 { return base.distance(to: hit) }
      cursor = hit + 1
    }
    return nil
  }
}
