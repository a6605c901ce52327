/// A document already in memory, as a ``JSONByteSource``.
public struct JSONBytes: JSONByteSource {
  private let bytes: [UInt8]
  private var offset = 0

  public init(_ bytes: some Sequence<UInt8>) {
    self.bytes = Array(bytes)
  }

  /// How many bytes the document has.
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
