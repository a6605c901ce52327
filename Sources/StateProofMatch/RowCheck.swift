import StateProofModel

/// Collects what one row's evidence showed, then decides the row's status from it:
/// failing when something present is bad, incomplete when something required is absent.
struct RowCheck {
  let row: MatrixRow
  var evidence: [MatchedEvidence] = []
  private var findings: [Finding] = []
  private var hasBad = false
  private var hasMissing = false

  init(row: MatrixRow) {
    self.row = row
  }

  /// Evidence exists but does not hold (a failed test, a seed that did not take).
  mutating func bad(_ code: FindingCode, _ message: String, files: [String] = []) {
    hasBad = true
    findings.append(Finding(code: code, severity: .error, row: row.id, message: message, files: files))
  }

  /// Required evidence is absent.
  mutating func missing(_ code: FindingCode, _ message: String, files: [String] = []) {
    hasMissing = true
    findings.append(Finding(code: code, severity: .error, row: row.id, message: message, files: files))
  }

  func report() -> RowReport {
    let status: RowStatus = hasBad ? .failing : hasMissing ? .incomplete : .covered
    return RowReport(row: row, status: status, evidence: evidence, findings: findings)
  }
}
