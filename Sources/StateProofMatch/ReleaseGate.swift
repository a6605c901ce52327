import StateProofModel

/// Whether a piece of evidence can speak for the release under test: the build it names against
/// the configured build (`platforms.P.versionName`, `versionCode`, `variant`), and the time it
/// names against the evidence window (`window`), measured back from `--built-at` or from the
/// newest time any evidence names. Evidence that names no build or no time is let through: the
/// report lists it as naming none.
///
/// A time written without a zone is only known within a day (see ``EvidenceTime``). It is
/// outside the window for certain when it is in every zone it can be in (and so is the time the
/// window is measured from); when only its missing zone puts it outside (taken as UTC it is,
/// read in some zone it is not), it is ``Refusal/perhapsStale(_:)``: named, and still counted.
struct ReleaseGate {
  /// Why a piece of evidence does not speak for the release.
  enum Refusal: Equatable {
    /// It names another build: what it names, and how that differs from the configured build.
    case wrongBuild(BuildIdentity, differences: [String])
    /// It was collected before the window, in every zone its time (and the reference) can be in.
    case stale(EvidenceTime)
    /// Taken as UTC it lies before the window; read in another zone it does not.
    case perhapsStale(EvidenceTime)

    /// Whether the evidence still proves its row.
    var stillCounts: Bool { if case .perhapsStale = self { true } else { false } }
  }

  let expected: [Platform: BuildIdentity]
  /// The window and what it is measured from; nil when no window is configured.
  let check: WindowCheck?
  /// The latest instant the window can start at for certain: evidence before it in every zone
  /// is stale.
  private let certainStart: Int?
  /// Where the window starts when every time is taken at face value (UTC).
  private let nominalStart: Int?

  /// - Parameters:
  ///   - builtAt: the candidate's build time (`--built-at`), the window's reference when given.
  ///   - times: every time the evidence names, for the newest.
  init(configuration: Configuration, builtAt: EvidenceTime?, times: [EvidenceTime]) {
    var expected: [Platform: BuildIdentity] = [:]
    for (platform, settings) in configuration.platforms {
      if let build = settings.build, !build.isEmpty { expected[platform] = build }
    }
    self.expected = expected
    guard let window = configuration.window else {
      check = nil
      certainStart = nil
      nominalStart = nil
      return
    }
    if let builtAt {
      check = WindowCheck(window: window, reference: .builtAt, from: builtAt)
      certainStart = builtAt.earliest - window.seconds
      nominalStart = builtAt.seconds - window.seconds
      return
    }
    // The newest evidence: the latest time it is in every zone reading, and at face value.
    let newest = times.max { ($0.earliest, $0.seconds) < ($1.earliest, $1.seconds) }
    check = WindowCheck(window: window, reference: .newestEvidence, from: newest)
    certainStart = newest.map { $0.earliest - window.seconds }
    nominalStart = times.map(\.seconds).max().map { $0 - window.seconds }
  }

  /// Why evidence on `platform` that names `build` and `time` does not speak for the release,
  /// or nil when it does (or names neither).
  func refusal(build: BuildIdentity?, time: EvidenceTime?, platform: Platform) -> Refusal? {
    if let build, let wanted = expected[platform] {
      let differences = build.differences(from: wanted)
      if !differences.isEmpty { return .wrongBuild(build, differences: differences) }
    }
    guard let time, let certainStart, let nominalStart else { return nil }
    if time.latest < certainStart { return .stale(time) }
    if time.seconds < nominalStart { return .perhapsStale(time) }
    return nil
  }

  /// "2 days 3 h", "5 h", "40 min": how long before the window's reference `time` lies.
  func age(of time: EvidenceTime) -> String {
    guard let from = check?.from else { return "" }
    let seconds = max(0, from.seconds - time.seconds)
    let days = seconds / 86_400
    let hours = seconds % 86_400 / 3600
    if days > 0 { return hours > 0 ? "\(days) d \(hours) h" : "\(days) d" }
    if hours > 0 { return "\(hours) h" }
    return "\(seconds / 60) min"
  }

  /// The findings for the pieces of evidence `refused` for `subject` (a row id, or a platform's
  /// receipt): one `wrong-build` error for those of another build, one `stale-evidence` error for
  /// those collected before the window, one `stale-evidence` warning for those only a missing
  /// zone may put before it. Each piece is named once, by file.
  func findings(_ refused: [RefusedEvidence], subject: String, platform: Platform)
    -> [(code: FindingCode, severity: Severity, message: String, files: [String])]
  {
    var wrong: [String: String] = [:]
    var stale: [String: String] = [:]
    var perhaps: [String: String] = [:]
    for item in refused {
      switch item.refusal {
      case .wrongBuild(let build, let differences):
        wrong[item.path] =
          wrong[item.path]
          ?? "\(item.path) names \(differences.joined(separator: ", "))\(build.source.map { " (\($0))" } ?? "")"
      case .stale(let time):
        stale[item.path] = stale[item.path] ?? "\(item.path) at \(time) (\(time.source)), \(age(of: time)) before"
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
      let wanted = expected[platform]?.description ?? ""
      findings.append(
        (
          .wrongBuild, .error,
          "\(pieces(wrong.count)) of evidence for \(subject) \(wrong.count == 1 ? "names" : "name") another build than the one under test (\(wanted)): \(listed(wrong)). It proves nothing for this release.",
          wrong.keys.sorted()
        ))
    }
    if let check, let from = check.from {
      let reference = "\(check.reference == .builtAt ? "--built-at" : "the newest evidence"), \(from)"
      if !stale.isEmpty {
        findings.append(
          (
            .staleEvidence, .error,
            "\(pieces(stale.count)) of evidence for \(subject) \(stale.count == 1 ? "was" : "were") collected before the \(check.window) window measured back from \(reference): \(listed(stale)). It proves nothing for this release.",
            stale.keys.sorted()
          ))
      }
      if !perhaps.isEmpty {
        findings.append(
          (
            .staleEvidence, .warning,
            "\(pieces(perhaps.count)) of evidence for \(subject) may have been collected before the \(check.window) window measured back from \(reference): \(listed(perhaps)). Taken as UTC \(perhaps.count == 1 ? "its time lies" : "their times lie") before the window, but no zone is written, and in another zone \(perhaps.count == 1 ? "it lies" : "they lie") inside; \(perhaps.count == 1 ? "it still proves" : "they still prove") the row.",
            perhaps.keys.sorted()
          ))
      }
    }
    return findings
  }
}
