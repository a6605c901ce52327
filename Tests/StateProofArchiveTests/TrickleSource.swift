import StateProofArchive

/// Hands its bytes out at most `step` at a time, then fails with `failure` if one is given, as a
/// disk with a bad sector does.
struct TrickleSource: ArchiveByteSource {
  let bytes: [UInt8]
  let step: Int
  var failure: String?
  var offset = 0

  init(_ bytes: [UInt8], step: Int, failure: String? = nil) {
    self.bytes = bytes
    self.step = step
    self.failure = failure
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ArchiveIOError) -> Int {
    let count = min(step, buffer.count, bytes.count - offset)
    guard count > 0 else {
      if let failure { throw ArchiveIOError(reason: failure) }
      return 0
    }
    for index in 0..<count { buffer[index] = bytes[offset + index] }
    offset += count
    return count
  }
}
