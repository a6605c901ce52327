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
  package static func read(_ bytes: Data) -> Result<ImageHeader, Problem> {
    let bytes = [UInt8](bytes)
    guard !bytes.isEmpty else { return .failure(.empty) }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      return png(bytes)
    }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(bytes) }
    if HEIFBoxes.isHEIC(bytes) {
      // The size when the primary image's `ispe` is in the bytes read, else 0×0 (unknown).
      guard let size = HEIFBoxes.primarySize(bytes) else {
        return .success(ImageHeader(format: .heic, width: 0, height: 0))
      }
      return checked(.heic, width: size.width, height: size.height)
    }
    return .failure(.notAnImage)
  }

  private static func png(_ bytes: [UInt8]) -> Result<ImageHeader, Problem> {
    // Signature (8), IHDR length (4), type (4), data (13), CRC (4).
    guard bytes.count >= 33 else { return .failure(.truncated) }
    guard bytes[12..<16].elementsEqual(Array("IHDR".utf8)), bigEndian(bytes, at: 8) == 13 else {
      return .failure(.notAnImage)
    }
    guard CRC32.checksum(bytes[12..<29]) == UInt32(bigEndian(bytes, at: 29)) else {
      return .failure(.badChecksum)
    }
    return checked(.png, width: bigEndian(bytes, at: 16), height: bigEndian(bytes, at: 20))
  }

  private static func jpeg(_ bytes: [UInt8]) -> Result<ImageHeader, Problem> {
    var index = 2
    while index + 4 <= bytes.count {
      guard bytes[index] == 0xFF else { return .failure(.notAnImage) }
      let marker = bytes[index + 1]
      if marker == 0xFF {
        index += 1
        continue
      }
      if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
        index += 2
        continue
      }
      if marker == 0xD9 || marker == 0xDA { return .failure(.notAnImage) }
      let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
      guard length >= 2 else { return .failure(.notAnImage) }
      let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
      if isStartOfFrame {
        guard index + 9 <= bytes.count else { return .failure(.truncated) }
        let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
        let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
        return checked(.jpeg, width: width, height: height)
      }
      index += 2 + length
    }
    return .failure(.truncated)
  }

  private static func checked(_ format: ImageFormat, width: Int, height: Int) -> Result<
    ImageHeader, Problem
  > {
    guard (1...maximumDimension).contains(width), (1...maximumDimension).contains(height) else {
      return .failure(.badDimensions(width, height))
    }
    return .success(ImageHeader(format: format, width: width, height: height))
  }

  private static func bigEndian(_ bytes: [UInt8], at index: Int) -> Int {
    Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8
      | Int(bytes[index + 3])
  }
}
