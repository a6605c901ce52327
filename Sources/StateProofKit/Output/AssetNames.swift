import StateProofDiscover
import StateProofModel

/// Names the files a report folder keeps screenshots in (`assets/SHA256.EXT`, one per distinct
/// image however many rows show it) on the model's screenshots: the model holds the names, the
/// output stage decides them, from the hash and format alone.
enum AssetNames {
  /// Names the ``MatchedEvidence/asset`` and ``MatchedEvidence/display`` of every screenshot in
  /// `report`, its rows' and its receipts'.
  static func name(_ report: inout Report) {
    for platform in report.platforms.indices {
      for row in report.platforms[platform].rows.indices {
        for index in report.platforms[platform].rows[row].evidence.indices {
          name(&report.platforms[platform].rows[row].evidence[index])
        }
      }
      for index in report.platforms[platform].receipt.evidence.indices {
        name(&report.platforms[platform].receipt.evidence[index])
      }
    }
  }

  /// The image's copy, and what the page shows: the copy itself, or for a format browsers cannot
  /// show the PNG made from it (when there is one); both nil for anything but a hashed screenshot.
  static func name(_ item: inout MatchedEvidence) {
    guard item.kind == .screenshot, let sha256 = item.sha256, let format = item.format else {
      item.asset = nil
      item.display = nil
      return
    }
    let asset = path(sha256: sha256, format: format)
    item.asset = asset
    item.display = format.isShownInline ? asset : item.displaySha256.map { path(sha256: $0, format: .png) }
  }

  /// `assets/SHA256.EXT`: one file per distinct image however many rows show it (the shape
  /// ``ReportMarker/isReportFile(_:)`` recognises).
  static func path(sha256: String, format: ImageFormat) -> String {
    "\(ReportMarker.assetsFolder)/\(sha256).\(format.fileExtension)"
  }
}
