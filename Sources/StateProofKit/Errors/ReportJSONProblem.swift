/// Why a `report.json` read back (a baseline, the one `verify` checks, ``Report/init(contentsOf:)``)
/// cannot be used.
public enum ReportJSONProblem: Sendable, Hashable {
  /// It has no `schemaVersion`, so it is not a StateProof report.
  case noSchemaVersion
  /// It is of a schema version this StateProof does not read.
  case schemaVersion(found: Int, supported: Int)
  /// It is not JSON, or a value is missing or of the wrong type.
  case malformed(JSONProblem)
  /// Its recorded `provenance.options.builtAt` cannot be read.
  case recordedBuiltAt(message: String)
  /// Its recorded `provenance.options.builds` names a platform StateProof does not know.
  case unknownPlatform(String)
  /// Read twice by `verify` (whole, then as a stream), it had other bytes the second time.
  case changedSinceRead
  /// Its evidence list is not in the order StateProof writes it (by evidence path, then path,
  /// each by its bytes): the record of `path` under `root` comes after one that sorts after it.
  case evidenceOutOfOrder(root: String, path: String)
}
