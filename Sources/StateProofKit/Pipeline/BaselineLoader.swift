import Foundation
import StateProofJSON
import StateProofSystem
import StateProofMatch

/// Reads the `--baseline` report through the strict JSON reader (it is untrusted): its findings
/// one at a time, its evidence list passed over (a comparison does not use it).
enum BaselineLoader {
  static func load(_ path: String) throws(StateProofError) -> (String, BaselineReport) {
    let file = try InputFile.open(path, limit: 1 << 30, what: "--baseline \(path)")
    defer { withExtendedLifetime(file) {} }
    var parser = JSONPullParser(FileDescriptorSource(file.descriptor), limits: Report.jsonLimits)
    do throws(JSONDecodingError) {
      var findings: [Finding] = []
      let root = try JSONDecoding.readObject(from: &parser, streaming: ["evidence", "findings"]) {
        (key: String, parser: inout JSONPullParser) throws(JSONDecodingError) in
        guard key == "findings" else { return try JSONDecoding.skipNext(from: &parser) }
        findings.append(try JSONDecoding.decodeNext(Finding.self, from: &parser))
      }
      var baseline = try JSONDecoding.decode(BaselineReport.self, from: root)
      baseline.findings = findings
      return (path, baseline)
    } catch {
      throw .baseline(file: path, reason: .malformed(JSONProblem(error)))
    }
  }
}
