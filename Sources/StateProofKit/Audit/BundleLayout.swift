import StateProofModel
import StateProofSystem

/// Where an evidence bundle (`report --bundle`) keeps things: the report folder under `report/`,
/// each evidence path under `evidence/` by the path the report records for it, and the templates
/// under `templates/`, so `stateproof verify report` works after unpacking.
package enum BundleLayout {
  package static let reportFolder = "report"
  package static let evidenceFolder = "evidence"
  /// The templates the report was made with: the shipped set whole, and the `--templates` files
  /// that replaced shipped ones, so `verify` can make the pages again with another StateProof
  /// install's templates.
  package static let templatesFolder = "templates"
  package static let shippedTemplatesFolder = "templates/shipped"
  package static let overrideTemplatesFolder = "templates/overrides"

  /// The folder, relative to `evidence/`, an evidence path as the report records it is packed
  /// under: its components without `/`, `.` and empty ones, `..` spelled `_parent` so nothing
  /// leaves the bundle. `../ci/out` is `_parent/ci/out`, `/builds/42` is `builds/42`; the
  /// current folder itself (`.`) is `_current`.
  package static func folder(forRoot root: String) -> String {
    let parts = PathBytes.components(root).compactMap { part -> String? in
      switch part {
      case "", ".": nil
      case "..": "_parent"
      default: part
      }
    }
    return parts.isEmpty ? "_current" : parts.joined(separator: "/")
  }
}
