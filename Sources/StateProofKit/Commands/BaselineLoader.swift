import Foundation
import StateProofJSON
import StateProofMatch

/// Reads the `--baseline` report through the strict JSON reader (it is untrusted), passing over
/// its evidence list a file at a time, which a comparison does not use.
enum BaselineLoader {
  static func load(_ path: String) throws(StateProofError) -> (String, BaselineReport) {
    let file = try InputFile.open(path, limit: 1 << 30, what: "--baseline \(path)")
    defer { withExtendedLifetime(file) {} }
    var parser = JSONPullParser(JSONFileDescriptor(file.descriptor), limits: Report.jsonLimits)
    do throws(JSONDecodingError) {
      let root = try JSONDecoding.readObject(from: &parser, streaming: "evidence") {
        (parser: inout JSONPullParser) throws(JSONDecodingError) in try JSONDecoding.skipNext(from: &parser)
      }
      return (path, try JSONDecoding.decode(BaselineReport.self, from: root))
    } catch {
      throw .input("--baseline \(path): not a StateProof report.json: \(error)")
    }
  }
}
