import StateProofSystem

/// A window onto a ``RandomAccessByteSource``, read a chunk at a time, from which the zip reader
/// takes its little-endian fields: only the window is in memory, wherever in the file it is.
struct ByteWindow {
  private let source: any RandomAccessByteSource
  /// Where the window may reach: never past `limit`.
  private let limit: Int
  private var bytes: [UInt8] = []
  private var start = 0

  init(_ source: any RandomAccessByteSource, limit: Int) {
    self.source = source
    self.limit = limit
  }

  /// Makes the `count` bytes from `offset` readable; false when they are not all before the limit.
  mutating func load(_ offset: Int, count: Int) throws(ZipError) -> Bool {
    guard offset >= 0, count >= 0, count <= limit - offset else { return false }
    if offset >= start && offset + count <= start + bytes.count { return true }
    bytes = try Self.read(source, at: offset, count: min(max(count, 64 << 10), limit - offset))
    start = offset
    return bytes.count >= count
  }

  /// Up to `count` bytes of `source` from `offset` (fewer only at its end).
  static func read(_ source: any RandomAccessByteSource, at offset: Int, count: Int) throws(ZipError) -> [UInt8] {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 8)
    defer { buffer.deallocate() }
    do {
      let read = try source.read(at: offset, into: buffer)
      return Array(UnsafeRawBufferPointer(rebasing: buffer[..<read]))
    } catch {
      throw .cannotRead(reason: error.reason)
    }
  }

  /// The 16-bit little-endian number at `offset`, loaded.
  func uint16(_ offset: Int) -> Int { Int(bytes[offset - start]) | Int(bytes[offset - start + 1]) << 8 }

  /// The 32-bit little-endian number at `offset`, loaded.
  func uint32(_ offset: Int) -> Int { uint16(offset) | uint16(offset + 2) << 16 }

  /// The loaded bytes from `offset`.
  func slice(_ offset: Int, count: Int) -> ArraySlice<UInt8> { bytes[offset - start..<offset - start + count] }
}
