import StateProofModel
import StateProofEvidence

/// Collects what one row's evidence showed (on one device, or on all), then decides the row's
/// status from it: failing when something present is bad, incomplete when something required is
/// absent, covered otherwise. Warnings never change the status.
struct RowCheck {
  let row: MatrixRow
  /// The release device this check is about; nil when evidence from every device counts.
  let device: String?
  var evidence: [MatchedEvidence] = []
  /// Whether a test ran on a release device: its failures are named before others'.
  var isOnReleaseDevice: (TestExecution) -> Bool = { _ in false }
  private(set) var findings: [Finding] = []
  private var hasBad = false
  private var hasMissing = false

  init(row: MatrixRow, device: String? = nil) {
    self.row = row
    self.device = device
  }

  /// Evidence exists but does not hold (a failed test, a seed that did not take).
  mutating func bad(_ code: FindingCode, _ message: String, files: [String] = []) {
    hasBad = true
    add(code, .error, message, files: files)
  }

  /// Required evidence is absent.
  mutating func missing(_ code: FindingCode, _ message: String, files: [String] = []) {
    hasMissing = true
    add(code, .error, message, files: files)
  }

  /// Something a reader should know that does not change the row's status.
  mutating func warn(_ code: FindingCode, _ message: String, files: [String] = []) {
    add(code, .warning, message, files: files)
  }

  var status: RowStatus { hasBad ? .failing : hasMissing ? .incomplete : .covered }

  private mutating func add(
    _ code: FindingCode, _ severity: Severity, _ message: String, files: [String]
  ) {
    let text = device.map { "On \($0): \(message)" } ?? message
    findings.append(
      Finding(
        code: code, severity: severity, row: row.id, device: device, message: text, files: Array(Set(files))))
  }
}
