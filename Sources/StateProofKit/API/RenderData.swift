import Foundation
import Mustache
import StateProofJSON

/// The data `stateproof render` fills a template with: any JSON document, read by the strict
/// reader because it is untrusted input (a file or standard input). SPI: the command's own.
@_spi(CLI) public enum RenderData {
  /// `json` as template values; `file` names it in the error (`standard input` for `-`).
  public static func value(json: Data, file: String) throws(StateProofError) -> TemplateValue {
    do throws(JSONDecodingError) {
      return try JSONDecoding.decode(TemplateValue.self, from: json)
    } catch {
      throw .renderData(file: file, problem: JSONProblem(error))
    }
  }
}
