import Foundation
import StateProofModel
import StateProofSystem

/// Format and size read from an image's first bytes; nothing is decoded.
package struct ImageHeader: Sendable, Hashable {
  package var format: ImageFormat
  package var width: Int
  package var height: Int

  /// Larger than any phone or tablet screen by far; a header claiming more is lying.
  package static let maximumDimension = 32_768

  package enum Problem: Error, Equatable, CustomStringConvertible {
    case empty
    case notAnImage
    case truncated
    case badChecksum
    case badDimensions(Int, Int)

    package var description: String {
      switch self {
      case .empty: "the file is empty"
      case .notAnImage: "not a PNG, JPEG or HEIC image (the header says otherwise)"
      case .truncated: "the image header is cut short"
      case .badChecksum: "the PNG header chunk fails its CRC check"
      case .badDimensions(let width, let height): "implausible dimensions \(width)×\(height)"
      }
    }
  }

  /// Reads the header from the first bytes of a file (64 KiB is plenty for JPEG's SOF).
  package static func read(_ bytes: Data) throws(Problem) -> ImageHeader {
    let bytes = [UInt8](bytes)
    guard !bytes.isEmpty else { throw .empty }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      return try png(bytes)
    }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try jpeg(bytes) }
    if HEIFBoxes.isHEIC(bytes) {
      // The size when the primary image's `ispe` is in the bytes read, else 0×0 (unknown).
      guard let size = HEIFBoxes.primarySize(bytes) else {
        return ImageHeader(format: .heic, width: 0, height: 0)
      }
      return try checked(.heic, width: size.width, height: size.height)
    }
    throw .notAnImage
  }

  private static func png(_ bytes: [UInt8]) throws(Problem) -> ImageHeader {
    // Signature (8), IHDR length (4), type (4), data (13), CRC (4).
    guard bytes.count >= 33 else { throw .truncated }
    guard bytes[12..<16].elementsEqual(Array("IHDR".utf8)), bigEndian(bytes, at: 8) == 13 else {
      throw .notAnImage
    }
    guard CRC32.checksum(bytes[12..<29]) == UInt32(bigEndian(bytes, at: 29)) else {
      throw .badChecksum
    }
    return try checked(.png, width: bigEndian(bytes, at: 16), height: bigEndian(bytes, at: 20))
  }

  private static func jpeg(_ bytes: [UInt8]) throws(Problem) -> ImageHeader {
    var index = 2
    while index + 4 <= bytes.count {
      guard bytes[index] == 0xFF else { throw .notAnImage }
      let marker = bytes[index + 1]
      if marker == 0xFF {
        index += 1
        continue
      }
      if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
        index += 2
        continue
      }
      if marker == 0xD9 || marker == 0xDA { throw .notAnImage }
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      guard length >= 2 else { throw .notAnImage }
      let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
      if isStartOfFrame {
        guard index + 9 <= bytes.count else { throw .truncated }
        let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
        let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
        return try checked(.jpeg, width: width, height: height)
      }
      index += 2 + length
    }
    throw .truncated
  }

  private static func checked(_ format: ImageFormat, width: Int, height: Int) throws(Problem) -> ImageHeader {
    guard (1...maximumDimension).contains(width), (1...maximumDimension).contains(height) else {
      throw .badDimensions(width, height)
    }
    return ImageHeader(format: format, width: width, height: height)
  }

  private static func bigEndian(_ bytes: [UInt8], at index: Int) -> Int {
    Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8
      | Int(bytes[index + 3])
  }
}
