import StateProofModel
import StateProofEvidence

/// Decides which rows a screenshot proves, and names the rule that decided, in this order:
///
/// 1. `config-glob`: one of the row's screenshot globs matches the screenshot's path (as it is,
///    or with its evidence path's last folders before it: ``EvidencePathForms``);
/// 2. `attached-to-test`: an attachments manifest attached it to a test matched to the row;
/// 3. `convention`: the row has no globs, and the path or the attachment name names the row's
///    permission and state (`android/camera/blocked.png`, `ios-camera-denied.png`, an attachment
///    named `camera.denied`) on a platform the path or device does not contradict.
///
/// A screenshot no row claims is reported as `unmatched-evidence`, so nothing is dropped unseen.
struct ScreenshotAttribution: Sendable {
  private let globs: [RowID: [Glob]]
  private let platforms: PlatformAttribution
  private let conventions: ConventionMatcher

  init(matrix: Matrix, platforms: PlatformAttribution, conventions: ConventionMatcher) {
    globs = Dictionary(
      uniqueKeysWithValues: matrix.rows.map { row in
        (row.id, row.screenshots.map { Glob($0, pathMode: true) })
      })
    self.platforms = platforms
    self.conventions = conventions
  }

  /// Each screenshot with its convention row, and its path's prefixed forms when a row has
  /// globs, for `rule(for:row:tests:)`.
  func candidates(_ shots: [Screenshot]) -> [ScreenshotCandidate] {
    let anyGlobs = globs.values.contains { !$0.isEmpty }
    return shots.map { shot in
      ScreenshotCandidate(
        shot: shot,
        conventionRow: conventionRow(
          root: shot.location.root, path: shot.location.path, attachmentName: shot.attachmentName,
          device: shot.device),
        prefixedPaths: anyGlobs ? EvidencePathForms(root: shot.location.root).prefixed(shot.location.path) : [])
    }
  }

  /// The rule by which a screenshot proves `row`, or nil when it does not; `tests` is the test
  /// evidence already matched to the row.
  func rule(for candidate: ScreenshotCandidate, row: MatrixRow, tests: [MatchedEvidence]) -> AttributionRule? {
    let shot = candidate.shot
    let rowGlobs = globs[row.id] ?? []
    if rowGlobs.contains(where: { glob in
      glob.matches(shot.location.path) || candidate.prefixedPaths.contains(where: glob.matches)
    }) {
      return .configGlob
    }
    if let identifier = shot.testIdentifier {
      let key = Self.testKey(identifier)
      let attached = tests.contains { test in
        test.kind == .test && test.outcome != .skipped && test.id.map(Self.testKey) == key
      }
      if attached { return .attachedToTest }
    }
    return rowGlobs.isEmpty && candidate.conventionRow == row.id ? .convention : nil
  }

  /// The row a file's path, or else its attachment name, names by convention.
  func conventionRow(root: String, path: String, attachmentName: String? = nil, device: String?) -> RowID? {
    let platform = platforms.platform(root: root, path: path, device: device)
    for text in [path, attachmentName].compactMap(\.self) {
      if let row = conventions.rows(forPath: text).first(where: { platform == nil || $0.platform == platform }) {
        return row
      }
    }
    return nil
  }

  /// The row evidence for `shot`: its size, hash, format and origin (where a report folder keeps
  /// the image follows from the hash and format, ``MatchedEvidence/asset``).
  func matched(_ shot: Screenshot, rule: AttributionRule) -> MatchedEvidence {
    var item = MatchedEvidence(
      kind: .screenshot, root: shot.location.root, path: shot.location.path, rule: rule,
      device: shot.device)
    item.width = shot.width
    item.height = shot.height
    item.sha256 = shot.sha256
    item.format = shot.format
    item.attachmentName = shot.attachmentName
    item.testIdentifier = shot.testIdentifier
    item.build = shot.build
    item.time = shot.time
    return item
  }

  /// An `unmatched-evidence` finding for every screenshot that proves no row in `reports`, that
  /// no row names as left out (another build, before the window, outside its OS versions), and
  /// that no `screenshot-from-other-test` warning names already.
  func unmatched(_ shots: [Screenshot], in reports: [PlatformReport]) -> [Finding] {
    let rows = reports.flatMap(\.rows)
    let claimed = Set(
      rows.flatMap(\.evidence).filter { $0.kind == .screenshot }.map {
        EvidenceLocation(root: $0.root, path: $0.path)
      })
    let naming: Set<FindingCode> = [.wrongBuild, .staleEvidence, .evidenceOutsideOSRange, .screenshotFromOtherTest]
    let leftOut = Set(rows.flatMap(\.findings).filter { naming.contains($0.code) }.flatMap(\.files))
    return shots.filter { !claimed.contains($0.location) && !leftOut.contains($0.location.path) }.map { shot in
      let named = shot.attachmentName.map { " (attachment \"\($0)\")" } ?? ""
      return Finding(
        code: .unmatchedEvidence, severity: .info,
        platform: platforms.platform(shot.location, device: shot.device),
        message:
          "The screenshot \(shot.location.path)\(named) proves no row: no screenshot glob, attached test or name matches it.",
        files: [shot.location.path])
    }
  }

  /// `Class/method` from a manifest's `Target/Class/method()` or a test's `Module.Class#method()`:
  /// the last class component and the method, without its parameter list.
  static func testKey(_ identifier: String) -> String {
    let stem = identifier.prefix { $0 != "(" }
    let parts = stem.split(whereSeparator: { $0 == "/" || $0 == "." || $0 == "#" })
    return parts.suffix(2).joined(separator: "/")
  }
}
