import StateProofModel
import StateProofEvidence

/// Which build and when: the times and builds each file names (joined across files where one
/// file tells another's), each platform's build and time span for the first screen, the
/// findings for evidence of another build or from outside the window, and `mixed-builds`.
extension CoverageMatcher {
  /// A piece of evidence the gate refused, for the finding that names it.
  struct RefusedEvidence {
    var path: String
    var refusal: ReleaseGate.Refusal
  }

  /// `evidence` with the times files tell of one another: an xcresulttool `tests` tree (and its
  /// test executions) takes its run's start and finish from the `summary` beside it.
  static func joiningRunTimes(_ evidence: EvidenceSet) -> EvidenceSet {
    let pairs = runs(evidence.resultTotals)
    guard !pairs.isEmpty else { return evidence }
    // The time of each summary file (its first record), found in one pass: the list may hold
    // 1,000,000 files, and no table of them all is built.
    let summaries = Set(pairs.map { FileReference(root: $0.0.location.root, path: $0.0.location.path) })
    var summaryTimes: [FileReference: EvidenceSpan?] = [:]
    for file in evidence.files {
      let reference = FileReference(root: file.root, path: file.path)
      if summaries.contains(reference), summaryTimes[reference] == nil { summaryTimes[reference] = .some(file.time) }
    }
    var spans: [FileReference: EvidenceSpan] = [:]
    for (summary, tree) in pairs {
      let summaryFile = FileReference(root: summary.location.root, path: summary.location.path)
      if let span = summaryTimes[summaryFile] ?? nil {
        spans[FileReference(root: tree.location.root, path: tree.location.path)] = span
      }
    }
    guard !spans.isEmpty else { return evidence }
    var joined = evidence
    joined.files = evidence.files.map { file in
      guard file.time == nil, let span = spans[FileReference(root: file.root, path: file.path)] else { return file }
      var file = file
      file.time = span
      return file
    }
    joined.tests = evidence.tests.map { test in
      guard test.startedAt == nil, let span = spans[FileReference(root: test.location.root, path: test.location.path)]
      else { return test }
      var test = test
      test.startedAt = span.from
      return test
    }
    return joined
  }

  /// `files` with each seed file's builds and time span taken from its lines of the app only, so
  /// a full dump names the app's version, never another package's.
  static func namingSeedBuilds(_ files: [FileRecord], appSeeds: [SeedRecord]) -> [FileRecord] {
    var builds: [FileReference: Set<BuildIdentity>] = [:]
    var times: [FileReference: [EvidenceTime]] = [:]
    for seed in appSeeds {
      let file = FileReference(root: seed.location.root, path: seed.location.path)
      if let build = seed.build { builds[file, default: []].insert(build) }
      if let time = seed.time { times[file, default: []].append(time) }
    }
    // Changed in place, and only where there are seed files: the list may hold 1,000,000 files.
    var files = files
    for index in files.indices where files[index].kind == .seedLog || files[index].kind == .seedRecord {
      let key = FileReference(root: files[index].root, path: files[index].path)
      files[index].builds = (builds[key] ?? []).sorted()
      files[index].time = times[key].flatMap { EvidenceSpan($0) }
    }
    return files
  }

  /// The platform a file's evidence is of: seed logs are Android's, Xcode's output iOS's (unless
  /// the configuration's globs say otherwise), the rest as tests are attributed.
  func platform(of file: FileRecord) -> Platform? {
    switch file.kind {
    case .seedLog: .android
    case .seedRecord: file.format == SimulatorSeed.fileFormat ? .ios : .android
    case .xcresultJSON, .attachmentManifest, .xcresultBundle: attribution.platform(path: file.path, device: nil) ?? .ios
    default: attribution.platform(path: file.path, device: file.devices.first)
    }
  }

  /// Whether a file is evidence that was read: wholly, or up to where it broke when what it gave
  /// names a build or a time (its evidence counts, so its build and time do too). What the
  /// platform block counts and the window is measured from.
  static func isReadEvidence(_ file: FileRecord) -> Bool {
    guard [.junit, .seedLog, .seedRecord, .screenshot, .xcresultJSON, .attachmentManifest].contains(file.kind)
    else { return false }
    return file.status == .read || (file.status == .unreadable && (file.time != nil || !file.builds.isEmpty))
  }

  /// What the first screen says of `platform`: the build under test, the builds and time span
  /// its evidence names (`files`, already the platform's read evidence), and its devices.
  func platformBuild(_ platform: Platform, files: [FileRecord], devices: [SeenDevice]) -> PlatformBuild {
    let expected = configuration.platforms[platform]?.build
    let references = Set(files.map { FileReference(root: $0.root, path: $0.path) })
    var counts: [BuildIdentity: Int] = [:]
    for file in files {
      for build in Set(file.builds.map(\.identity)) { counts[build, default: 0] += 1 }
    }
    let named = counts.keys.sorted().map { build in
      NamedBuild(build: build, files: counts[build]!, expected: expected.map { build.differences(from: $0).isEmpty })
    }
    return PlatformBuild(
      expected: expected, named: named, filesWithoutBuild: files.count { $0.builds.isEmpty },
      collected: EvidenceSpan(files.flatMap { $0.time?.times ?? [] }), filesWithoutTime: files.count { $0.time == nil },
      devices: devices.filter { device in
        device.platform == platform || (device.platform == nil && device.files.contains(where: references.contains))
      }.map(\.name))
  }

  /// A `mixed-builds` warning when `files` (the platform's evidence) name more than one version,
  /// version code or variant where the configuration names none: each value with the files and
  /// rows behind it.
  func mixedBuilds(_ platform: Platform, files: [FileRecord], rows: [RowReport]) -> Finding? {
    let expected = configuration.platforms[platform]?.build ?? BuildIdentity()
    let facets: [(name: String, value: (BuildIdentity) -> String?, configured: Bool)] = [
      ("versions", \.versionName, expected.versionName != nil),
      ("version codes", \.versionCode, expected.versionCode != nil),
      ("variants", { $0.variant?.lowercased() }, expected.variant != nil),
    ]
    var parts: [String] = []
    var named: Set<String> = []
    for facet in facets where !facet.configured {
      var byValue: [String: [String]] = [:]
      for file in files {
        for value in Set(file.builds.compactMap(facet.value)) { byValue[value, default: []].append(file.path) }
      }
      guard byValue.count > 1 else { continue }
      let listed = byValue.keys.sorted().map { value in
        let paths = byValue[value]!.sorted()
        named.formUnion(paths)
        let proven = rows.filter { row in row.evidence.contains { paths.contains($0.path) } }.map(\.id.description)
        let shownPaths = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
        let shownRows =
          proven.isEmpty
          ? "no row" : proven.prefix(5).joined(separator: ", ") + (proven.count > 5 ? " and \(proven.count - 5) more" : "")
        return "\(value) in \(shownPaths) (proving \(shownRows))"
      }
      parts.append("\(byValue.count) \(facet.name): " + listed.joined(separator: "; "))
    }
    guard !parts.isEmpty else { return nil }
    return accepting(
      Finding(
        code: .mixedBuilds, severity: .warning, platform: platform,
        message:
          "The \(platform.displayName) evidence names more than one build, and the configuration names none to check it against: "
          + parts.joined(separator: ". ")
          + ". Which of them this release is, nothing says: name it with platforms.\(platform.rawValue).versionName, versionCode or variant.",
        files: Array(named.sorted().prefix(20))))
  }

  /// The findings for the pieces of evidence `refused` for `subject` (a row id, or a platform's
  /// receipt): one `wrong-build` error for those of another build, one `stale-evidence` error for
  /// those collected before the window, one `stale-evidence` warning for those only a missing
  /// zone may put before it. Each piece is named once, by file.
  func refusalFindings(_ refused: [RefusedEvidence], subject: String, platform: Platform, gate: ReleaseGate)
    -> [(code: FindingCode, severity: Severity, message: String, files: [String])]
  {
    var wrong: [String: String] = [:]
    var stale: [String: String] = [:]
    var perhaps: [String: String] = [:]
    for item in refused {
      switch item.refusal {
      case .wrongBuild(let build, let differences):
        wrong[item.path] = wrong[item.path] ?? "\(item.path) names \(differences.joined(separator: ", "))\(build.source.map { " (\($0))" } ?? "")"
      case .stale(let time):
        stale[item.path] = stale[item.path] ?? "\(item.path) at \(time) (\(time.source)), \(gate.age(of: time)) before"
      case .perhapsStale(let time):
        perhaps[item.path] = perhaps[item.path] ?? "\(item.path) at \(time) (\(time.source))"
      }
    }
    func pieces(_ count: Int) -> String { count == 1 ? "1 file" : "\(count) files" }
    func listed(_ items: [String: String]) -> String {
      let sorted = items.keys.sorted().map { items[$0]! }
      return sorted.prefix(5).joined(separator: "; ") + (sorted.count > 5 ? "; and \(sorted.count - 5) more" : "")
    }
    var findings: [(FindingCode, Severity, String, [String])] = []
    if !wrong.isEmpty {
      let expected = configuration.platforms[platform]?.build.map(\.description) ?? ""
      findings.append(
        (.wrongBuild, .error,
         "\(pieces(wrong.count)) of evidence for \(subject) \(wrong.count == 1 ? "names" : "name") another build than the one under test (\(expected)): \(listed(wrong)). It proves nothing for this release.",
         wrong.keys.sorted()))
    }
    if let check = gate.check, let from = check.from {
      let reference = "\(check.reference == .builtAt ? "--built-at" : "the newest evidence"), \(from)"
      if !stale.isEmpty {
        findings.append(
          (.staleEvidence, .error,
           "\(pieces(stale.count)) of evidence for \(subject) \(stale.count == 1 ? "was" : "were") collected before the \(check.window) window measured back from \(reference): \(listed(stale)). It proves nothing for this release.",
           stale.keys.sorted()))
      }
      if !perhaps.isEmpty {
        findings.append(
          (.staleEvidence, .warning,
           "\(pieces(perhaps.count)) of evidence for \(subject) may have been collected before the \(check.window) window measured back from \(reference): \(listed(perhaps)). Taken as UTC \(perhaps.count == 1 ? "its time lies" : "their times lie") before the window, but no zone is written, and in another zone \(perhaps.count == 1 ? "it lies" : "they lie") inside; \(perhaps.count == 1 ? "it still proves" : "they still prove") the row.",
           perhaps.keys.sorted()))
      }
    }
    return findings
  }
}
