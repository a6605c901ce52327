import Foundation
import Mustache
import StateProofModel

/// The images `index.html` carries inside itself, by the SHA-256 of their bytes: the output stage
/// reads the bytes, the page gets each as a `data:` URI where the report marks a screenshot
/// `embedded` (`MatchedEvidence.embedded`), so the model never holds a URI.
package struct EmbeddedImages: Sendable {
  private var images: [String: (format: ImageFormat, bytes: Data)] = [:]

  package init() {}

  /// Carries `bytes`, an image in `format` whose SHA-256 is `sha256`.
  package mutating func add(_ bytes: Data, format: ImageFormat, sha256: String) {
    images[sha256] = (format, bytes)
  }

  /// Whether the image with this hash is carried.
  package func carries(sha256: String) -> Bool { images[sha256] != nil }

  /// `data:image/TYPE;base64,…` for the image with this hash; nil when it is not carried.
  package func uri(sha256: String) -> String? {
    guard let image = images[sha256] else { return nil }
    let type = image.format == .jpeg ? "jpeg" : image.format.rawValue
    return "data:image/\(type);base64,\(image.bytes.base64EncodedString())"
  }

  /// `model` (report.json's values) with each row's screenshot marked `embedded` holding the URI
  /// of the bytes the page shows for it (a HEIC's PNG, else the image) instead; one whose bytes
  /// are not carried is a link again.
  func apply(to model: TemplateValue) -> TemplateValue {
    guard !images.isEmpty, case .object(var members) = model else { return model }
    members["platforms"] = .list(
      (members["platforms"]?.items ?? []).map { platform in
        platform.adding([
          "rows": .list(
            (platform["rows"]?.items ?? []).map { row in
              row.adding([
                "evidence": .list(
                  (row["evidence"]?.items ?? []).map { item in
                    guard item["embedded"] == .bool(true) else { return item }
                    let sha = item["displaySha256"]?.text ?? item["sha256"]?.text
                    return item.adding(["embedded": sha.flatMap(uri).map(TemplateValue.string) ?? .null])
                  })
              ])
            })
        ])
      })
    return .object(members)
  }
}
