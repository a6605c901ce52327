import StateProofModel

/// Reports built directly as values, for renderer tests that need sizes or text the example
/// evidence does not have.
public enum SyntheticReport {
  /// A report with `rows` rows split over both platforms, every third one missing its screenshot;
  /// each piece of evidence text is `text(n)` for a row number n.
  public static func make(rows: Int, text: (Int) -> String = { "evidence \($0)" }) -> Report {
    var platforms: [PlatformReport] = []
    var findings: [Finding] = []
    var files: [FileRecord] = []
    for platform in Platform.allCases {
      var reports: [RowReport] = []
      for index in 0..<(rows / Platform.allCases.count) {
        let id = RowID(platform: platform, permission: "perm\(index / 5)", state: "state-\(index % 5)")
        let row = MatrixRow(
          id: id, whatHappened: text(index), appReads: text(index), screen: text(index),
          reachable: index % 50 != 49, reason: index % 50 == 49 ? text(index) : nil,
          requires: [.screenshot, .test])
        var test = MatchedEvidence(
          kind: .test, root: "evidence", path: "junit/\(text(index)).xml", rule: .convention,
          device: text(index))
        test.id = "Class#\(text(index))"
        test.outcome = .passed
        test.message = text(index)
        let path = "\(platform.rawValue)/\(index)-\(text(index)).xml"
        files.append(
          FileRecord(
            root: "evidence", path: path, kind: .junit, bytes: index, sha256: String(repeating: "a", count: 64)))
        var rowFindings: [Finding] = []
        let status: RowStatus
        if !row.reachable {
          status = .unreachable
        } else if index % 3 == 0 {
          status = .incomplete
          rowFindings.append(
            Finding(
              code: .missingScreenshot, severity: .error, row: id, message: "No screenshot: \(text(index))",
              files: [path]))
        } else {
          status = .covered
        }
        findings += rowFindings
        reports.append(RowReport(row: row, status: status, evidence: [test], findings: rowFindings))
      }
      platforms.append(
        PlatformReport(
          platform: platform, appId: text(0), releaseDevices: [], perDevice: false,
          receipt: ReceiptReport(selector: text(1), status: .passed, evidence: []), rows: reports,
          findings: reports.flatMap(\.findings)))
    }
    let device = SeenDevice(
      name: text(4), aliases: [text(5)], os: nil, emulator: false, platform: nil, releaseDevices: [text(6)],
      files: [FileReference(root: "evidence", path: text(7))])
    return Report(
      app: text(2), release: text(3), generatedAt: nil, roots: ["evidence"], devices: [device], platforms: platforms,
      findings: findings, evidence: files)
  }
}
