import StateProofSystem
import StateProofModel
import StateProofEvidence

/// Matches typed evidence against the matrix: holds the ``MatchPolicy`` every decision is made by
/// and the run's platform attribution, and assembles the report: the run-wide findings, each
/// platform's receipt (``ReceiptDecision``) and rows (``RowDecision``), its build and devices, the
/// sources.
package struct CoverageMatcher: Sendable {
  /// The rules the decisions are made by; in ``report(_:roots:generatedAt:configurationFindings:baseline:)``,
  /// its matrix with the rows the app's own declarations decide.
  package private(set) var policy: MatchPolicy
  /// Which platform evidence is from; in ``report(_:roots:generatedAt:configurationFindings:baseline:)``,
  /// knowing the device identities the readers handed over.
  private(set) var attribution: PlatformAttribution
  private(set) var screenshotAttribution: ScreenshotAttribution
  /// The candidate's build time (`--built-at`): the evidence window is measured back from it.
  let builtAt: EvidenceTime?

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
    policy = try MatchPolicy(
      configuration: configuration, allowances: allowances, today: today, builds: builds, window: window)
    self.builtAt = builtAt
    attribution = PlatformAttribution(configuration: policy.configuration)
    screenshotAttribution = ScreenshotAttribution(
      matrix: policy.matrix, platforms: attribution, conventions: policy.relevance.conventions)
  }

  /// Builds the coverage model from everything the read stage produced; `configurationFindings`
  /// are about how the run was set up (which configuration applied), accepted like any other;
  /// `baseline` is the last sign-off's report and its path, for what the app newly declares.
  package func report(
    _ read: EvidenceSet, roots: [String], generatedAt: String?, configurationFindings: [Finding] = [],
    baseline: (path: String, report: BaselineReport)? = nil
  ) -> Report {
    let appId = policy.configuration.platforms[.android]?.appId
    let declared = DeclaredApp(
      read.declarations, configuration: policy.configuration,
      seedTargets: read.seeds.filter { appId == nil || $0.package == appId }.compactMap(\.targetSdk))
    var known = knowing(read.deviceIdentities)
    if !declared.platforms.isEmpty { known.policy.matrix = declared.adjust(policy.matrix) }
    return known.assemble(
      read, roots: roots, generatedAt: generatedAt, configurationFindings: configurationFindings, declared: declared,
      baseline: baseline)
  }

  /// This matcher, its platform attribution knowing the identities the readers handed over.
  private func knowing(_ devices: [String: DeviceIdentity]) -> CoverageMatcher {
    var known = self
    known.attribution = attribution.knowing(devices)
    known.screenshotAttribution = ScreenshotAttribution(
      matrix: policy.matrix, platforms: known.attribution, conventions: policy.relevance.conventions)
    return known
  }

  private func assemble(
    _ read: EvidenceSet, roots: [String], generatedAt: String?, configurationFindings: [Finding],
    declared: DeclaredApp, baseline: (path: String, report: BaselineReport)?
  ) -> Report {
    var evidence = Self.joiningRunTimes(read)
    // Only the app's seed lines can prove a row (and name its build); files that hold none of
    // them are listed.
    let ownership = SeedOwnership(seeds: evidence.seeds, appId: policy.configuration.platforms[.android]?.appId)
    let appSeeds = evidence.seeds.filter(ownership.isApp).map(ownership.withAppBuild)
    evidence.files = Self.namingSeedBuilds(evidence.files, appSeeds: appSeeds)
    evidence.files = Self.namingExportedAttachments(evidence.files, attachments: evidence.attachments)
    let gate = ReleaseGate(
      configuration: policy.configuration, builtAt: builtAt,
      times: evidence.files.filter(Self.isReadEvidence).flatMap { $0.time?.times ?? [] })
    var findings = configurationFindings.map(policy.accepting)
    let nothing = Self.noEvidence(evidence.files, roots: roots)
    if let nothing { findings.append(policy.accepting(nothing)) }
    // A finding per unreadable file: room for them at once, not doubled as they come.
    findings.reserveCapacity(findings.count + evidence.files.count { $0.status == .unreadable } + 64)
    findings += evidence.files.lazy.filter { $0.status == .unreadable }.map { file in
      policy.accepting(
        Finding(
          code: .unreadableEvidence, severity: .error,
          row: screenshotAttribution.conventionRow(root: file.root, path: file.path, device: nil),
          joining: Self.unreadableMessage(file),
          files: [file.path]))
    }
    findings += missingAttachments(evidence).map(policy.accepting)
    findings += xcresultFindings(evidence).map(policy.accepting)
    let catalog = DeviceCatalog(
      evidence: evidence, releaseDevices: policy.releaseDevices.all, releasePlatforms: policy.releaseDevices.platforms)
    let facts = TestFacts(evidence: evidence, relevance: policy.relevance, attribution: attribution)
    var platforms: [PlatformReport] = []
    let shots = screenshotAttribution.candidates(evidence.screenshots)
    let seen = catalog.seenDevices(releaseDevices: policy.releaseDevices.all, attribution: attribution)
    let target = TargetContext(
      configured: policy.configuration.platforms[.android]?.targetSdk, seeds: appSeeds,
      declarations: declared.platforms[.android]?.used ?? [])
    let readings = SeedReading.compose(appSeeds, readings: policy.matrix.readings, targetSdk: target.target)
    if policy.matrix.rows.contains(where: { $0.id.platform == .android }) {
      findings += ownership.findings(files: evidence.files, seeds: evidence.seeds, blocks: evidence.seedPackageBlocks)
        .map(policy.accepting)
    }
    let stops = incompleteRuns(evidence.incompleteRuns)
    let receipts = ReceiptDecision(policy: policy, facts: facts, catalog: catalog, gate: gate, readings: readings)
    for platform in Platform.allCases {
      let rows = policy.matrix.rows.filter { $0.id.platform == platform }
      guard !rows.isEmpty else {
        // A platform the sign-off has no row on, whose app files declare permissions: each is
        // still declared and not covered.
        findings += (declared.summary(platform, matrix: policy.matrix, apiLevels: [])?.1 ?? []).map(policy.accepting)
        continue
      }
      let devices = policy.releaseDevices[platform]
      let receipt = receipts.decide(platform)
      let stopped = stops[platform] ?? []
      let context = OSContext(
        platform: platform, releaseDevices: devices, catalog: catalog, attribution: attribution,
        sdks: appSeeds.compactMap(\.sdk))
      var decision = RowDecision(
        policy: policy, facts: facts, catalog: catalog, gate: gate, context: context, target: target,
        screenshotAttribution: screenshotAttribution)
      // Only the app's own read-backs count: another app's store proves nothing for it.
      let bundle = policy.configuration.platforms[.ios]?.appId
      decision.simulatorSeeds = evidence.simulatorSeeds.filter { bundle == nil || $0.bundle == bundle }
      let rowReports = decision.decide(
        rows.map { target.resolve(context.resolve($0, in: policy.matrix), in: policy.matrix) }, readings: readings,
        shots: shots)
      let files = evidence.files.filter { Self.isReadEvidence($0) && self.platform(of: $0) == platform }
      // What the app's own files declare, beside what the sign-off covers, on the release
      // devices' API levels.
      let apiLevels = platform == .android ? context.releaseVersions.compactMap { $0.version?.components.first } : []
      var declaredSummary = declared.summary(platform, matrix: policy.matrix, apiLevels: apiLevels)
      if let summary = declaredSummary?.0, let baseline {
        let before = baseline.report.platforms.first { $0.platform == platform }?.declared
        declaredSummary?.1 += DeclaredApp.changes(from: before, to: summary, platform: platform, path: baseline.path)
      }
      let platformFindings =
        receipt.findings + runIncomplete(platform, stopped) + rowReports.flatMap(\.findings)
        + catalog.findings(platform: platform, releaseDevices: devices, attribution: attribution).map(policy.accepting)
        + [mixedBuilds(platform, files: files, rows: rowReports)].compactMap { $0 }
        + (platform == .android ? target.findings.map(policy.accepting) : [])
        + (declaredSummary?.1 ?? []).map(policy.accepting)
      findings += platformFindings
      var report = PlatformReport(
        platform: platform, appId: policy.configuration.platforms[platform]?.appId,
        releaseDevices: devices, perDevice: policy.isPerDevice(platform), receipt: receipt.report,
        incompleteRuns: stopped, rows: rowReports, findings: platformFindings,
        build: platformBuild(platform, files: files, devices: seen))
      report.declared = declaredSummary?.0
      platforms.append(report)
    }
    findings += screenshotAttribution.unmatched(evidence.screenshots, in: platforms).map(policy.accepting)
    // Where nothing was read at all, `no-evidence` says why every glob matched nothing.
    if nothing == nil { findings += unmatchedGlobs(evidence, roots: roots, facts: facts).map(policy.accepting) }
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
      app: policy.configuration.app, release: policy.configuration.release, generatedAt: generatedAt,
      roots: roots, devices: seen, sources: sources, platforms: platforms, findings: consume findings,
      evidence: evidence.files)
    report.builtAt = builtAt.map { EvidenceTime.iso($0.seconds) }
    report.evidenceWindow = gate.check
    return report
  }

  /// The `no-evidence` error when no file under `roots` is of a kind StateProof reads (read or
  /// not): an empty or failed artifact download must not read as the gaps it causes.
  static func noEvidence(_ files: [FileRecord], roots: [String]) -> Finding? {
    let read: Set<FileKind> = [
      .junit, .seedLog, .seedRecord, .screenshot, .attachmentManifest, .xcresultJSON, .xcresultBundle,
    ]
    guard !files.contains(where: { read.contains($0.kind) && $0.status != .ignored }) else { return nil }
    let verb = roots.count == 1 ? "holds" : "hold"
    let paths =
      roots.isEmpty
      ? "No evidence path was given"
      : (roots.count == 1 ? "The evidence path " : "The evidence paths ") + roots.joined(separator: ", ")
        + (files.isEmpty
          ? " \(verb) no file"
          : " \(verb) \(files.count == 1 ? "1 file" : "\(files.count) files") and nothing StateProof reads")
    return Finding(
      code: .noEvidence, severity: .error,
      message:
        "\(paths): no JUnit XML, Xcode result bundle or xcresulttool JSON, attachments manifest, seed log or record, or screenshot. Every gap below follows from this; check that the step that gathers or downloads the evidence ran."
    )
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
        platform: attribution.platform(manifest, device: absent.first?.device),
        message:
          "\(manifest.path) lists \(count) that \(total == 1 ? "is" : "are") not there: \(shown.joined(separator: ", "))\(more). They prove nothing; keep the whole export folder with the evidence.",
        files: [manifest.path] + absent.prefix(20).map(\.path))
    }
  }

  /// `files` with the reason of each `other` file an attachments manifest lists as exported
  /// (a text or data attachment) saying so: only an image can be a screenshot.
  private static func namingExportedAttachments(_ files: [FileRecord], attachments: [AttachmentRecord]) -> [FileRecord]
  {
    guard !attachments.isEmpty, files.contains(where: { $0.kind == .other }) else { return files }
    var exported: [FileReference: AttachmentRecord] = [:]
    for attachment in attachments {
      exported[FileReference(root: attachment.manifest.root, path: attachment.path)] =
        exported[FileReference(root: attachment.manifest.root, path: attachment.path)] ?? attachment
    }
    return files.map { file in
      guard file.kind == .other, let attachment = exported[FileReference(root: file.root, path: file.path)] else {
        return file
      }
      var file = file
      let test = attachment.testIdentifier.map { " of \($0)" } ?? ""
      let name = attachment.name.map { " (\"\($0)\")" } ?? ""
      file.error = .notEvidence(
        "an attachment\(name)\(test) that \(attachment.manifest.path) lists as exported, and no image: only an image can prove a screen"
      )
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
        location.path, (location.line.map { ":\($0)" } ?? "") + (location.column.map { ":\($0)" } ?? ""),
        problem.message
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
