import StateProofModel
import StateProofEvidence

/// Which build and when: the times and builds each file names (joined across files where one
/// file tells another's), each platform's build and time span for the first screen, the
/// findings for evidence of another build or from outside the window, and `mixed-builds`.
extension CoverageMatcher {
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
    case .xcresultJSON, .attachmentManifest, .xcresultBundle:
      attribution.platform(root: file.root, path: file.path, device: nil) ?? .ios
    default: attribution.platform(root: file.root, path: file.path, device: file.devices.first)
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
    let expected = policy.configuration.platforms[platform]?.build
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
    let expected = policy.configuration.platforms[platform]?.build ?? BuildIdentity()
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
        let shownPaths =
          paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? " and \(paths.count - 3) more" : "")
        let shownRows =
          proven.isEmpty
          ? "no row"
          : proven.prefix(5).joined(separator: ", ") + (proven.count > 5 ? " and \(proven.count - 5) more" : "")
        return "\(value) in \(shownPaths) (proving \(shownRows))"
      }
      parts.append("\(byValue.count) \(facet.name): " + listed.joined(separator: "; "))
    }
    guard !parts.isEmpty else { return nil }
    return policy.accepting(
      Finding(
        code: .mixedBuilds, severity: .warning, platform: platform,
        message:
          "The \(platform.displayName) evidence names more than one build, and the configuration names none to check it against: "
          + parts.joined(separator: ". ")
          + ". Which of them this release is, nothing says: name it with platforms.\(platform.rawValue).versionName, versionCode or variant.",
        files: Array(named.sorted().prefix(20))))
  }
}
