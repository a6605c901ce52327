/// The CRC-32 of ISO 3309 / ITU-T V.42 (polynomial 0xEDB88320) that gzip's trailer (RFC 1952,
/// section 8) and PNG's chunks carry, computed a table lookup per byte.
package struct CRC32 {
  /// The checksum of the bytes so far.
  package private(set) var value: UInt32 = 0

  private static let table: [UInt32] = (0..<256).map { index in
    (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
  }

  package init() {}

  package mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var crc = ~value
    Self.table.withUnsafeBufferPointer { table in
      for byte in bytes {
        crc = table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8)
      }
    }
    value = ~crc
  }

  /// The checksum of `bytes` alone.
  package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
    var crc = CRC32()
    Array(bytes).withUnsafeBytes { crc.update($0) }
    return crc.value
  }
}
