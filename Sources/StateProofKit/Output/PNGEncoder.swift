import StateProofArchive
import StateProofSystem

/// Writes 8-bit RGB or RGBA pixels as a PNG (ISO/IEC 15948): IHDR, one IDAT holding a zlib stream
/// (``ZlibEncoder``, StateProofArchive) of rows each with filter type 0, and
/// IEND; no other chunk (no time, no text), so the same pixels give the same bytes everywhere.
/// The HTML report shows HEIC screenshots as such a PNG.
package enum PNGEncoder {
  /// A PNG of `height` rows of `width` pixels, `channels` (3: RGB, 4: RGBA) bytes each, read from
  /// `pixels` where each row starts `stride` bytes after the one before.
  package static func encode(
    width: Int, height: Int, channels: Int, pixels: UnsafeRawBufferPointer, stride: Int
  ) -> [UInt8] {
    precondition(channels == 3 || channels == 4, "PNG here is RGB or RGBA")
    precondition(width > 0 && height > 0 && stride >= width * channels, "a row fits its stride")
    precondition(pixels.count >= stride * (height - 1) + width * channels, "the pixels hold every row")
    let rowBytes = width * channels
    let zlib = ZlibEncoder()
    let filter: [UInt8] = [0]
    for row in 0..<height {
      filter.withUnsafeBytes { zlib.write($0) }
      zlib.write(UnsafeRawBufferPointer(rebasing: pixels[(row * stride)..<(row * stride + rowBytes)]))
    }
    let stream = zlib.finish()

    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    // Width, height, bit depth 8, colour type 2 (RGB) or 6 (RGBA), deflate, filter 0, no interlace.
    let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, channels == 4 ? 6 : 2, 0, 0, 0]
    chunk("IHDR", header, into: &png)
    chunk("IDAT", stream, into: &png)
    chunk("IEND", [], into: &png)
    return png
  }

  private static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
    let typed = Array(type.utf8) + data
    var crc = CRC32()
    typed.withUnsafeBytes { crc.update($0) }
    png += bigEndian(UInt32(data.count)) + typed + bigEndian(crc.value)
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
      UInt8(truncatingIfNeeded: value),
    ]
  }
}
