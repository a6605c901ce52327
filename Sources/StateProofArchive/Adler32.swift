/// zlib's checksum (RFC 1950, section 8.2): two sums modulo 65521.
struct Adler32 {
  private var low: UInt32 = 1
  private var high: UInt32 = 0

  var value: UInt32 { high << 16 | low }

  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var index = 0
    while index < bytes.count {
      // 5552 bytes at most before the sums could overflow 32 bits (zlib's NMAX).
      let end = min(index + 5552, bytes.count)
      while index < end {
        low += UInt32(bytes[index])
        high += low
        index += 1
      }
      low %= 65521
      high %= 65521
    }
  }
}
