import Foundation
import StateProofMatch

/// Reads the `--baseline` report.
enum BaselineLoader {
  static func load(_ path: String) throws(StateProofError) -> (String, BaselineReport) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .input("--baseline \(path): cannot read the file")
    }
    do {
      return (path, try JSONDecoder().decode(BaselineReport.self, from: data))
    } catch {
      throw .input("--baseline \(path): not a StateProof report.json (\(error))")
    }
  }
}
