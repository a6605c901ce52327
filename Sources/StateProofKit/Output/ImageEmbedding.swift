import Foundation
import StateProofModel
import StateProofSystem
import StateProofRender

/// Which screenshots `index.html` carries inside itself as `data:` URIs instead of loading them
/// from `assets/`: none (the default, so large reports stay small), those under a size
/// (`--embed-max-bytes N`), or all (`--single-file`). `assets/` is written either way, for
/// `report.json` and for links.
public enum ImageEmbedding: Sendable, Equatable {
  /// None: every screenshot loads from `assets/` (the default).
  case none
  /// Images smaller than this many bytes.
  case below(Int)
  /// Every image: the page works on its own.
  case all

  /// Above this, a `--single-file` report gets a warning: browsers and mail systems choke on it.
  package static let singleFileWarningBytes = 20 << 20

  /// The report `index.html` renders from, and the bytes it carries: the first screenshot of
  /// each embedded image is marked `embedded` (the page shows the bytes there), later ones with
  /// the same bytes `embeddedElsewhere` (the page shows that one again), and `asset` stays the
  /// link to the full-size file. `images` gives each image's file (and each PNG made from a HEIC)
  /// by SHA-256; an image that cannot be read, or no longer has that hash, stays a link.
  package func apply(to report: Report, images: [String: URL]) -> (report: Report, images: EmbeddedImages) {
    guard self != .none else { return (report, EmbeddedImages()) }
    var formats: [String: ImageFormat] = [:]
    // What the page shows: the image, or the PNG made from a HEIC (one that could not be
    // converted is only linked, so never embedded).
    for item in report.platforms.flatMap(\.rows).flatMap(\.evidence) where item.asset != nil && item.inline == true {
      if let sha = Self.shown(item), let format = item.displaySha256 == nil ? item.format : .png {
        formats[sha] = format
      }
    }
    var carried = EmbeddedImages()
    for (sha, format) in formats {
      if let url = images[sha], let bytes = bytes(url, sha256: sha) { carried.add(bytes, format: format, sha256: sha) }
    }
    // Each image's bytes go into the page once, on its first screenshot in page order.
    var placed: Set<String> = []
    var embedded = report
    for platform in embedded.platforms.indices {
      for row in embedded.platforms[platform].rows.indices {
        for index in embedded.platforms[platform].rows[row].evidence.indices {
          guard let sha = Self.shown(embedded.platforms[platform].rows[row].evidence[index]),
            carried.carries(sha256: sha)
          else { continue }
          if placed.insert(sha).inserted {
            embedded.platforms[platform].rows[row].evidence[index].embedded = true
          } else {
            embedded.platforms[platform].rows[row].evidence[index].embeddedElsewhere = true
          }
        }
      }
    }
    return (embedded, carried)
  }

  /// The SHA-256 of the bytes the page shows for `item`: the PNG made from a HEIC, else the image.
  private static func shown(_ item: MatchedEvidence) -> String? { item.displaySha256 ?? item.sha256 }

  /// The image's bytes, when the options embed an image of its size and it still has its hash.
  private func bytes(_ url: URL, sha256: String) -> Data? {
    if case .below(let limit) = self {
      guard let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size < limit
      else { return nil }
    }
    // A file changed since it was hashed is not embedded; copying it into assets/ then fails.
    guard let data = try? Data(contentsOf: url), SHA256.hex(of: data) == sha256 else { return nil }
    return data
  }
}
