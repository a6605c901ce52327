import StateProofModel

/// Matches typed evidence against the matrix and decides each row, each receipt and the verdict.
package struct CoverageMatcher: Sendable {
  package let configuration: Configuration
  package let matrix: Matrix
  private let attribution: PlatformAttribution
  private let rowSelectors: [RowID: [TestSelector]]
  private let receiptSelectors: [Platform: TestSelector]
  private let conventions: ConventionMatcher
  private let prefilter: RelevancePrefilter

  package init(configuration: Configuration) throws(ConfigurationError) {
    self.configuration = configuration
    matrix = try Matrix(configuration: configuration)
    attribution = PlatformAttribution(configuration: configuration)
    rowSelectors = Dictionary(
      uniqueKeysWithValues: matrix.rows.map { ($0.id, $0.tests.map(TestSelector.init)) })
    receiptSelectors = Dictionary(
      uniqueKeysWithValues: Set(matrix.rows.map(\.id.platform)).map { platform in
        (
          platform,
          TestSelector(
            configuration.platforms[platform]?.receipt
              ?? PlatformKnowledge.defaultReceipt(for: platform))
        )
      })
    conventions = ConventionMatcher(matrix: matrix)
    prefilter = RelevancePrefilter(
      selectors: Array(receiptSelectors.values) + rowSelectors.values.flatMap { $0 },
      permissions: Set(matrix.rows.map(\.id.permission)))
  }

  /// Whether a test execution can prove anything here; the pipeline keeps only these while it
  /// streams large JUnit files.
  package func isRelevant(_ test: TestExecution) -> Bool {
    guard prefilter.admits(classname: test.classname, name: test.name) else { return false }
    return receiptSelectors.values.contains { $0.matches(test) }
      || rowSelectors.values.contains { $0.contains { $0.matches(test) } }
      || !conventions.rows(forTest: test.classname + "#" + test.name).isEmpty
  }

  /// Builds the coverage model from everything the read stage produced.
  package func report(_ evidence: EvidenceSet, roots: [String], generatedAt: String?) -> Report {
    var findings = evidence.files.filter { $0.status == .unreadable }.map { file in
      Finding(
        code: .unreadableEvidence, severity: .error,
        row: screenshotRow(forPath: file.path, device: nil),
        message: "Could not read \(file.path): \(file.error ?? "unknown problem").",
        files: [file.path])
    }
    var platforms: [PlatformReport] = []
    for platform in Platform.allCases {
      let rows = matrix.rows.filter { $0.id.platform == platform }
      guard !rows.isEmpty else { continue }
      let receipt = self.receipt(platform, tests: evidence.tests)
      findings += receipt.findings
      let rowReports = rows.map { self.row($0, evidence: evidence) }
      findings += rowReports.flatMap(\.findings)
      platforms.append(
        PlatformReport(
          platform: platform, appId: configuration.platforms[platform]?.appId,
          receipt: receipt.report, rows: rowReports))
    }
    return Report(
      app: configuration.app, release: configuration.release, generatedAt: generatedAt,
      roots: roots, platforms: platforms, findings: findings, evidence: evidence.files)
  }

  // MARK: Receipts

  private func receipt(_ platform: Platform, tests: [TestExecution]) -> (
    report: ReceiptReport, findings: [Finding]
  ) {
    let selector = receiptSelectors[platform]!
    let executions = tests.filter { selector.matches($0) && self.platform(of: $0) != platform.other }
    let evidence = executions.map { matched($0, rule: "receipt-selector") }
    let passed = executions.filter { counts(asPass: $0) }
    let failed = executions.filter { $0.outcome.isFailure || ($0.outcome == .flaky && !counts(asPass: $0)) }
    let status: ReceiptStatus
    var findings: [Finding] = []
    if !passed.isEmpty {
      status = .passed
    } else if !failed.isEmpty {
      status = .failed
      findings.append(
        Finding(
          code: .receiptFailed, severity: .error, platform: platform,
          message:
            "The \(platform.displayName) receipt (\(selector.text)) failed: \(failed[0].message ?? "no message").",
          files: Array(Set(failed.map(\.location.path)))))
    } else {
      status = .missing
      findings.append(
        Finding(
          code: .missingReceipt, severity: .error, platform: platform,
          message:
            "No passing \(platform.displayName) receipt: no test matching \(selector.text) ran. It is the one test that taps the real system prompt."))
    }
    return (ReceiptReport(selector: selector.text, status: status, evidence: evidence), findings)
  }

  // MARK: Rows

  private func row(_ row: MatrixRow, evidence: EvidenceSet) -> RowReport {
    guard row.reachable else {
      return RowReport(row: row, status: .unreachable, evidence: [], findings: [])
    }
    var check = RowCheck(row: row)
    if row.requires.contains(.seed) || row.platformPermission != nil && row.id.platform == .android {
      seeds(for: row, evidence.seeds, into: &check)
    }
    tests(for: row, evidence.tests, into: &check)
    screenshots(for: row, evidence, into: &check)
    return check.report()
  }

  private func seeds(for row: MatrixRow, _ seeds: [SeedRecord], into check: inout RowCheck) {
    let appId = configuration.platforms[.android]?.appId
    let relevant = seeds.filter { seed in
      seed.permission == row.platformPermission
        && (appId == nil || seed.package == nil || seed.package == appId)
    }
    let proving = relevant.filter { $0.state == row.id.state && $0.taken }
    let notTaken = relevant.filter { $0.wanted == row.id.state && !$0.taken }
    for seed in proving + notTaken {
      var item = MatchedEvidence(
        kind: .seed, root: seed.location.root, path: seed.location.path,
        rule: "permission-and-state", device: seed.device)
      item.state = seed.state
      item.line = seed.raw
      item.lineNumber = seed.location.line
      item.taken = seed.taken
      check.evidence.append(item)
    }
    for seed in notTaken {
      check.bad(
        .seedNotTaken,
        "The seed step wanted \(row.id.state) but the device reported \(seed.state): \(seed.raw)",
        files: [seed.location.path])
    }
    guard row.requires.contains(.seed) else { return }
    if proving.isEmpty && notTaken.isEmpty {
      check.missing(
        .missingSeed,
        "No seed read-back shows \(row.platformPermission ?? row.id.permission) in state \(row.id.state).")
    }
  }

  private func tests(for row: MatrixRow, _ tests: [TestExecution], into check: inout RowCheck) {
    let selectors = rowSelectors[row.id] ?? []
    let groups: [(label: String, rule: String, executions: [TestExecution])]
    if selectors.isEmpty {
      let matching = tests.filter { test in
        platform(of: test) != row.id.platform.other
          && conventions.rows(forTest: test.classname + "#" + test.name).contains(row.id)
      }
      groups = [("a test named for \(row.id.permission) \(row.id.state)", "convention", matching)]
    } else {
      groups = selectors.map { selector in
        (selector.text, "config-selector",
          tests.filter { selector.matches($0) && platform(of: $0) != row.id.platform.other })
      }
    }
    for group in groups {
      check.evidence += group.executions.map { matched($0, rule: group.rule) }
      let failures = group.executions.filter { !counts(asPass: $0) && $0.outcome != .skipped }
      if let failure = failures.first {
        check.bad(
          .testFailed,
          "\(failure.id) \(failure.outcome == .flaky ? "only passed on retry" : "failed")\(failure.device.map { " on \($0)" } ?? ""): \(failure.message ?? "no message").",
          files: failures.map(\.location.path))
      } else if row.requires.contains(.test), !group.executions.contains(where: counts(asPass:)) {
        let skipped = !group.executions.isEmpty
        check.missing(
          .missingTest,
          skipped
            ? "Every run of \(group.label) was skipped." : "No test matching \(group.label) ran.",
          files: group.executions.map(\.location.path))
      }
    }
  }

  private func screenshots(for row: MatrixRow, _ evidence: EvidenceSet, into check: inout RowCheck) {
    let globs = row.screenshots.map { Glob($0, pathMode: true) }
    var found = false
    for shot in evidence.screenshots {
      let rule: String
      if !globs.isEmpty {
        guard globs.contains(where: { $0.matches(shot.location.path) }) else { continue }
        rule = "config-glob"
      } else {
        guard screenshotRow(forPath: shot.location.path, device: shot.device) == row.id else {
          continue
        }
        rule = "convention"
      }
      found = true
      var item = MatchedEvidence(
        kind: .screenshot, root: shot.location.root, path: shot.location.path, rule: rule,
        device: shot.device)
      item.asset = "assets/\(shot.sha256).\(shot.format == .jpeg ? "jpg" : shot.format.rawValue)"
      item.width = shot.width
      item.height = shot.height
      item.sha256 = shot.sha256
      check.evidence.append(item)
    }
    if row.requires.contains(.screenshot), !found {
      check.missing(.missingScreenshot, "No screenshot of the \(row.screen) screen for \(row.id).")
    }
  }

  // MARK: Helpers

  private func screenshotRow(forPath path: String, device: String?) -> RowID? {
    let platform = attribution.platform(path: path, device: device)
    return conventions.rows(forPath: path).first { platform == nil || $0.platform == platform }
  }

  private func platform(of test: TestExecution) -> Platform? {
    attribution.platform(path: test.location.path, device: test.device)
  }

  private func counts(asPass test: TestExecution) -> Bool {
    test.outcome == .passed || (test.outcome == .flaky && configuration.flaky == .pass)
  }

  private func matched(_ test: TestExecution, rule: String) -> MatchedEvidence {
    var item = MatchedEvidence(
      kind: .test, root: test.location.root, path: test.location.path, rule: rule,
      device: test.device)
    item.id = test.id
    item.outcome = test.outcome
    item.message = test.message
    item.lineNumber = test.location.line
    return item
  }
}

extension Platform {
  /// The other platform: evidence attributed to it can never prove this platform's rows.
  fileprivate var other: Platform {
    switch self {
    case .android: .ios
    case .ios: .android
    }
  }
}
