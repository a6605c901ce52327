import Foundation
import StateProofModel
import StateProofRead
import StateProofSystem

/// Makes, for each HEIC screenshot a report's page shows, the PNG browsers can show
/// (``HEICDecoder``), in a temporary folder, and points the screenshot at it
/// (``MatchedEvidence/displaySha256``). The original HEIC stays the screenshot's asset, hashed
/// and bundled as before; the PNG is one more asset. A HEIC that cannot be decoded, or that no
/// longer has the hash it was read with, gets no PNG and stays a link.
struct HEICDisplay {
  /// Where each PNG's bytes are, by its SHA-256 (to add to the run's images).
  var images: [String: URL] = [:]
  /// The folder holding them, for the run to remove; nil when none was made.
  var folder: URL?
  /// Why each HEIC (by SHA-256) got no PNG.
  var failures: [String: String] = [:]

  /// HEIC files larger than this are not decoded (a screenshot is a few MB at most).
  static let maximumBytes = 64 << 20
  /// Images up to this many pixels (a phone screenshot) decode on every core at once; larger
  /// ones, or ones whose header gives no size, one at a time, through ``largeImageGate``.
  static let smallPixels = 4 << 20
  /// The memory gate: held while a large image decodes.
  static let largeImageGate = NSLock()

  /// Converts every distinct HEIC screenshot in `report`'s rows, one per core.
  static func make(for report: inout Report, images: [String: URL]) -> HEICDisplay {
    var display = HEICDisplay()
    let heic = Set(
      report.platforms.flatMap(\.rows).flatMap(\.evidence).compactMap { item in
        item.kind == .screenshot && item.format == .heic ? item.sha256 : nil
      }
    ).sorted()
    guard !heic.isEmpty else { return display }
    // In this run's locked scratch folder, so a later run removes it if this one is killed.
    let folder: URL
    do {
      folder = try ScratchFolder.make("display")
    } catch {
      for sha in heic { display.failures[sha] = "no temporary folder for the PNG: \(error)" }
      return display
    }
    InterruptCleanup.shared.register(folder.path)
    display.folder = folder
    let results = ConcurrentMap.map(heic, cost: { _ in 0 }) { sha in
      (sha, convert(images[sha], sha256: sha, into: folder))
    }
    var converted: [String: (sha: String, width: Int, height: Int)] = [:]
    for (sha, result) in results {
      switch result {
      case .success(let png):
        converted[sha] = (png.sha, png.width, png.height)
        display.images[png.sha] = png.url
      case .failure(let failure):
        display.failures[sha] = failure.reason
      }
    }
    for platform in report.platforms.indices {
      for row in report.platforms[platform].rows.indices {
        for index in report.platforms[platform].rows[row].evidence.indices {
          let item = report.platforms[platform].rows[row].evidence[index]
          guard item.kind == .screenshot, item.format == .heic, let sha = item.sha256 else { continue }
          guard let png = converted[sha] else {
            report.platforms[platform].rows[row].evidence[index].displayProblem = display.failures[sha]
            continue
          }
          report.platforms[platform].rows[row].evidence[index].displaySha256 = png.sha
          AssetNames.name(&report.platforms[platform].rows[row].evidence[index])
          // A HEIC whose header did not give its size takes the decoded one.
          if (item.width ?? 0) == 0 || (item.height ?? 0) == 0 {
            report.platforms[platform].rows[row].evidence[index].width = png.width
            report.platforms[platform].rows[row].evidence[index].height = png.height
          }
        }
      }
    }
    return display
  }

  private struct Converted {
    var sha: String
    var url: URL
    var width: Int
    var height: Int
  }

  /// The pixels `data`'s header declares (0 when it gives none); a failure above the limit.
  static func declaredPixels(_ data: Data) -> Result<Int, HEICDecoder.Failure> {
    guard let declared = try? ImageHeader.read(data.prefix(EvidenceReader.imageHeaderBytes)) else { return .success(0) }
    let pixels = declared.width * declared.height
    guard pixels <= HEICDecoder.maximumPixels else {
      return .failure(
        HEICDecoder.Failure(
          reason:
            "it is \(declared.width)×\(declared.height) pixels, above the \(HEICDecoder.maximumPixels >> 20)-megapixel limit for showing it"
        ))
    }
    return .success(pixels)
  }

  /// Decodes the HEIC at `url` (which must still have `sha256`) and writes its PNG into `folder`.
  private static func convert(_ url: URL?, sha256: String, into folder: URL) -> Result<Converted, HEICDecoder.Failure> {
    guard let url else { return .failure(HEICDecoder.Failure(reason: "its file is not known")) }
    let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
    guard size <= maximumBytes else {
      return .failure(HEICDecoder.Failure(reason: "it is larger than \(maximumBytes >> 20) MB"))
    }
    guard let data = try? Data(contentsOf: url), SHA256.hex(of: data) == sha256 else {
      return .failure(HEICDecoder.Failure(reason: "it can no longer be read with the hash it was read with"))
    }
    // The size its header declares decides before anything is decoded: above the pixel limit it
    // stays a link, and a large one waits for the gate, so one large decode runs at a time.
    let pixels: Int
    switch declaredPixels(data) {
    case .success(let count): pixels = count
    case .failure(let failure): return .failure(failure)
    }
    let decoded =
      pixels > 0 && pixels <= smallPixels
      ? HEICDecoder.png(from: data) : largeImageGate.withLock { HEICDecoder.png(from: data) }
    return decoded.flatMap { image in
      let bytes = Data(image.png)
      guard let sha = SHA256.hex(of: bytes) else {
        return .failure(HEICDecoder.Failure(reason: "the PNG cannot be hashed"))
      }
      let target = folder.appendingPathComponent("\(sha).png")
      do {
        try bytes.write(to: target)
      } catch {
        return .failure(HEICDecoder.Failure(reason: "the PNG cannot be written: \(error.localizedDescription)"))
      }
      return .success(Converted(sha: sha, url: target, width: image.width, height: image.height))
    }
  }
}
