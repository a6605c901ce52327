import Foundation

/// Small real PNG headers for report tests: a signature, an IHDR chunk with its CRC, then a
/// chunk holding `tag`, so images with different tags have different SHA-256s.
enum TestImage {
  static func png(width: UInt32 = 360, height: UInt32 = 720, tag: String) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    for value in [width, height] { header += withUnsafeBytes(of: value.bigEndian, Array.init) }
    bytes += chunk("IHDR", header + [8, 6, 0, 0, 0])
    bytes += chunk("tEXt", Array("Comment\0\(tag)".utf8))
    bytes += chunk("IEND", [])
    return Data(bytes)
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body
      + withUnsafeBytes(of: crc32(body).bigEndian, Array.init)
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}
