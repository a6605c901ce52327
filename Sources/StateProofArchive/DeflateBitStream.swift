/// The DEFLATE encoder's output: bits packed from the least significant one of each byte on, in a
/// buffer it allocates, grows on request and frees itself, every access inside it by construction.
final class DeflateBitStream {
  private var output: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private(set) var count = 0
  private var bitBuffer: UInt64 = 0
  /// Bits held in `bitBuffer`, always fewer than 32 between calls.
  private(set) var bitCount = 0

  init(capacity: Int) {
    self.capacity = capacity
    output = .allocate(capacity: capacity)
  }

  deinit { output.deallocate() }

  /// Makes room for `bytes` more output bytes.
  func reserve(_ bytes: Int) {
    guard count + bytes + 8 > capacity else { return }
    capacity = max(count + bytes + 8, 2 * capacity)
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    larger.initialize(from: output, count: count)
    output.deallocate()
    output = larger
  }

  /// Appends the low `count` bits of `bits` (at most 32, nothing above them set).
  @inline(__always) func put(_ bits: UInt32, count bitsToPut: Int) {
    bitBuffer |= UInt64(bits) << bitCount
    bitCount += bitsToPut
    if bitCount >= 32 {
      UnsafeMutableRawPointer(output + count)
        .storeBytes(of: UInt32(truncatingIfNeeded: bitBuffer).littleEndian, as: UInt32.self)
      count += 4
      bitBuffer >>= 32
      bitCount -= 32
    }
  }

  /// Writes out the bits still held, the last byte padded with zeros.
  func alignToByte() {
    while bitCount > 0 {
      output[count] = UInt8(truncatingIfNeeded: bitBuffer)
      count += 1
      bitBuffer >>= 8
      bitCount -= 8
    }
    bitBuffer = 0
    bitCount = 0
  }

  /// Appends whole bytes; the stream must be at a byte boundary.
  func append(_ bytes: UnsafeRawPointer, count byteCount: Int) {
    precondition(bitCount == 0, "bytes are appended at a byte boundary")
    UnsafeMutableRawPointer(output + count).copyMemory(from: bytes, byteCount: byteCount)
    count += byteCount
  }

  /// Hands the bytes so far to `body`, then forgets them (bits short of a byte stay).
  func drain<Failure: Error>(_ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
    defer { count = 0 }
    try body(UnsafeRawBufferPointer(start: output, count: count))
  }
}
