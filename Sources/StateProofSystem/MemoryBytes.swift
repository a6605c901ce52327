/// Bytes already in memory (a document, a generated file), as a ``ByteSource``.
public struct MemoryBytes: ByteSource {
  private let bytes: [UInt8]
  private var offset = 0

  public init(_ bytes: some Sequence<UInt8>) {
    self.bytes = Array(bytes)
  }

  /// How many bytes the source holds in all.
  public var count: Int { bytes.count }

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
