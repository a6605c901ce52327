import StateProofModel

/// Deciding one matrix row: its seeds, tests and screenshots, on every release device when the
/// configuration asks for a row × device grid.
extension CoverageMatcher {
  /// Decides `rows` (one platform's), working out what every row asks of the evidence (each
  /// device's share, each test's platform and convention rows) once for all of them.
  func rows(_ rows: [MatrixRow], evidence: EvidenceSet, shots: [ScreenshotCandidate]) -> [RowReport] {
    let facts = TestFacts(tests: evidence.tests, matcher: self)
    var slices: [Platform: DeviceSlices] = [:]
    for platform in Set(rows.map(\.id.platform)) where isPerDevice(platform) {
      slices[platform] = DeviceSlices(
        evidence: evidence, shots: shots,
        releaseDevices: configuration.platforms[platform]?.releaseDevices ?? [])
    }
    return rows.map { row in
      self.row(row, evidence: evidence, shots: shots, slices: slices[row.id.platform], facts: facts)
    }
  }

  private func row(
    _ row: MatrixRow, evidence: EvidenceSet, shots: [ScreenshotCandidate], slices: DeviceSlices?,
    facts: TestFacts
  ) -> RowReport {
    guard row.reachable else { return unreachable(row, evidence: evidence, shots: shots, facts: facts) }
    let releaseDevices = configuration.platforms[row.id.platform]?.releaseDevices ?? []
    guard let slices else {
      let check = evaluate(row, evidence, shots: shots, device: nil, facts: facts)
      return RowReport(
        row: row, status: check.status, evidence: check.evidence,
        findings: check.findings.map(accepting))
    }
    var cells: [DeviceStatus] = []
    var items: Set<MatchedEvidence> = []
    var findings: [Finding] = []
    for device in releaseDevices {
      let (onDevice, shotsOnDevice) = slices[device]
      let check = evaluate(row, onDevice, shots: shotsOnDevice, device: device, facts: facts)
      cells.append(DeviceStatus(device: device, status: check.status))
      items.formUnion(check.evidence)
      findings += check.findings
    }
    let status: RowStatus =
      cells.contains { $0.status == .failing }
      ? .failing : cells.contains { $0.status == .incomplete } ? .incomplete : .covered
    return RowReport(
      row: row, status: status, evidence: Array(items), findings: findings.map(accepting),
      devices: cells)
  }

  /// Seeds, then tests, then screenshots: the `attached-to-test` rule reads the tests already
  /// matched to the row.
  private func evaluate(
    _ row: MatrixRow, _ evidence: EvidenceSet, shots: [ScreenshotCandidate], device: String?,
    facts: TestFacts
  ) -> RowCheck {
    var check = RowCheck(row: row, device: device)
    if row.id.platform == .android, row.platformPermission != nil {
      seeds(for: row, evidence.seeds, into: &check)
    }
    tests(for: row, evidence.tests, facts: facts, into: &check)
    screenshots(for: row, shots, into: &check)
    return check
  }

  /// Unreachable rows are never gaps; evidence that claims such a state is worth a warning.
  private func unreachable(
    _ row: MatrixRow, evidence: EvidenceSet, shots: [ScreenshotCandidate], facts: TestFacts
  ) -> RowReport {
    var check = RowCheck(row: row)
    tests(for: row, evidence.tests, facts: facts, into: &check)
    screenshots(for: row, shots, into: &check)
    let files = check.evidence.map(\.path)
    var findings: [Finding] = []
    if !files.isEmpty {
      findings.append(
        accepting(
          Finding(
            code: .evidenceForUnreachableState, severity: .warning, row: row.id,
            message:
              "Evidence claims \(row.id), a state \(row.id.platform.displayName) cannot reach: \(row.reason ?? "unreachable"). Check what the test really seeded.",
            files: files)))
    }
    let cells =
      isPerDevice(row.id.platform)
      ? (configuration.platforms[row.id.platform]?.releaseDevices ?? []).map {
        DeviceStatus(device: $0, status: .unreachable)
      } : []
    return RowReport(
      row: row, status: .unreachable, evidence: check.evidence, findings: findings, devices: cells)
  }

  private func seeds(for row: MatrixRow, _ seeds: [SeedRecord], into check: inout RowCheck) {
    let appId = configuration.platforms[.android]?.appId
    let relevant = seeds.filter { seed in
      seed.permission == row.platformPermission && (seed.user ?? 0) == 0
        && (appId == nil || seed.package == nil || seed.package == appId)
    }
    let proving = relevant.filter { $0.state == row.id.state && wanted($0).map { $0 == row.id.state } ?? true }
    let notTaken = relevant.filter { wanted($0) == row.id.state && $0.state != row.id.state }
    for seed in proving + notTaken {
      var item = MatchedEvidence(
        kind: .seed, root: seed.location.root, path: seed.location.path,
        rule: "permission-and-state", device: seed.device)
      item.state = seed.state
      item.line = seed.raw
      item.lineNumber = seed.location.line
      item.taken = seed.state == (wanted(seed) ?? seed.state)
      check.evidence.append(item)
    }
    for seed in notTaken {
      check.bad(
        .seedNotTaken,
        "The seed step wanted \(row.id.state) but the device reported \(seed.state): \(seed.raw)",
        files: [seed.location.path])
    }
    for seed in proving where seed.variant == "one-time" {
      check.warn(
        .oneTimeGrant,
        "The grant is \"Only this time\" (ONE_TIME): it disappears once the app is backgrounded, so later tests may run denied. Seed with pm grant instead.",
        files: [seed.location.path])
    }
    let devices = Set(relevant.map(\.device))
    for device in devices {
      let onDevice = relevant.filter { $0.device == device }
      let good = onDevice.filter { proving.contains($0) }
      let bad = onDevice.filter { notTaken.contains($0) }
      if !good.isEmpty, !bad.isEmpty {
        check.warn(
          .conflictingEvidence,
          "Seed records\(device.map { " from \($0)" } ?? "") disagree: \(good.count) show \(row.id.state), \(bad.count) show it did not take.",
          files: (good + bad).map(\.location.path))
      }
    }
    if row.requires.contains(.seed), proving.isEmpty, notTaken.isEmpty {
      check.missing(
        .missingSeed,
        "No seed read-back shows \(row.platformPermission ?? row.id.permission) in state \(row.id.state).")
    }
  }

  /// The state a seed line was meant to show: what the evidence says (`seed did not take`, a
  /// seed-check record), else the row whose `seeds` globs name its file.
  private func wanted(_ seed: SeedRecord) -> String? {
    if let wanted = seed.wanted { return wanted }
    return seedGlobs.first { entry in
      entry.permission == seed.permission && entry.globs.contains { $0.matches(seed.location.path) }
    }?.state
  }

  private func tests(
    for row: MatrixRow, _ tests: [TestExecution], facts: TestFacts, into check: inout RowCheck
  ) {
    let selectors = rowSelectors[row.id] ?? []
    let groups: [(label: String, rule: String, executions: [TestExecution])]
    if selectors.isEmpty {
      let matching = tests.filter { test in
        facts.platform(of: test) != row.id.platform.other && facts.conventionRows(of: test).contains(row.id)
      }
      groups = [("a test named for \(row.id.permission) \(row.id.state)", "convention", matching)]
    } else {
      groups = selectors.map { selector in
        (
          selector.text, "config-selector",
          tests.filter { selector.matches($0) && facts.platform(of: $0) != row.id.platform.other }
        )
      }
    }
    for group in groups {
      check.evidence += group.executions.map { matched($0, rule: group.rule) }
      guard row.reachable else { continue }
      let failures = group.executions.filter { !counts(asPass: $0) && $0.outcome != .skipped }
      if let failure = failures.first {
        check.bad(
          .testFailed,
          "\(failure.id) \(failure.outcome == .flaky ? "only passed on retry" : "failed")\(failure.device.map { " on \($0)" } ?? ""): \(Self.headline(failure.message)).",
          files: failures.map(\.location.path))
      } else if row.requires.contains(.test), !group.executions.contains(where: counts(asPass:)) {
        let skipped = !group.executions.isEmpty
        check.missing(
          .missingTest,
          skipped
            ? "Every run of \(group.label) was skipped." : "No test matching \(group.label) ran.",
          files: group.executions.map(\.location.path))
      }
      let flaky = group.executions.filter { $0.outcome == .flaky && counts(asPass: $0) }
      if let first = flaky.first {
        check.warn(
          .testFlaky,
          "\(first.id) failed before it passed on retry\(first.device.map { " on \($0)" } ?? ""); it proves the row, but look at why it is flaky.",
          files: flaky.map(\.location.path))
      }
    }
  }

  private func screenshots(
    for row: MatrixRow, _ shots: [ScreenshotCandidate], into check: inout RowCheck
  ) {
    let tests = check.evidence.filter { $0.kind == .test }
    var found = false
    for candidate in shots {
      guard let rule = screenshotAttribution.rule(for: candidate, row: row, tests: tests) else {
        continue
      }
      found = true
      check.evidence.append(screenshotAttribution.matched(candidate.shot, rule: rule))
    }
    if row.reachable, row.requires.contains(.screenshot), !found {
      check.missing(.missingScreenshot, "No screenshot of the \(row.screen) screen for \(row.id).")
    }
  }
}
