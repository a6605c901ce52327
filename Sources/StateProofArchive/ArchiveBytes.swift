/// Bytes already in memory (a generated file) as an ``ArchiveByteSource``.
package struct ArchiveBytes: ArchiveByteSource {
  private let bytes: [UInt8]
  private var offset = 0

  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// How many bytes the source holds in all, the size to give ``ArchiveWriter/addFile(_:size:from:)``.
  package var count: Int { bytes.count }

  package mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveIOError) -> Int {
    let count = min(buffer.count, bytes.count - offset)
    guard count > 0 else { return 0 }
    bytes[offset..<offset + count].withUnsafeBytes { buffer.copyMemory(from: $0) }
    offset += count
    return count
  }
}
