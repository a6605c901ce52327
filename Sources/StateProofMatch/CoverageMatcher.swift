import StateProofSystem
import StateProofModel
import StateProofEvidence

/// Matches typed evidence against the matrix: holds what every decision is made by (the
/// configuration, the matrix, ``TestRelevance``, the release devices, platform attribution, the
/// acceptances) and assembles the report: the run-wide findings, each platform's receipt
/// (``ReceiptDecision``) and rows (``RowDecision``), its build and devices, the sources.
package struct CoverageMatcher: Sendable {
  package let configuration: Configuration
  /// The configuration's rows; in ``report(_:roots:generatedAt:configurationFindings:baseline:)``,
  /// with the rows the app's own declarations decide.
  package private(set) var matrix: Matrix
  /// Which platform evidence is from; in ``report(_:roots:generatedAt:configurationFindings:)``,
  /// knowing the device identities the readers handed over.
  private(set) var attribution: PlatformAttribution
  /// Which test executions may prove something: what the readers ask while they stream, and the
  /// selectors rows and receipts are decided by.
  package let relevance: TestRelevance
  private(set) var screenshotAttribution: ScreenshotAttribution
  private let allowances: [Allowance]
  /// The day (`YYYY-MM-DD`) acceptances are checked against.
  private let today: String
  /// Each row's `seeds` globs, compiled once: which seed logs were written for which state (of
  /// which permission id).
  let seedGlobs: [(permission: String, state: String, globs: [Glob])]
  /// The candidate's build time (`--built-at`): the evidence window is measured back from it.
  let builtAt: EvidenceTime?
  /// Each platform's release devices, read from the configuration once.
  let releaseDevices: ReleaseDevices

  /// - Parameters:
  ///   - allowances: gaps accepted on the command line, besides the configuration's own.
  ///   - today: the day acceptances' `until` dates are checked against.
  ///   - builtAt: the candidate's build time, when known.
  ///   - builds: the build under test per platform as the run names it (`--build`), in place of
  ///     the configuration's; an empty identity clears the configuration's.
  ///   - window: the evidence window the run names (`--window`), in place of the configuration's.
  package init(
    configuration: Configuration, allowances: [Allowance] = [], today: String, builtAt: EvidenceTime? = nil,
    builds: [Platform: BuildIdentity] = [:], window: EvidenceWindow? = nil
  ) throws(ConfigurationError) {
    var configuration = configuration
    for (platform, build) in builds {
      configuration.platforms[platform, default: Configuration.PlatformSettings()].build =
        build.isEmpty ? nil : build.identity
    }
    if let window { configuration.window = window }
    self.configuration = configuration
    self.builtAt = builtAt
    releaseDevices = ReleaseDevices(configuration: configuration)
    matrix = try Matrix(configuration: configuration)
    attribution = PlatformAttribution(configuration: configuration)
    relevance = TestRelevance(matrix: matrix, configuration: configuration)
    screenshotAttribution = ScreenshotAttribution(
      matrix: matrix, platforms: attribution, conventions: relevance.conventions)
    seedGlobs = matrix.rows.filter { !$0.seeds.isEmpty }.map { row in
      (row.id.permission, row.id.state, row.seeds.map { Glob($0, pathMode: true) })
    }
    self.allowances = configuration.allow + allowances
    self.today = today
  }

  /// Builds the coverage model from everything the read stage produced; `configurationFindings`
  /// are about how the run was set up (which configuration applied), accepted like any other;
  /// `baseline` is the last sign-off's report and its path, for what the app newly declares.
  package func report(
    _ read: EvidenceSet, roots: [String], generatedAt: String?, configurationFindings: [Finding] = [],
    baseline: (path: String, report: BaselineReport)? = nil
  ) -> Report {
    let appId = configuration.platforms[.android]?.appId
    let declared = DeclaredApp(
      read.declarations, configuration: configuration,
      seedTargets: read.seeds.filter { appId == nil || $0.package == appId }.compactMap(\.targetSdk))
    var known = knowing(read.deviceIdentities)
    if !declared.platforms.isEmpty { known.matrix = declared.adjust(matrix) }
    return known.assemble(
      read, roots: roots, generatedAt: generatedAt, configurationFindings: configurationFindings, declared: declared,
      baseline: baseline)
  }

  /// This matcher, its platform attribution knowing the identities the readers handed over.
  private func knowing(_ devices: [String: DeviceIdentity]) -> CoverageMatcher {
    var known = self
    known.attribution = attribution.knowing(devices)
    known.screenshotAttribution = ScreenshotAttribution(
      matrix: matrix, platforms: known.attribution, conventions: relevance.conventions)
    return known
  }

  private func assemble(
    _ read: EvidenceSet, roots: [String], generatedAt: String?, configurationFindings: [Finding],
    declared: DeclaredApp, baseline: (path: String, report: BaselineReport)?
  ) -> Report {
    var evidence = Self.joiningRunTimes(read)
    // Only the app's seed lines can prove a row (and name its build); files that hold none of
    // them are listed.
    let ownership = SeedOwnership(seeds: evidence.seeds, appId: configuration.platforms[.android]?.appId)
    let appSeeds = evidence.seeds.filter(ownership.isApp).map(ownership.withAppBuild)
    evidence.files = Self.namingSeedBuilds(evidence.files, appSeeds: appSeeds)
    evidence.files = Self.namingExportedAttachments(evidence.files, attachments: evidence.attachments)
    let gate = ReleaseGate(
      configuration: configuration, builtAt: builtAt,
      times: evidence.files.filter(Self.isReadEvidence).flatMap { $0.time?.times ?? [] })
    var findings = configurationFindings.map(accepting)
    if let nothing = Self.noEvidence(evidence.files, roots: roots) { findings.append(accepting(nothing)) }
    // A finding per unreadable file: room for them at once, not doubled as they come.
    findings.reserveCapacity(findings.count + evidence.files.count { $0.status == .unreadable } + 64)
    findings += evidence.files.lazy.filter { $0.status == .unreadable }.map { file in
      accepting(
        Finding(
          code: .unreadableEvidence, severity: .error,
          row: screenshotAttribution.conventionRow(path: file.path, device: nil),
          joining: Self.unreadableMessage(file),
          files: [file.path]))
    }
    findings += missingAttachments(evidence).map(accepting)
    findings += xcresultFindings(evidence).map(accepting)
    let catalog = DeviceCatalog(
      evidence: evidence, releaseDevices: releaseDevices.all, releasePlatforms: releaseDevices.platforms)
    let facts = TestFacts(evidence: evidence, matcher: self)
    var platforms: [PlatformReport] = []
    let shots = screenshotAttribution.candidates(evidence.screenshots)
    let seen = catalog.seenDevices(releaseDevices: releaseDevices.all, attribution: attribution)
    let target = TargetContext(
      configured: configuration.platforms[.android]?.targetSdk, seeds: appSeeds,
      declarations: declared.platforms[.android]?.used ?? [])
    let readings = SeedReading.compose(appSeeds, readings: matrix.readings, targetSdk: target.target)
    if matrix.rows.contains(where: { $0.id.platform == .android }) {
      findings += ownership.findings(files: evidence.files, seeds: evidence.seeds, blocks: evidence.seedPackageBlocks)
        .map(accepting)
    }
    let stops = incompleteRuns(evidence.incompleteRuns)
    let receipts = ReceiptDecision(matcher: self, facts: facts, catalog: catalog, gate: gate, readings: readings)
    for platform in Platform.allCases {
      let rows = matrix.rows.filter { $0.id.platform == platform }
      guard !rows.isEmpty else {
        // A platform the sign-off has no row on, whose app files declare permissions: each is
        // still declared and not covered.
        findings += (declared.summary(platform, matrix: matrix, apiLevels: [])?.1 ?? []).map(accepting)
        continue
      }
      let devices = releaseDevices[platform]
      let receipt = receipts.decide(platform)
      let stopped = stops[platform] ?? []
      let context = OSContext(
        platform: platform, releaseDevices: devices, catalog: catalog, attribution: attribution,
        sdks: appSeeds.compactMap(\.sdk))
      var decision = RowDecision(
        matcher: self, facts: facts, catalog: catalog, gate: gate, context: context, target: target)
      // Only the app's own read-backs count: another app's store proves nothing for it.
      let bundle = configuration.platforms[.ios]?.appId
      decision.simulatorSeeds = evidence.simulatorSeeds.filter { bundle == nil || $0.bundle == bundle }
      let rowReports = decision.decide(
        rows.map { target.resolve(context.resolve($0, in: matrix), in: matrix) }, readings: readings, shots: shots)
      let files = evidence.files.filter { Self.isReadEvidence($0) && self.platform(of: $0) == platform }
      // What the app's own files declare, beside what the sign-off covers, on the release
      // devices' API levels.
      let apiLevels = platform == .android ? context.releaseVersions.compactMap { $0.version?.components.first } : []
      var declaredSummary = declared.summary(platform, matrix: matrix, apiLevels: apiLevels)
      if let summary = declaredSummary?.0, let baseline {
        let before = baseline.report.platforms.first { $0.platform == platform }?.declared
        declaredSummary?.1 += DeclaredApp.changes(from: before, to: summary, platform: platform, path: baseline.path)
      }
      let platformFindings =
        receipt.findings + runIncomplete(platform, stopped) + rowReports.flatMap(\.findings)
        + catalog.findings(platform: platform, releaseDevices: devices, attribution: attribution).map(accepting)
        + [mixedBuilds(platform, files: files, rows: rowReports)].compactMap { $0 }
        + (platform == .android ? target.findings.map(accepting) : [])
        + (declaredSummary?.1 ?? []).map(accepting)
      findings += platformFindings
      var report = PlatformReport(
        platform: platform, appId: configuration.platforms[platform]?.appId,
        releaseDevices: devices, perDevice: isPerDevice(platform), receipt: receipt.report,
        incompleteRuns: stopped, rows: rowReports, findings: platformFindings,
        build: platformBuild(platform, files: files, devices: seen))
      report.declared = declaredSummary?.0
      platforms.append(report)
    }
    findings += screenshotAttribution.unmatched(evidence.screenshots, in: platforms).map(accepting)
    let sources = roots.map { root in
      let files = evidence.files.lazy.filter { $0.root == root }
      return EvidenceSource(
        root: root, files: files.count,
        testReports: files.count { file in
          file.status != .ignored
            && (file.kind == .junit || file.kind == .xcresultBundle
              || (file.kind == .xcresultJSON && file.xcresultCommand == .tests))
        },
        devices: catalog.devices(under: root))
    }
    var report = Report(
      app: configuration.app, release: configuration.release, generatedAt: generatedAt,
      roots: roots, devices: seen, sources: sources, platforms: platforms, findings: consume findings,
      evidence: evidence.files)
    report.builtAt = builtAt.map { EvidenceTime.iso($0.seconds) }
    report.evidenceWindow = gate.check
    return report
  }

  /// The `no-evidence` error when no file under `roots` is of a kind StateProof reads (read or
  /// not): an empty or failed artifact download must not read as the gaps it causes.
  static func noEvidence(_ files: [FileRecord], roots: [String]) -> Finding? {
    let read: Set<FileKind> = [.junit, .seedLog, .seedRecord, .screenshot, .attachmentManifest, .xcresultJSON, .xcresultBundle]
    guard !files.contains(where: { read.contains($0.kind) && $0.status != .ignored }) else { return nil }
    let verb = roots.count == 1 ? "holds" : "hold"
    let paths =
      roots.isEmpty
      ? "No evidence path was given"
      : (roots.count == 1 ? "The evidence path " : "The evidence paths ") + roots.joined(separator: ", ")
        + (files.isEmpty
          ? " \(verb) no file" : " \(verb) \(files.count == 1 ? "1 file" : "\(files.count) files") and nothing StateProof reads")
    return Finding(
      code: .noEvidence, severity: .error,
      message:
        "\(paths): no JUnit XML, Xcode result bundle or xcresulttool JSON, attachments manifest, seed log or record, or screenshot. Every gap below follows from this; check that the step that gathers or downloads the evidence ran.")
  }

  /// A `missing-attachment` warning for each attachments manifest that lists exported files
  /// the evidence does not hold: an export copied in part, whose missing files prove nothing.
  private func missingAttachments(_ evidence: EvidenceSet) -> [Finding] {
    let present = Set(evidence.files.map { FileReference(root: $0.root, path: $0.path) })
    // Per manifest, how many are missing and the first 20 of them in order: a manifest of
    // 100,000 entries whose files are all gone is not copied whole.
    let listed = 20
    var missing: [EvidenceLocation: (count: Int, first: [AttachmentRecord])] = [:]
    for attachment in evidence.attachments
    where !present.contains(FileReference(root: attachment.manifest.root, path: attachment.path)) {
      var entry = missing[attachment.manifest] ?? (0, [])
      entry.count += 1
      if entry.first.count < listed || attachment < entry.first[listed - 1] {
        entry.first.insert(attachment, at: entry.first.firstIndex { attachment < $0 } ?? entry.first.endIndex)
        if entry.first.count > listed { entry.first.removeLast() }
      }
      missing[attachment.manifest] = entry
    }
    return missing.keys.sorted().map { manifest in
      let (total, absent) = missing[manifest]!
      let shown = absent.prefix(5).map { attachment in
        attachment.exportedFileName + (attachment.name.map { " (\"\($0)\")" } ?? "")
      }
      let more = total > shown.count ? " and \(total - shown.count) more" : ""
      let count = total == 1 ? "1 exported file" : "\(total) exported files"
      return Finding(
        code: .missingAttachment, severity: .warning,
        platform: attribution.platform(path: manifest.path, device: absent.first?.device),
        message:
          "\(manifest.path) lists \(count) that \(total == 1 ? "is" : "are") not there: \(shown.joined(separator: ", "))\(more). They prove nothing; keep the whole export folder with the evidence.",
        files: [manifest.path] + absent.prefix(20).map(\.path))
    }
  }

  /// `files` with the reason of each `other` file an attachments manifest lists as exported
  /// (a text or data attachment) saying so: only an image can be a screenshot.
  private static func namingExportedAttachments(_ files: [FileRecord], attachments: [AttachmentRecord]) -> [FileRecord] {
    guard !attachments.isEmpty, files.contains(where: { $0.kind == .other }) else { return files }
    var exported: [FileReference: AttachmentRecord] = [:]
    for attachment in attachments {
      exported[FileReference(root: attachment.manifest.root, path: attachment.path)] = exported[FileReference(root: attachment.manifest.root, path: attachment.path)] ?? attachment
    }
    return files.map { file in
      guard file.kind == .other, let attachment = exported[FileReference(root: file.root, path: file.path)] else { return file }
      var file = file
      let test = attachment.testIdentifier.map { " of \($0)" } ?? ""
      let name = attachment.name.map { " (\"\($0)\")" } ?? ""
      file.error = .notEvidence(
        "an attachment\(name)\(test) that \(attachment.manifest.path) lists as exported, and no image: only an image can prove a screen")
      return file
    }
  }

  /// "Could not read PATH:LINE:COLUMN: problem.", the problem on one line whatever its text
  /// holds; in parts, so a million such findings share their files' paths and one problem text.
  private static func unreadableMessage(_ file: FileRecord) -> (String, String, String, String) {
    let (path, position, text): (String, String, String)
    switch file.error {
    case .problem(let problem) where problem.location.path == file.path:
      let location = problem.location
      (path, position, text) = (
        location.path, (location.line.map { ":\($0)" } ?? "") + (location.column.map { ":\($0)" } ?? ""), problem.message
      )
    case .problem(let problem):
      (path, position, text) = (file.path, "", problem.description)
    case .notOpened(let reason), .notEvidence(let reason):
      (path, position, text) = (file.path, "", reason)
    case nil:
      (path, position, text) = (file.path, "", "unknown problem")
    }
    let line = oneLine(text)
    return ("Could not read ", path, position + ": ", SharedText.shared(line.hasSuffix(".") ? line : line + "."))
  }

  private static func oneLine(_ text: String) -> String {
    text.contains(where: \.isNewline) ? text.split(whereSeparator: \.isNewline).joined(separator: " ") : text
  }

  /// Whether rows on `platform` are decided per release device.
  func isPerDevice(_ platform: Platform) -> Bool {
    configuration.perDevice && !releaseDevices[platform].isEmpty
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

  /// " Closest: a.B#c (differs in case)." for a selector that matched nothing; empty without hints.
  static func hint(_ hints: [TestFacts.Hint]) -> String {
    guard !hints.isEmpty else { return "" }
    let listed = hints.map { "\($0.id) (differs in \($0.differences.description))" }
    return " Closest: \(listed.joined(separator: "; "))."
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

  func matched(_ test: TestExecution, rule: AttributionRule) -> MatchedEvidence {
    var item = MatchedEvidence(
      kind: .test, root: test.location.root, path: test.location.path, rule: rule,
      device: test.device)
    item.id = test.id
    item.outcome = test.outcome
    item.message = test.message
    item.lineNumber = test.location.line
    item.configuration = test.configuration
    item.arguments = test.arguments
    item.os = test.os
    item.build = test.build
    item.time = test.startedAt
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
