import Foundation
import StateProofModel

/// Which screenshots `index.html` carries inside itself as `data:` URIs instead of loading them
/// from `assets/`: none (the default, so large reports stay small), those under a size
/// (`--embed-max-bytes N`), or all (`--single-file`). `assets/` is written either way, for
/// `report.json` and for links.
package enum ImageEmbedding: Sendable, Equatable {
  case none
  /// Images smaller than this many bytes.
  case below(Int)
  case all

  /// Above this, a `--single-file` report gets a warning: browsers and mail systems choke on it.
  package static let singleFileWarningBytes = 20 << 20

  /// The report `index.html` renders from: each embedded image's `asset` becomes a `data:` URI.
  /// `images` gives each image's file by SHA-256; an image that cannot be read stays a link.
  package func apply(to report: Report, images: [String: URL]) -> Report {
    guard self != .none else { return report }
    var formats: [String: ImageFormat] = [:]
    for item in report.platforms.flatMap(\.rows).flatMap(\.evidence) where item.asset != nil {
      if let sha = item.sha256, let format = item.format { formats[sha] = format }
    }
    var uris: [String: String] = [:]
    for (sha, format) in formats {
      if let url = images[sha], let uri = dataURI(url, format: format) { uris[sha] = uri }
    }
    var embedded = report
    for platform in embedded.platforms.indices {
      for row in embedded.platforms[platform].rows.indices {
        for index in embedded.platforms[platform].rows[row].evidence.indices {
          let sha = embedded.platforms[platform].rows[row].evidence[index].sha256
          if let uri = sha.flatMap({ uris[$0] }) {
            embedded.platforms[platform].rows[row].evidence[index].asset = uri
          }
        }
      }
    }
    return embedded
  }

  private func dataURI(_ url: URL, format: ImageFormat) -> String? {
    if case .below(let limit) = self {
      guard let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size < limit
      else { return nil }
    }
    guard let data = try? Data(contentsOf: url) else { return nil }
    let type = format == .jpeg ? "jpeg" : format.rawValue
    return "data:image/\(type);base64,\(data.base64EncodedString())"
  }
}
