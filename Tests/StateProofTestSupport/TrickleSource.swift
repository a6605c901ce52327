import StateProofSystem

/// Hands its bytes out at most `step` at a time, so every token can straddle a chunk boundary,
/// then fails with `failure` if one is given, as a disk with a bad sector does.
public struct TrickleSource: ByteSource {
  let bytes: [UInt8]
  let step: Int
  var failure: String?
  var offset = 0

  public init(_ bytes: [UInt8], step: Int = 1, failure: String? = nil) {
    self.bytes = bytes
    self.step = step
    self.failure = failure
  }

  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int {
    let count = min(step, buffer.count, bytes.count - offset)
    guard count > 0 else {
      if let failure { throw ByteSourceError(reason: failure) }
      return 0
    }
    for index in 0..<count { buffer[index] = bytes[offset + index] }
    offset += count
    return count
  }
}
