import StateProofModel

/// Matches typed evidence against the matrix and decides each row, each receipt and the verdict.
package struct CoverageMatcher: Sendable {
  package let configuration: Configuration
  package let matrix: Matrix
  let attribution: PlatformAttribution
  let rowSelectors: [RowID: [TestSelector]]
  private let receiptSelectors: [Platform: TestSelector]
  let conventions: ConventionMatcher
  let screenshotAttribution: ScreenshotAttribution
  private let allowances: [Allowance]
  /// The day (`YYYY-MM-DD`) acceptances are checked against.
  private let today: String
  private let prefilter: RelevancePrefilter
  /// Each row's `seeds` globs, compiled once: which seed logs were written for which state.
  let seedGlobs: [(permission: String?, state: String, globs: [Glob])]

  /// - Parameters:
  ///   - allowances: gaps accepted on the command line, besides the configuration's own.
  ///   - today: the day acceptances' `until` dates are checked against.
  package init(configuration: Configuration, allowances: [Allowance] = [], today: String)
    throws(ConfigurationError)
  {
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
    screenshotAttribution = ScreenshotAttribution(
      matrix: matrix, platforms: attribution, conventions: conventions)
    seedGlobs = matrix.rows.filter { !$0.seeds.isEmpty }.map { row in
      (row.platformPermission, row.id.state, row.seeds.map { Glob($0, pathMode: true) })
    }
    self.allowances = configuration.allow + allowances
    self.today = today
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

  /// The byte-level first half of ``isRelevant(_:)``, for a reader to ask of a test's classname
  /// and of its name before making strings of them: a test both are rejected for is never
  /// relevant.
  package func mayBeRelevant(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    prefilter.admits(text)
  }

  /// Builds the coverage model from everything the read stage produced.
  package func report(_ evidence: EvidenceSet, roots: [String], generatedAt: String?) -> Report {
    var findings = evidence.files.filter { $0.status == .unreadable }.map { file in
      accepting(
        Finding(
          code: .unreadableEvidence, severity: .error,
          row: screenshotAttribution.conventionRow(path: file.path, device: nil),
          message: Self.unreadableMessage(file),
          files: [file.path]))
    }
    var platforms: [PlatformReport] = []
    let shots = screenshotAttribution.candidates(evidence.screenshots)
    let stops = incompleteRuns(evidence.incompleteRuns)
    for platform in Platform.allCases {
      let rows = matrix.rows.filter { $0.id.platform == platform }
      guard !rows.isEmpty else { continue }
      let receipt = self.receipt(platform, tests: evidence.tests)
      let stopped = stops[platform] ?? []
      let rowReports = self.rows(rows, evidence: evidence, shots: shots)
      let platformFindings = receipt.findings + runIncomplete(platform, stopped) + rowReports.flatMap(\.findings)
      findings += platformFindings
      platforms.append(
        PlatformReport(
          platform: platform, appId: configuration.platforms[platform]?.appId,
          releaseDevices: configuration.platforms[platform]?.releaseDevices ?? [],
          perDevice: isPerDevice(platform), receipt: receipt.report, incompleteRuns: stopped, rows: rowReports,
          findings: platformFindings))
    }
    findings += screenshotAttribution.unmatched(evidence.screenshots, in: platforms).map(accepting)
    let devices = Set(
      evidence.tests.compactMap(\.device) + evidence.seeds.compactMap(\.device)
        + evidence.screenshots.compactMap(\.device))
    let sources = roots.map { root in
      let named =
        evidence.tests.filter { $0.location.root == root }.compactMap(\.device)
        + evidence.seeds.filter { $0.location.root == root }.compactMap(\.device)
        + evidence.screenshots.filter { $0.location.root == root }.compactMap(\.device)
      let files = evidence.files.filter { $0.root == root }
      return EvidenceSource(
        root: root, files: files.count,
        testReports: files.count { $0.kind == .junit && $0.status != .ignored },
        devices: Array(Set(named)))
    }
    return Report(
      app: configuration.app, release: configuration.release, generatedAt: generatedAt,
      roots: roots, devices: Array(devices), sources: sources, platforms: platforms, findings: findings,
      evidence: evidence.files)
  }

  /// "Could not read PATH:LINE:COLUMN: problem.", on one line whatever the problem's text holds.
  private static func unreadableMessage(_ file: FileRecord) -> String {
    let problem = (file.error ?? "unknown problem").split(whereSeparator: \.isNewline)
      .joined(separator: " ")
    let located = problem.hasPrefix(file.path) ? problem : "\(file.path): \(problem)"
    return "Could not read \(located)\(located.hasSuffix(".") ? "" : ".")"
  }

  /// Whether rows on `platform` are decided per release device.
  func isPerDevice(_ platform: Platform) -> Bool {
    configuration.perDevice && !(configuration.platforms[platform]?.releaseDevices ?? []).isEmpty
  }

  /// The finding, marked accepted when an allowance that has not expired covers it.
  func accepting(_ finding: Finding) -> Finding {
    guard let allowance = allowances.first(where: { $0.covers(finding) && !$0.hasExpired(on: today) })
    else { return finding }
    var accepted = finding
    accepted.accepted = Acceptance(
      reason: allowance.reason, until: allowance.until, source: allowance.source)
    return accepted
  }

  // MARK: Receipts

  private func receipt(_ platform: Platform, tests: [TestExecution]) -> (
    report: ReceiptReport, findings: [Finding]
  ) {
    let selector = receiptSelectors[platform]!
    let releaseDevices = configuration.platforms[platform]?.releaseDevices ?? []
    let executions = tests.filter { selector.matches($0) && self.platform(of: $0) != platform.other }
    let evidence = executions.map { matched($0, rule: "receipt-selector") }
    let passed = executions.filter { counts(asPass: $0) }
    let onRelease = passed.filter { test in
      releaseDevices.isEmpty
        || releaseDevices.contains { DeviceName.matches(test.device ?? "", release: $0) }
    }
    let failed = executions.filter { !counts(asPass: $0) && $0.outcome != .skipped }
    let name = "The \(platform.displayName) receipt (\(selector.text))"
    var findings: [Finding] = []
    let status: ReceiptStatus
    if !onRelease.isEmpty {
      status = .passed
    } else if let off = passed.first {
      status = .offReleaseDevice
      findings.append(
        Finding(
          code: .receiptOffReleaseDevice, severity: .error, platform: platform,
          message:
            "\(name) passed on \(off.device ?? "an unknown device"), which is not a release device (\(releaseDevices.joined(separator: ", "))).",
          files: passed.map(\.location.path)))
    } else if let failure = failed.first {
      status = .failed
      findings.append(
        Finding(
          code: .receiptFailed, severity: .error, platform: platform,
          message:
            "\(name) failed\(failure.device.map { " on \($0)" } ?? ""): \(Self.headline(failure.message)).",
          files: failed.map(\.location.path)))
    } else {
      status = .missing
      findings.append(
        Finding(
          code: .missingReceipt, severity: .error, platform: platform,
          message:
            "No passing \(platform.displayName) receipt: no test matching \(selector.text) ran. It is the one test that taps the real system prompt."))
    }
    let distinct = Set(executions.map(TestSelector.identity(of:)))
    if distinct.count > 1 {
      findings.append(
        Finding(
          code: .duplicateReceipt, severity: .warning, platform: platform,
          message:
            "\(distinct.count) different tests match the \(platform.displayName) receipt selector \(selector.text); keep exactly one, so the suite depends on the system prompt's wording in one place.",
          files: executions.map(\.location.path)))
    }
    return (
      ReceiptReport(selector: selector.text, status: status, evidence: evidence),
      findings.map(accepting)
    )
  }

  // MARK: Helpers

  /// The most characters of a message's first line a one-line finding quotes.
  static let headlineLimit = 500

  /// A test's message as a one-line finding quotes it: its first line (the rest stays in the
  /// evidence), or "no message".
  static func headline(_ message: String?) -> String {
    message.map { MessageLines($0).shortened(to: headlineLimit, markingRest: false) } ?? "no message"
  }

  func platform(of test: TestExecution) -> Platform? {
    attribution.platform(path: test.location.path, device: test.device)
  }

  func counts(asPass test: TestExecution) -> Bool {
    test.outcome == .passed || (test.outcome == .flaky && configuration.flaky == .pass)
  }

  func matched(_ test: TestExecution, rule: String) -> MatchedEvidence {
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
  var other: Platform {
    switch self {
    case .android: .ios
    case .ios: .android
    }
  }
}
