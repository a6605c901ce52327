import StateProofKnowledge
import StateProofModel
import StateProofEvidence

/// Decides the matrix rows: each row's seeds, tests and screenshots, on every release device when
/// the configuration asks for a row × device grid, and the findings that say why, in the words of
/// what decided them.
struct RowDecision {
  /// The matrix, selectors, seed globs, release devices, flaky and per-device rules and
  /// acceptances it decides by.
  let policy: MatchPolicy
  /// Each test's platform, and which selectors and rows it matches.
  let facts: TestFacts
  /// Which device evidence names, and whether it is a release device.
  let catalog: DeviceCatalog
  /// Which build and time evidence must have to count.
  let gate: ReleaseGate
  /// The platform's OS versions: what the rows are worded and resolved for.
  let context: OSContext
  /// The app's target SDK: which rows it leaves out.
  let target: TargetContext
  /// Which screenshots may prove a row, by rule.
  let screenshotAttribution: ScreenshotAttribution
  /// The app's iOS Simulator stores read back after seeding (`seed-check --ios` records).
  var simulatorSeeds: [SimulatorSeed] = []

  /// Decides `rows` (one platform's, worded and resolved for `context`), working out what every
  /// row asks of the evidence (each device's share of seeds and screenshots) once for all of them.
  func decide(
    _ rows: [MatrixRow], readings: [SeedReading], shots: [ScreenshotCandidate]
  ) -> [RowReport] {
    var slices: [Platform: DeviceSlices] = [:]
    for platform in Set(rows.map(\.id.platform)) where policy.isPerDevice(platform) {
      slices[platform] = DeviceSlices(
        readings: readings, shots: shots,
        releaseDevices: policy.releaseDevices[platform], catalog: catalog)
    }
    return rows.map { row in
      self.row(row, readings: readings, shots: shots, slices: slices[row.id.platform])
    }
  }

  private func row(
    _ row: MatrixRow, readings: [SeedReading], shots: [ScreenshotCandidate], slices: DeviceSlices?
  ) -> RowReport {
    guard row.reachable else {
      return unreachable(row, shots: shots, seeds: target.excludes(row.id, in: policy.matrix) ? readings : [])
    }
    let releaseDevices = policy.releaseDevices[row.id.platform]
    let range = policy.matrix.ranges[row.id]
    guard let slices else {
      var check = RowCheck(row: row)
      check.isOnReleaseDevice = { catalog.isOnReleaseDevice(device: $0.device, at: $0.location, among: releaseDevices) }
      evaluate(&check, readings: readings, simulator: simulatorSeeds, shots: shots) { _ in true }
      return RowReport(
        row: row, status: check.status, evidence: check.evidence,
        findings: check.findings.map(policy.accepting))
    }
    var cells: [DeviceStatus] = []
    var items: Set<MatchedEvidence> = []
    var findings: [Finding] = []
    for device in releaseDevices {
      // A release device outside the row's OS versions cannot reach it.
      if let range, let version = context.version(ofRelease: device), !range.contains(version) {
        cells.append(DeviceStatus(device: device, status: .unreachable))
        continue
      }
      let (seeds, shotsOnDevice) = slices[device]
      var check = RowCheck(row: row, device: device)
      let simulator = simulatorSeeds.filter { catalog.speaks(device: $0.device, at: $0.location, for: device) }
      evaluate(&check, readings: seeds, simulator: simulator, shots: shotsOnDevice) { test in
        catalog.speaks(device: test.device, at: test.location, for: device)
      }
      cells.append(DeviceStatus(device: device, status: check.status))
      items.formUnion(check.evidence)
      findings += check.findings
    }
    // A test that failed on a device that is none of the release devices, or on a device it does
    // not name, falls in no cell, and is reported all the same: about that device, so the lists
    // show it after the release devices' own findings.
    let outside: (TestExecution) -> Bool = { test in
      !catalog.names(device: test.device, at: test.location)
        || catalog.isOffReleaseDevices(device: test.device, at: test.location, among: releaseDevices)
    }
    let off = rowTests(row).filter(outside)
    var offFailing = false
    for device in Set(off.map(\.device)).sorted(by: { ($0 ?? "") < ($1 ?? "") }) {
      var offDevice = RowCheck(row: row, device: device)
      tests(for: row, failuresOnly: true, into: &offDevice) { test in
        test.device == device && outside(test)
      }
      items.formUnion(offDevice.evidence)
      findings += offDevice.findings
      offFailing = offFailing || offDevice.status == .failing
    }
    // Evidence of the row that names no device proves it on none of them: it is named, with how
    // its producer records the device.
    var unnamed = RowCheck(row: row)
    let unnamedSimulator = simulatorSeeds.filter { !catalog.names(device: $0.device, at: $0.location) }
    evaluate(&unnamed, readings: slices.unnamed.seeds, simulator: unnamedSimulator, shots: slices.unnamed.shots) {
      !catalog.names(device: $0.device, at: $0.location)
    }
    if !unnamed.evidence.isEmpty {
      let unproven = cells.contains { $0.status == .incomplete || $0.status == .failing }
      findings.append(
        Self.deviceUnknown(unnamed.evidence, row: row.id, releaseDevices: releaseDevices, error: unproven))
    }
    let status: RowStatus =
      offFailing || cells.contains { $0.status == .failing }
      ? .failing : cells.contains { $0.status == .incomplete } ? .incomplete : .covered
    return RowReport(
      row: row, status: status, evidence: Array(items), findings: findings.map(policy.accepting),
      devices: cells)
  }

  /// A `device-unknown` finding for `evidence` of a row (nil: of the receipt) that names no
  /// device: an error when it is why something is unproven on a release device.
  static func deviceUnknown(
    _ evidence: [MatchedEvidence], row: RowID?, platform: Platform? = nil, releaseDevices: [String], error: Bool
  ) -> Finding {
    let distinct = Dictionary(evidence.map { ($0.path, $0.kind) }, uniquingKeysWith: min)
    let paths = distinct.keys.sorted()
    let listed = paths.prefix(5).map { "\($0) (\(DeviceRecording.how(kind: distinct[$0]!, path: $0)))" }
    let more = paths.count > listed.count ? "; and \(paths.count - listed.count) more" : ""
    let files = paths.count == 1 ? "1 file" : "\(paths.count) files"
    let name = paths.count == 1 ? "names" : "name"
    let claim =
      row.map {
        "\(files) of \($0) \(name) no device, so with perDevice \(paths.count == 1 ? "it proves" : "they prove") the row"
      }
      ?? "\(files) where the receipt passed \(name) no device, so the pass counts"
    return Finding(
      code: .deviceUnknown, severity: error ? .error : .warning, platform: platform ?? row?.platform, row: row,
      message:
        "\(claim) on none of the release devices (\(releaseDevices.joined(separator: ", "))): \(listed.joined(separator: "; "))\(more).",
      files: paths)
  }

  /// Seeds, then tests, then screenshots: the `attached-to-test` rule reads the tests already
  /// matched to the row. `speaks` says which tests count (those of the check's device). Evidence
  /// from a device outside the row's OS versions proves nothing, and is named in a warning;
  /// evidence of another build or from before the evidence window (``ReleaseGate``) proves
  /// nothing for this release, and is named in an error.
  private func evaluate(
    _ check: inout RowCheck, readings: [SeedReading], simulator: [SimulatorSeed] = [], shots: [ScreenshotCandidate],
    speaks: (TestExecution) -> Bool
  ) {
    let platform = check.row.id.platform
    let seedsApply = platform == .android && check.row.platformPermission != nil
    let mine = seedsApply ? readings.filter { $0.permission == check.row.id.permission } : []
    let range = policy.matrix.ranges[check.row.id]
    // Each piece of evidence whose device's version is known and outside the range is left out.
    var excluded: [(path: String, version: OSVersion)] = []
    func outside(_ version: @autoclosure () -> OSVersion?) -> OSVersion? {
      guard let range else { return nil }
      return version().flatMap { range.contains($0) ? nil : $0 }
    }
    var refused: [RefusedEvidence] = []
    /// Whether the gate lets the evidence count, noting it when it refuses (`claims`: the
    /// evidence is about this row).
    func admits(build: BuildIdentity?, time: EvidenceTime?, path: String, claims: @autoclosure () -> Bool) -> Bool {
      guard let refusal = gate.refusal(build: build, time: time, platform: platform) else { return true }
      if claims() { refused.append(RefusedEvidence(path: path, refusal: refusal)) }
      return refusal.stillCounts
    }
    var kept: [SeedReading] = []
    for seed in mine {
      let claims = seed.state == check.row.id.state || seed.wanted == check.row.id.state
      if let version = outside(context.version(device: seed.device, at: seed.location, sdk: seed.sdk)) {
        if claims { excluded.append((seed.location.path, version)) }
      } else if admits(build: seed.build, time: seed.time, path: seed.location.path, claims: claims) {
        kept.append(seed)
      }
    }
    if seedsApply { seeds(for: check.row, kept, into: &check) }
    if platform == .ios {
      var keptSimulator: [SimulatorSeed] = []
      for seed in simulator where seed.permission == check.row.id.permission {
        let claims = seed.state == check.row.id.state || seed.wanted == check.row.id.state
        let version = seed.runtime.flatMap { OSVersion(platform: .ios, release: $0) }
        if let version = outside(version) {
          if claims { excluded.append((seed.location.path, version)) }
        } else if admits(build: nil, time: seed.time, path: seed.location.path, claims: claims) {
          keptSimulator.append(seed)
        }
      }
      simulatorSeeds(for: check.row, keptSimulator, into: &check)
    }
    let testVersion = { (test: TestExecution) in outside(context.version(device: test.device, at: test.location)) }
    let counts = { (test: TestExecution) in
      gate.refusal(build: test.build, time: test.startedAt, platform: platform)?.stillCounts ?? true
    }
    tests(
      for: check.row, into: &check,
      refused: { speaks($0) && testVersion($0) == nil && !counts($0) }
    ) { speaks($0) && testVersion($0) == nil && counts($0) }
    for test in rowTests(check.row) where speaks(test) {
      if let version = testVersion(test) {
        excluded.append((test.location.path, version))
      } else {
        _ = admits(build: test.build, time: test.startedAt, path: test.location.path, claims: true)
      }
    }
    let tests = check.evidence.filter { $0.kind == .test }
    let row = check.row
    var keptShots: [ScreenshotCandidate] = []
    for shot in shots {
      let claims = { screenshotAttribution.rule(for: shot, row: row, tests: tests) != nil }
      if let version = outside(context.version(device: shot.shot.device, at: shot.shot.location)) {
        if claims() { excluded.append((shot.shot.location.path, version)) }
      } else if admits(build: shot.shot.build, time: shot.shot.time, path: shot.shot.location.path, claims: claims()) {
        keptShots.append(shot)
      }
    }
    screenshots(for: check.row, keptShots, into: &check)
    for finding in gate.findings(refused, subject: check.row.id.description, platform: platform) {
      if finding.severity == .error {
        check.bad(finding.code, finding.message, files: finding.files)
      } else {
        check.warn(finding.code, finding.message, files: finding.files)
      }
    }
    if let range, !excluded.isEmpty {
      let versions = Set(excluded.map(\.version)).sorted().map(\.description).joined(separator: ", ")
      let count = excluded.count == 1 ? "1 piece of evidence" : "\(excluded.count) pieces of evidence"
      check.warn(
        .evidenceOutsideOSRange,
        "\(count) for \(check.row.id) came from \(versions), but the row applies to \(range) only: \(policy.matrix.states[check.row.id]?.reason ?? "") It proves nothing for this row.",
        files: excluded.map(\.path))
    }
  }

  /// Unreachable rows are never gaps; evidence that claims such a state is worth a warning. A
  /// read-back in `seeds` (those of a row the app's target SDK rules out) that shows the state
  /// contradicts the target: an error, since the row was left out on the target's word.
  private func unreachable(
    _ row: MatrixRow, shots: [ScreenshotCandidate], seeds: [SeedReading]
  ) -> RowReport {
    var check = RowCheck(row: row)
    tests(for: row, into: &check) { _ in true }
    screenshots(for: row, shots, into: &check)
    let files = check.evidence.map(\.path)
    var findings: [Finding] = []
    let showing = seeds.filter { $0.permission == row.id.permission && $0.state == row.id.state && ($0.user ?? 0) == 0 }
    if let first = showing.first {
      findings.append(
        policy.accepting(
          Finding(
            code: .targetSdkConflict, severity: .error, row: row.id,
            message:
              "\(showing.count == 1 ? "A read-back shows" : "\(showing.count) read-backs show") \(row.id.state), which the app's target SDK rules out: \(row.reason ?? "") Check the build the read-back is of: \(first.raw.replacingOccurrences(of: "\n", with: " · "))",
            files: Array(Set(showing.map(\.location.path))))))
    }
    if !files.isEmpty {
      findings.append(
        policy.accepting(
          Finding(
            code: .evidenceForUnreachableState, severity: .warning, row: row.id,
            message:
              "Evidence claims \(row.id), a state \(row.id.platform.displayName) cannot reach: \(row.reason ?? "unreachable"). Check what the test really seeded.",
            files: files)))
    }
    let cells =
      policy.isPerDevice(row.id.platform)
      ? policy.releaseDevices[row.id.platform].map {
        DeviceStatus(device: $0, status: .unreachable)
      } : []
    return RowReport(
      row: row, status: .unreachable, evidence: check.evidence, findings: findings, devices: cells)
  }

  /// `readings` are the app's read-backs only (see ``SeedOwnership``), each composed from every
  /// line the permission needs.
  private func seeds(for row: MatrixRow, _ readings: [SeedReading], into check: inout RowCheck) {
    let relevant = readings.filter { ($0.user ?? 0) == 0 }
    // An app that asks for background location needs its line to tell precise from background.
    let background = policy.matrix.rows.contains {
      $0.id.platform == .android && $0.id.permission == row.id.permission && $0.id.state == "background"
    }
    // Each read-back is looked at once: it shows the row's state, or it was meant to and did not.
    var proving: [SeedReading] = []
    var notTaken: [SeedReading] = []
    var incomplete: [SeedReading] = []
    // Read-backs whose lines disagree (a background grant beside a foreground refusal): no state.
    var mixed: [SeedReading] = []
    // "Only this time" grants in the row's state: they lapse, so they prove nothing (review M2).
    var oneTime: [SeedReading] = []
    var counts: [String?: (good: Int, bad: Int, files: Set<String>)] = [:]
    for seed in relevant {
      let wanted = wanted(seed)
      let lacking = seed.missing(for: row.id.state, background: background)
      if seed.state == row.id.state, lacking == nil, !seed.oneTime.isEmpty, wanted.map({ $0 == row.id.state }) ?? true {
        oneTime.append(seed)
        continue
      }
      if seed.state == row.id.state, lacking == nil, wanted.map({ $0 == row.id.state }) ?? true {
        proving.append(seed)
        counts[seed.device, default: (0, 0, [])].good += 1
      } else if wanted == row.id.state {
        notTaken.append(seed)
        counts[seed.device, default: (0, 0, [])].bad += 1
      } else {
        if lacking != nil, seed.reading.couldBe(row.id.state, found: seed.state) { incomplete.append(seed) }
        if seed.state == AndroidReading.mixed, seed.note != nil { mixed.append(seed) }
        continue
      }
      counts[seed.device]?.files.insert(seed.location.path)
    }
    // A file showing the same read-back again and again (a .jsonl appended to run after run) is
    // one piece of evidence, its last occurrence; so is its finding.
    var distinct: [SeedReading] = []
    var position: [DistinctSeed: Int] = [:]
    for seed in proving + notTaken {
      let key = DistinctSeed(seed)
      if let index = position[key] {
        distinct[index] = seed
      } else {
        position[key] = distinct.count
        distinct.append(seed)
      }
    }
    for seed in distinct {
      let taken =
        seed.state == row.id.state && (wanted(seed) ?? row.id.state) == row.id.state
        && seed.missing(for: row.id.state, background: background) == nil
      check.evidence.append(Self.evidence(seed, taken: taken))
      if !taken {
        check.bad(.seedNotTaken, notTakenMessage(row, seed, background: background), files: [seed.location.path])
      }
    }
    if let last = oneTime.last {
      check.evidence.append(Self.evidence(last, taken: false))
      check.warn(
        .oneTimeGrant,
        "The grant is \"Only this time\" (ONE_TIME on \(last.oneTime.joined(separator: " and "))): it lapses about a minute after the app leaves the foreground, so later tests may run denied, and it proves nothing for \(row.id.state). pm grant does not clear ONE_TIME: reinstall the app, then seed with pm grant.",
        files: Array(Set(oneTime.map(\.location.path))))
    }
    for (device, count) in counts.sorted(by: { ($0.key ?? "") < ($1.key ?? "") })
    where count.good > 0 && count.bad > 0 {
      check.warn(
        .conflictingEvidence,
        "Seed records\(device.map { " from \($0)" } ?? "") disagree: \(count.good) show \(row.id.state), \(count.bad) show it did not take.",
        files: Array(count.files))
    }
    if let state = policy.matrix.states[row.id], state.proofIsUnverified, let settle = state.settle,
      let first = distinct.first(where: { $0.state == row.id.state })
    {
      check.warn(
        .unverifiedProof,
        "What the read-back shows for \(row.id.state) is partly UNVERIFIED (see docs/platform-knowledge.md): it proves the row only with its test and screenshot. Settle it with \(settle).",
        files: [first.location.path])
    }
    if row.requires.contains(.seed), proving.isEmpty, notTaken.isEmpty {
      check.missing(
        .missingSeed, missingSeedMessage(row, incomplete: incomplete, mixed: mixed, background: background))
    }
  }

  /// iOS Simulator stores read back after seeding (`seed-check --ios` records, the app's): each
  /// showing the row's state is the row's evidence, with an `unverified-proof` warning (a store
  /// row is what was written, not what the app reads, so it proves the row only together with
  /// the row's test, which the row then needs); one wanted for the row that shows another state
  /// is a `seed-not-taken`.
  private func simulatorSeeds(for row: MatrixRow, _ seeds: [SimulatorSeed], into check: inout RowCheck) {
    let state = row.id.state
    // A file appended to run after run repeats a read-back: each distinct one counts once, its last.
    var distinct: [SimulatorSeed] = []
    for seed in seeds where seed.wanted == state || (seed.state == state && seed.taken) {
      if let index = distinct.firstIndex(where: {
        $0.location.root == seed.location.root && $0.location.path == seed.location.path && $0.raw == seed.raw
          && $0.wanted == seed.wanted && $0.device == seed.device
      }) {
        distinct[index] = seed
      } else {
        distinct.append(seed)
      }
    }
    let proving = distinct.filter { $0.state == state && $0.wanted == state }
    for seed in distinct {
      var item = MatchedEvidence(
        kind: .seed, root: seed.location.root, path: seed.location.path, rule: .permissionAndState, device: seed.device)
      item.state = seed.state
      item.line = seed.raw
      item.lineNumber = seed.location.line
      item.taken = seed.state == state
      item.time = seed.time
      check.evidence.append(item)
      if seed.state != state {
        check.bad(
          .seedNotTaken,
          "The seed step wanted \(state) but the Simulator's store showed \(seed.state): \(seed.raw).",
          files: [seed.location.path])
      }
    }
    if let first = proving.first {
      let low =
        proving.contains { $0.confidence == "low" }
        ? " It is read from a store StateProof reads with low confidence." : ""
      check.warn(
        .unverifiedProof,
        "The Simulator's store shows \(state) (\(first.raw)), but a store row is what the Simulator wrote, not what the app reads (a framework can still answer notDetermined beside an allowed row): until a capture shows the app reads what the store says, this read-back proves the row only together with its test.\(low)",
        files: Array(Set(proving.map(\.location.path))).sorted())
    }
    if row.requires.contains(.seed), distinct.isEmpty {
      var message = "No seed-check --ios read-back shows \(row.id.permission) in state \(state)."
      if let advice = policy.matrix.seedAdvice(row.id, on: context.versions) {
        let app = policy.configuration.platforms[.ios]?.appId ?? "BUNDLE"
        message +=
          " Seed it: \(advice.replacingOccurrences(of: "BUNDLE", with: app)); then stateproof seed-check --ios."
      }
      check.missing(.missingSeed, message)
    }
  }

  /// A read-back as the row's evidence: its lines, state and build, and whether it proves the row.
  private static func evidence(_ seed: SeedReading, taken: Bool) -> MatchedEvidence {
    var item = MatchedEvidence(
      kind: .seed, root: seed.location.root, path: seed.location.path, rule: .permissionAndState, device: seed.device)
    item.state = seed.state
    item.line = seed.raw
    item.lineNumber = seed.location.line
    item.taken = taken
    item.build = seed.build
    item.time = seed.time
    return item
  }

  /// "The seed step wanted approximate but the device reported precise: …", saying which line
  /// was missing when one was.
  private func notTakenMessage(_ row: MatrixRow, _ seed: SeedReading, background: Bool) -> String {
    let found = seed.state ?? "no state"
    var message = "The seed step wanted \(row.id.state) but the device reported \(found)"
    if let missing = seed.missing(for: row.id.state, background: background) {
      message += ": the read-back has no \(missing) line"
    } else if row.id.state == "sensor-off", seed.lines.allSatisfy({ $0.sensorLine == nil }) {
      message += ": no dumpsys sensor_privacy output was captured beside it"
    } else if let note = seed.note {
      message += " (\(note))"
    }
    return message + ": " + seed.raw.replacingOccurrences(of: "\n", with: " · ")
  }

  /// What no read-back showed, the read-backs that lacked a line the state needs or whose lines
  /// disagree, and how to seed the state on the release devices' versions.
  private func missingSeedMessage(
    _ row: MatrixRow, incomplete: [SeedReading], mixed: [SeedReading], background: Bool
  ) -> String {
    let reading = policy.matrix.readings[row.id.permission]
    let named =
      reading.map {
        $0.kind == .single ? $0.primary : "\(row.id.permission) (\($0.lines.map(\.shortName).joined(separator: ", ")))"
      }
      ?? row.platformPermission ?? row.id.permission
    var message = "No seed read-back shows \(named) in state \(row.id.state)."
    let partial = incomplete.prefix(3).enumerated().compactMap { index, seed in
      seed.missing(for: row.id.state, background: background).map {
        "\(index == 0 ? "The" : "the") read-back at \(seed.location.path):\(seed.location.line ?? 0) has no \($0) line"
      }
    }
    if !partial.isEmpty {
      message +=
        " " + partial.joined(separator: "; ") + (incomplete.count > 3 ? "; and \(incomplete.count - 3) more" : "") + "."
    }
    if let last = mixed.last, let note = last.note {
      message +=
        " The read-back at \(last.location.path):\(last.location.line ?? 0) shows no state: \(note)"
        + (mixed.count > 1 ? " (and \(mixed.count - 1) more like it)." : ".")
    }
    if let advice = policy.matrix.seedAdvice(row.id, on: context.versions) {
      let app = policy.configuration.platforms[.android]?.appId ?? "PKG"
      message += " Seed it: \(advice.replacingOccurrences(of: "PKG", with: app))."
    }
    return message
  }

  /// The state a read-back was meant to show: what the evidence says (`seed did not take`, a
  /// seed-check record), else the row whose `seeds` globs name its file (``EvidencePathForms``).
  private func wanted(_ seed: SeedReading) -> String? {
    if let wanted = seed.wanted { return wanted }
    let forms = EvidencePathForms(root: seed.location.root)
    return policy.seedGlobs.first { entry in
      entry.permission == seed.permission && entry.globs.contains { forms.matches($0, path: seed.location.path) }
    }?.state
  }

  /// Every execution matched to the row (by its selectors, or named for it), on its platform.
  private func rowTests(_ row: MatrixRow) -> [TestExecution] {
    let selectors = policy.relevance.rowSelectors[row.id] ?? []
    let indices = selectors.isEmpty ? facts.tests(naming: row.id) : selectors.flatMap { facts.tests(matching: $0) }
    return indices.filter { facts.platform(of: $0) != row.id.platform.other }.map { facts.tests[$0] }
  }

  /// The row's tests: those its selectors match (or, without selectors, those named for it),
  /// on its platform, that `speaks` admits. With `failuresOnly`, only failures are reported.
  /// `refused` says which runs the release gate left out (another build, before the window), so
  /// a missing test says none ran on the build under test.
  private func tests(
    for row: MatrixRow, failuresOnly: Bool = false, into check: inout RowCheck,
    refused: (TestExecution) -> Bool = { _ in false }, where speaks: (TestExecution) -> Bool
  ) {
    let selectors = policy.relevance.rowSelectors[row.id] ?? []
    func onPlatform(_ indices: [Int]) -> [TestExecution] {
      indices.filter { facts.platform(of: $0) != row.id.platform.other }.map { facts.tests[$0] }
    }
    let groups: [(label: String, rule: AttributionRule, all: [TestExecution], hints: [TestFacts.Hint])]
    if selectors.isEmpty {
      groups = [
        (
          "a test named for \(row.id.permission) \(row.id.state)", .convention, onPlatform(facts.tests(naming: row.id)),
          []
        )
      ]
    } else {
      groups = selectors.map { selector in
        (
          policy.relevance.index.selectors[selector].text, .configSelector,
          onPlatform(facts.tests(matching: selector)), facts.hints(for: selector)
        )
      }
    }
    for group in groups {
      let executions = group.all.filter(speaks)
      // Failures on a release device first (stable otherwise): they are the ones a sign-off is about.
      let failures = executions.filter { !policy.counts(asPass: $0) && $0.outcome != .skipped }
        .enumerated().map {
          (release: check.isOnReleaseDevice($0.element) ? 0 : 1, offset: $0.offset, test: $0.element)
        }
        .sorted { ($0.release, $0.offset) < ($1.release, $1.offset) }.map(\.test)
      guard !failuresOnly || !failures.isEmpty else { continue }
      check.evidence += (failuresOnly ? failures : executions).map { MatchedEvidence($0, rule: group.rule) }
      guard row.reachable else { continue }
      if !failures.isEmpty {
        check.bad(
          .testFailed, failureMessage(failures, offRelease: failuresOnly, check: check),
          files: failures.map(\.location.path))
      } else if row.requires.contains(.test), !executions.contains(where: policy.counts(asPass:)) {
        let skipped = !executions.isEmpty
        let gated = group.all.contains(where: refused) ? " on the build under test within the evidence window" : ""
        check.missing(
          .missingTest,
          skipped
            ? "Every run of \(group.label) was skipped."
            : "No test matching \(group.label) ran\(gated)." + TestFacts.closest(group.hints),
          files: executions.map(\.location.path))
      }
      guard !failuresOnly else { continue }
      let flaky = executions.filter { $0.outcome == .flaky && policy.counts(asPass: $0) }
      if let first = flaky.first {
        check.warn(
          .testFlaky,
          "\(first.id) failed before it passed on retry\(first.device.map { " on \($0)" } ?? ""); it proves the row, but look at why it is flaky.",
          files: flaky.map(\.location.path))
      }
    }
  }

  /// A `test-failed` message naming the first failures (release devices' first, as `failures`
  /// is ordered), up to three, and how many more; `offRelease` when none ran on a release device.
  private func failureMessage(_ failures: [TestExecution], offRelease: Bool, check: RowCheck) -> String {
    // Beside a failure on a release device, the others on named devices that are not one say so.
    let marksOthers = check.isOnReleaseDevice(failures[0])
    func describe(_ failure: TestExecution) -> String {
      let verb = failure.outcome == .flaky ? "only passed on retry" : "failed"
      let where_: String
      if let device = failure.device {
        where_ =
          " on \(device)"
          + (offRelease
            ? ", which is none of the release devices"
            : (marksOthers && !check.isOnReleaseDevice(failure) ? " (none of the release devices)" : ""))
      } else {
        // Evidence naming no device says nothing of where it ran; a failure still fails the row.
        where_ = offRelease ? " on a device the evidence does not name" : ""
      }
      return "\(failure.id) \(verb)\(where_): \(MessageLines.headline(failure.message))"
    }
    var message = describe(failures[0]) + "."
    let others = failures.dropFirst().prefix(2).map(describe)
    if !others.isEmpty {
      message += " Also: " + others.joined(separator: "; ")
      let rest = failures.count - 1 - others.count
      message += (rest > 0 ? "; and \(rest) more" : "") + "."
    }
    return message
  }

  /// The row's screenshots. One claimed only by its name that Xcode's results say was taken in a
  /// test not matched to the row proves nothing for it, and is named in a warning.
  private func screenshots(
    for row: MatrixRow, _ shots: [ScreenshotCandidate], into check: inout RowCheck
  ) {
    let tests = check.evidence.filter { $0.kind == .test }
    var found = false
    var elsewhere: [Screenshot] = []
    for candidate in shots {
      guard let rule = screenshotAttribution.rule(for: candidate, row: row, tests: tests) else {
        continue
      }
      if rule == .convention, let test = candidate.shot.testIdentifier, !isRowTest(test, row: row.id) {
        elsewhere.append(candidate.shot)
        continue
      }
      found = true
      check.evidence.append(screenshotAttribution.matched(candidate.shot, rule: rule))
    }
    if !elsewhere.isEmpty {
      let shown = elsewhere.prefix(3).map { shot in
        let named = shot.attachmentName.map { " (attachment \"\($0)\")" } ?? ""
        let device = shot.device.map { " on \($0)" } ?? ""
        return "\(shot.location.path)\(named) was taken in \(shot.testIdentifier ?? "")\(device)"
      }
      let more = elsewhere.count > shown.count ? "; and \(elsewhere.count - shown.count) more" : ""
      check.warn(
        .screenshotFromOtherTest,
        "Named for \(row.id), but Xcode's results say \(shown.joined(separator: "; "))\(more): a test not matched to the row, so \(elsewhere.count == 1 ? "it proves" : "they prove") nothing for it.",
        files: elsewhere.map(\.location.path))
    }
    if row.reachable, row.requires.contains(.screenshot), !found {
      check.missing(.missingScreenshot, "No screenshot of the \(row.screen) screen for \(row.id).")
    }
  }

  /// Whether the test Xcode's results name (`Class/method()`, `Target/Class/method()`) is one
  /// of the row's: its selectors match it, or, for a row without selectors, it is named for it.
  /// It need not have run (a run of it would have made the screenshot `attached-to-test`).
  private func isRowTest(_ identifier: String, row: RowID) -> Bool {
    let selectors = policy.relevance.rowSelectors[row] ?? []
    guard !selectors.isEmpty else { return policy.relevance.conventions.rows(forTest: identifier).contains(row) }
    let stem = identifier.prefix { $0 != "(" }
    let slash = stem.lastIndex(of: "/")
    let classname = slash.map { String(identifier[..<$0]) } ?? ""
    let name = slash.map { String(identifier[identifier.index(after: $0)...]) } ?? identifier
    let subject = SelectorSubject(classname: classname, name: name)
    return selectors.contains { policy.relevance.index.selectors[$0].matches(subject) }
  }
}

/// What makes two read-backs the same evidence: the file, the lines' text, their state and
/// whether it was the state wanted, and the device.
private struct DistinctSeed: Hashable {
  var root: String
  var path: String
  var raw: String
  var state: String?
  var wanted: String?
  var device: String?

  init(_ seed: SeedReading) {
    root = seed.location.root
    path = seed.location.path
    raw = seed.raw
    state = seed.state
    wanted = seed.wanted
    device = seed.device
  }
}
