import StateProofArchive

/// The PNG a report page shows for a HEIC screenshot, made at the size the page shows it
/// (``width`` pixels wide at most, the original HEIC staying the hashed asset): encoding a
/// 12-megapixel PNG took most of a bundle's run, and the page never shows it that large.
enum DisplayScale {
  /// The widest a shown screenshot is drawn (the page's screenshot column, doubled for sharp
  /// screens).
  static let width = 480

  /// `pixels` (`channels` bytes a pixel, rows `stride` apart) as a PNG at most ``width`` wide,
  /// averaged box by box when it is wider.
  static func png(width: Int, height: Int, channels: Int, pixels: UnsafeRawBufferPointer, stride: Int) -> [UInt8] {
    guard width > Self.width else {
      return PNGEncoder.encode(width: width, height: height, channels: channels, pixels: pixels, stride: stride)
    }
    let outWidth = Self.width
    let outHeight = max(1, (height * outWidth + width / 2) / width)
    var scaled = [UInt8](repeating: 0, count: outWidth * outHeight * channels)
    var sums = [Int](repeating: 0, count: outWidth * channels)
    var counts = [Int](repeating: 0, count: outWidth)
    // Each source column's output column, computed once.
    let column = (0..<width).map { $0 * outWidth / width }
    var row = 0
    for outRow in 0..<outHeight {
      let end = min(height, (outRow + 1) * height / outHeight)
      for index in sums.indices { sums[index] = 0 }
      for index in counts.indices { counts[index] = 0 }
      // At least one source row per output row, fixed before the loop moves `row`.
      let last = min(height, max(end, row + 1))
      while row < last {
        let start = row * stride
        for x in 0..<width {
          let out = column[x]
          counts[out] += 1
          for channel in 0..<channels { sums[out * channels + channel] += Int(pixels[start + x * channels + channel]) }
        }
        row += 1
      }
      for x in 0..<outWidth where counts[x] > 0 {
        for channel in 0..<channels {
          scaled[(outRow * outWidth + x) * channels + channel] = UInt8(sums[x * channels + channel] / counts[x])
        }
      }
    }
    return scaled.withUnsafeBytes {
      PNGEncoder.encode(width: outWidth, height: outHeight, channels: channels, pixels: $0, stride: outWidth * channels)
    }
  }
}
