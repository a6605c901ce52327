import Foundation
import Mustache
import StateProofJSON
import StateProofSystem

/// The data `stateproof render` fills a template with: any JSON document, read by the strict
/// reader because it is untrusted input (a file or standard input). SPI: the command's own.
@_spi(CLI) public enum RenderData {
  /// The template file at `path`: its name, which picks its escaping (`*.md.mustache` is
  /// Markdown) and names it in errors, and the folder its partials are read from by default.
  /// Taken apart by the one path helper (`PathBytes`), so `t`, `./t` and `a/t/` all work.
  public static func template(at path: String) -> (name: String, folder: String) {
    (PathBytes.lastComponent(of: path), PathBytes.parent(of: path))
  }

  /// `json` as template values; `file` names it in the error (`standard input` for `-`).
  public static func value(json: Data, file: String) throws(StateProofError) -> TemplateValue {
    do throws(JSONDecodingError) {
      return try JSONDecoding.decode(TemplateValue.self, from: json)
    } catch {
      throw .renderData(file: file, problem: JSONProblem(error))
    }
  }
}
