/// What a discovered file holds, decided from its content rather than its name.
public enum FileKind: String, Codable, Sendable, CaseIterable {
  /// JUnit XML (root `testsuites` or `testsuite`).
  case junit
  /// Text holding dumpsys permission lines, e.g. the seed script's output.
  case seedLog = "seed-log"
  /// JSON lines written by `stateproof seed-check --record`.
  case seedRecord = "seed-record"
  /// An image (PNG, JPEG, HEIC), or a file named like one.
  case screenshot
  /// An `xcresulttool export attachments` manifest.
  case attachmentManifest = "attachment-manifest"
  /// A StateProof configuration file found among the evidence.
  case config
  /// StateProof's own output (its `report.json`, `junit.xml`, or a folder it wrote), found among
  /// the evidence: listed as ignored, never read, so a report cannot prove itself.
  case stateproofReport = "stateproof-report"
  /// A file that is none of the above; listed, never an error.
  case other
}
