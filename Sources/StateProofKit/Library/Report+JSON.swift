import Foundation
import StateProofJSON
import StateProofSystem
import StateProofModel
import StateProofRender

extension Report {
  /// The largest `report.json` read back; a report of 1,000,000 files is well under it.
  static let maximumJSONBytes = 1 << 30
  /// What one `report.json` value may be: its strings (a screenshot embedded as a data: URI) are
  /// bounded by the file's size, its nesting by the strict reader's limit.
  static let jsonLimits = JSONLimits(maximumStringBytes: maximumJSONBytes)

  /// Reads a `report.json` back into the model it was encoded from, so a tool can post-process a
  /// report: ``jsonData()`` of the result gives the same bytes. Reads the schema version it
  /// knows (``currentSchemaVersion``); keys it does not know are ignored. The file is untrusted:
  /// it goes through the strict JSON reader, and an error names its line, column and key path.
  ///
  /// - Throws: ``StateProofError/reportJSON(file:reason:)`` naming `name` (the file, for
  ///   messages) when the bytes are not a StateProof report of this schema version.
  public init(json: Data, name: String = "report.json") throws(StateProofError) {
    var parser = JSONPullParser(bytes: json, limits: Self.jsonLimits)
    try self.init(reading: &parser, name: name)
  }

  /// Reads the `report.json` at `path` (see ``init(json:name:)``); at most 1 GB. The file is
  /// read as it is parsed, and its evidence list one file at a time, so its text is never held.
  public init(contentsOf path: String) throws(StateProofError) {
    let file = try InputFile.open(path, limit: Self.maximumJSONBytes, what: path)
    var parser = JSONPullParser(FileDescriptorSource(file.descriptor), limits: Self.jsonLimits)
    try self.init(reading: &parser, name: path)
    withExtendedLifetime(file) {}
  }

  /// The report `parser` reads: its `evidence` and `findings` (a report of a million files has
  /// a million of each) one element at a time, the rest whole.
  private init(reading parser: inout JSONPullParser, name: String) throws(StateProofError) {
    var evidence: [FileRecord] = []
    var findings: [Finding] = []
    // The first element that is not one waits for the schema version, which comes after it.
    var elementError: JSONDecodingError?
    let root: JSONNode
    do throws(JSONDecodingError) {
      root = try JSONDecoding.readObject(from: &parser, streaming: ["evidence", "findings"]) {
        (key: String, parser: inout JSONPullParser) throws(JSONDecodingError) in
        do throws(JSONDecodingError) {
          if key == "findings" {
            findings.append(try JSONDecoding.decodeNext(Finding.self, from: &parser))
            return
          }
          var record = try JSONDecoding.decodeNext(FileRecord.self, from: &parser)
          // One copy of a root for all its files, as the report that wrote them held it.
          if let root = evidence.last?.root, root.utf8.elementsEqual(record.root.utf8) { record.root = root }
          evidence.append(record)
        } catch {
          if case .invalid = error.reason { throw error }
          if elementError == nil { elementError = error }
        }
      }
    } catch {
      throw .reportJSON(file: name, reason: .malformed(JSONProblem(error)))
    }
    guard case .object(let members) = root.value, let versionNode = members["schemaVersion"],
      let version = try? JSONDecoding.decode(Int.self, from: versionNode)
    else {
      throw .reportJSON(file: name, reason: .noSchemaVersion)
    }
    guard version == Self.currentSchemaVersion else {
      throw .reportJSON(file: name, reason: .schemaVersion(found: version, supported: Self.currentSchemaVersion))
    }
    do throws(JSONDecodingError) {
      if let elementError { throw elementError }
      self = try JSONDecoding.decode(Report.self, from: root)
    } catch {
      throw .reportJSON(file: name, reason: .malformed(JSONProblem(error)))
    }
    self.evidence = evidence
    self.findings = findings
    AssetNames.name(&self)
  }

  /// The model as `report.json` holds it: every key, sorted, byte for byte what StateProof writes.
  public func jsonData() throws(StateProofError) -> Data {
    try ReportRun.json(self)
  }
}
