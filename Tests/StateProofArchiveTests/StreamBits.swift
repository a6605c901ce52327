/// Writes DEFLATE bit fields by hand (least significant bit first, Huffman codes most
/// significant bit first), to build the malformed streams an encoder never makes.
struct StreamBits {
  private(set) var bytes: [UInt8] = []
  private var used = 0

  /// Appends the low `count` bits of `value`, the lowest first (header fields, extra bits).
  mutating func put(_ value: Int, _ count: Int) {
    for bit in 0..<count { append(value >> bit & 1) }
  }

  /// Appends a `count`-bit Huffman code, its highest bit first.
  mutating func code(_ value: Int, _ count: Int) {
    for bit in (0..<count).reversed() { append(value >> bit & 1) }
  }

  private mutating func append(_ bit: Int) {
    if used % 8 == 0 { bytes.append(0) }
    bytes[bytes.count - 1] |= UInt8(bit) << (used % 8)
    used += 1
  }
}
