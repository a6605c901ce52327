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

  /// What a row's screenshot marked `embedded` holds on the page: the URI of the bytes it shows
  /// (a HEIC's PNG, else the image), or null when they are not carried, so it is a link again;
  /// nil (report.json's value stays) for evidence not marked, or when no image is carried.
  func embedded(_ item: MatchedEvidence) -> TemplateValue? {
    guard !images.isEmpty, item.embedded == true else { return nil }
    return (item.displaySha256 ?? item.sha256).flatMap(uri).map(TemplateValue.string) ?? .null
  }
}
