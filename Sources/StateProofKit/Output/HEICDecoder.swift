import Foundation

#if canImport(ImageIO)
  import CoreGraphics
  import ImageIO
#else
  import COptionalLibraries
  import StateProofSystem
#endif

/// The one boundary to a HEIC decoder: libheif on Linux (opened at run time, ``HeifLibrary``),
/// ImageIO on macOS. It turns a HEIC image's primary picture into a PNG at display size
/// (``DisplayScale``) the HTML report can show; anything it
/// cannot decode is an error saying why, never a crash.
enum HEICDecoder {
  /// Why a HEIC image could not be turned into a PNG.
  struct Failure: Error, Equatable, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }

  /// More pixels than any phone or tablet screenshot (16 MP): not decoded, so one decode stays
  /// well under the run's memory budget.
  static let maximumPixels = 16 << 20

  /// A decoded image as PNG bytes (at display size), and its own size.
  struct Image {
    var png: [UInt8]
    var width: Int
    var height: Int
  }

  /// The PNG of `data`'s primary image.
  static func png(from data: Data) -> Result<Image, Failure> {
    data.withUnsafeBytes { bytes in
      guard bytes.count > 0 else { return .failure(Failure(reason: "the file is empty")) }
      return decode(bytes)
    }
  }

  private static func checked(width: Int, height: Int) -> Failure? {
    guard width > 0, height > 0, width <= 32_768, height <= 32_768, width * height <= maximumPixels else {
      return Failure(reason: "implausible dimensions \(width)×\(height)")
    }
    return nil
  }

  #if canImport(ImageIO)
    private static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<Image, Failure> {
      guard let data = CFDataCreate(nil, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count),
        let source = CGImageSourceCreateWithData(data, nil), CGImageSourceGetCount(source) > 0,
        let image = CGImageSourceCreateImageAtIndex(source, 0, nil)
      else { return .failure(Failure(reason: "ImageIO cannot decode it")) }
      let width = image.width
      let height = image.height
      if let failure = checked(width: width, height: height) { return .failure(failure) }
      let stride = width * 4
      var pixels = [UInt8](repeating: 0, count: stride * height)
      let drawn = pixels.withUnsafeMutableBytes { raw -> Bool in
        guard
          let context = CGContext(
            data: raw.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: stride,
            space: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)
        else { return false }
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        return true
      }
      guard drawn else { return .failure(Failure(reason: "ImageIO cannot draw it")) }
      // RGBX to RGB.
      var rgb = [UInt8](repeating: 0, count: width * 3 * height)
      for pixel in 0..<(width * height) {
        rgb[pixel * 3] = pixels[pixel * 4]
        rgb[pixel * 3 + 1] = pixels[pixel * 4 + 1]
        rgb[pixel * 3 + 2] = pixels[pixel * 4 + 2]
      }
      let png = rgb.withUnsafeBytes {
        DisplayScale.png(width: width, height: height, channels: 3, pixels: $0, stride: width * 3)
      }
      return .success(Image(png: png, width: width, height: height))
    }
  #else
    private static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<Image, Failure> {
      guard let heif = HeifLibrary.shared else {
        return .failure(Failure(reason: "libheif is not installed here (install \(OptionalLibrary.heif.package))"))
      }
      guard let context = heif.contextAlloc() else { return .failure(Failure(reason: "libheif cannot start")) }
      defer { heif.contextFree(context) }
      if let failure = failure(heif.readFromMemory(context, bytes.baseAddress, bytes.count, nil)) {
        return .failure(failure)
      }
      var handle: UnsafeMutableRawPointer?
      if let failure = failure(heif.primaryImageHandle(context, &handle)) { return .failure(failure) }
      guard let handle else { return .failure(Failure(reason: "it has no primary image")) }
      defer { heif.handleRelease(handle) }
      if let failure = checked(width: Int(heif.handleWidth(handle)), height: Int(heif.handleHeight(handle))) {
        return .failure(failure)
      }
      let alpha = heif.handleHasAlpha(handle) != 0
      var image: UnsafeMutableRawPointer?
      let chroma = alpha ? sp_heif_chroma_interleaved_rgba : sp_heif_chroma_interleaved_rgb
      if let failure = failure(
        heif.decodeImage(handle, &image, Int32(sp_heif_colorspace_rgb), Int32(chroma), nil))
      {
        return .failure(failure)
      }
      guard let image else { return .failure(Failure(reason: "libheif gave no image")) }
      defer { heif.imageRelease(image) }
      let channel = Int32(sp_heif_channel_interleaved)
      let width = Int(heif.imageWidth(image, channel))
      let height = Int(heif.imageHeight(image, channel))
      if let failure = checked(width: width, height: height) { return .failure(failure) }
      var stride: Int32 = 0
      guard let plane = heif.planeReadonly(image, channel, &stride), stride > 0 else {
        return .failure(Failure(reason: "libheif gave no pixels"))
      }
      let channels = alpha ? 4 : 3
      guard Int(stride) >= width * channels else { return .failure(Failure(reason: "libheif gave short rows")) }
      let pixels = UnsafeRawBufferPointer(start: plane, count: Int(stride) * (height - 1) + width * channels)
      let png = DisplayScale.png(width: width, height: height, channels: channels, pixels: pixels, stride: Int(stride))
      return .success(Image(png: png, width: width, height: height))
    }

    /// libheif's error as a failure; nil when it says all is well.
    private static func failure(_ error: sp_heif_error) -> Failure? {
      guard error.code != Int32(sp_heif_error_ok) else { return nil }
      let message = error.message.map { String(cString: $0) } ?? "error \(error.code)"
      return Failure(reason: "libheif cannot decode it: \(message)")
    }
  #endif
}
