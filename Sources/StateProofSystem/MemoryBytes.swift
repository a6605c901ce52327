/// Bytes already in memory (a document, a generated file), as a ``ByteSource`` and, read at any
/// offset, a ``RandomAccessByteSource``.
public struct MemoryBytes: ByteSource, RandomAccessByteSource {
  private let bytes: [UInt8]
  private var offset = 0

  public init(_ bytes: some Sequence<UInt8>) {
    self.bytes = Array(bytes)
  }

  /// How many bytes the source holds in all.
  public var count: Int { bytes.count }

  /// The same as ``count``: the whole of what a ``RandomAccessByteSource`` reads from.
  public var size: Int { bytes.count }

  public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard offset >= 0, offset < bytes.count else { return 0 }
    let count = min(buffer.count, bytes.count - offset)
    bytes.withUnsafeBytes { source in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
    }
    return count
  }

  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    let count = min(buffer.count, bytes.count - offset)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
    }
    offset += count
    return count
  }
}
