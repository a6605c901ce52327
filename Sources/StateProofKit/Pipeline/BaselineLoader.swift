import Foundation
import StateProofMatch

/// Reads the `--baseline` report.
enum BaselineLoader {
  static func load(_ path: String) throws(StateProofError) -> (String, BaselineReport) {
    let data = try InputFile.read(path, limit: 1 << 30, what: "--baseline \(path)")
    do {
      return (path, try JSONDecoder().decode(BaselineReport.self, from: data))
    } catch {
      throw .baseline(file: path, reason: .malformed(JSONProblem(message: "\(error)")))
    }
  }
}
