import Foundation
import StateProofModel
import StateProofRender

extension Report {
  /// The largest `report.json` read back; a report of 100,000 files is well under it.
  static let maximumJSONBytes = 1 << 30

  /// Reads a `report.json` back into the model it was encoded from, so a tool can post-process a
  /// report: ``jsonData()`` of the result gives the same bytes. Reads the schema version it
  /// knows (``currentSchemaVersion``); keys it does not know are ignored.
  ///
  /// - Throws: ``StateProofError/reportJSON(file:reason:)`` naming `name` (the file, for
  ///   messages) when the bytes are not a StateProof report of this schema version.
  public init(json: Data, name: String = "report.json") throws(StateProofError) {
    struct Version: Decodable { var schemaVersion: Int? }
    let decoder = JSONDecoder()
    guard let version = try? decoder.decode(Version.self, from: json).schemaVersion else {
      throw .reportJSON(file: name, reason: .noSchemaVersion)
    }
    guard version == Self.currentSchemaVersion else {
      throw .reportJSON(file: name, reason: .schemaVersion(found: version, supported: Self.currentSchemaVersion))
    }
    do {
      self = try decoder.decode(Report.self, from: json)
      AssetNames.name(&self)
    } catch let error as DecodingError {
      throw .reportJSON(
        file: name,
        reason: .malformed(JSONProblem(keyPath: error.keyPath, message: error.summary)))
    } catch {
      throw .reportJSON(file: name, reason: .malformed(JSONProblem(message: "\(error)")))
    }
  }

  /// Reads the `report.json` at `path` (see ``init(json:name:)``); at most 1 GB.
  public init(contentsOf path: String) throws(StateProofError) {
    try self.init(json: try InputFile.read(path, limit: Self.maximumJSONBytes, what: path), name: path)
  }

  /// The model as `report.json` holds it: every key, sorted, byte for byte what StateProof writes.
  public func jsonData() throws(StateProofError) -> Data {
    try ReportRun.json(self)
  }
}
