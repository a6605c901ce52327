import StateProofJSON

@testable import StateProofEvidence
@testable import StateProofKnowledge
@testable import StateProofMatch
@testable import StateProofModel

/// What the finding tests build their cases from: a configuration written as `stateproof.json`
/// text, evidence records under the root `e`, and the report matching makes of an `EvidenceSet`,
/// so each rule is tested without readers, files or the command line.
enum MatchFixture {
  static let app = "com.example.app"
  static let receipt = "com.example.app.ReceiptTest#asksForTheCamera"

  /// A configuration for `app` on Android with `receipt`, release devices and `permissions`
  /// (JSON text of the `permissions` array); `extra` is more top-level members, `android` more
  /// members of `platforms.android`; with `ios`, iOS too, with its receipt.
  static func configuration(
    permissions: String = #"[{"id": "camera", "include": ["android/granted"], "reason": "one row"}]"#,
    releaseDevices: [String] = ["Pixel 8 - 14"], receipt: String = receipt, android: String = "", ios: Bool = false,
    extra: String = ""
  ) throws -> Configuration {
    let devices = releaseDevices.map { "\"\($0)\"" }.joined(separator: ", ")
    let iOS = ios ? #", "ios": {"appId": "\#(app)", "receipt": "ReceiptTests#testAsks"}"# : ""
    let json = """
      {\(extra.isEmpty ? "" : extra + ",")
       "platforms": {"android": {"appId": "\(app)", "receipt": "\(receipt)", "releaseDevices": [\(devices)]\(android.isEmpty ? "" : "," + android)}\(iOS)},
       "permissions": \(permissions)}
      """
    return try Configuration(JSONNode.parse(Array(json.utf8)))
  }

  /// One row's permissions array: `PLATFORM/STATE` of `permission` (`android/granted`), with its
  /// row settings as JSON members.
  static func row(_ row: String, permission: String = "camera", settings: String) -> String {
    #"[{"id": "\#(permission)", "include": ["\#(row)"], "reason": "one row", "rows": {"\#(row)": {\#(settings), "reason": "the rule under test"}}}]"#
  }

  /// The report matching makes of `evidence` under `configuration`.
  static func report(
    _ evidence: EvidenceSet, _ configuration: Configuration, builtAt: EvidenceTime? = nil, allowances: [Allowance] = []
  ) throws -> Report {
    try CoverageMatcher(configuration: configuration, allowances: allowances, today: "2026-12-07", builtAt: builtAt)
      .report(evidence, roots: ["e"], generatedAt: nil)
  }

  /// A file record under `e`, read unless `status` says otherwise.
  static func file(_ path: String, _ kind: FileKind, status: ReadStatus = .read, error: FileError? = nil) -> FileRecord
  {
    FileRecord(
      root: "e", path: path, kind: kind, bytes: 1, sha256: String(repeating: "a", count: 64), status: status,
      error: error)
  }

  /// A JUnit run of `id` (`classname#name`) in `path`, with the evidence's file record.
  static func test(
    _ id: String, _ outcome: TestOutcome = .passed, device: String? = "Pixel 8 - 14",
    path: String = "android/junit.xml",
    message: String? = nil, line: Int = 1
  ) -> TestExecution {
    let parts = id.split(separator: "#", maxSplits: 1).map(String.init)
    return TestExecution(
      location: EvidenceLocation(root: "e", path: path, line: line), classname: parts[0], name: parts[1],
      device: device,
      outcome: outcome, message: message)
  }

  /// Evidence of `tests`, `seeds` and `screenshots`, each file's record beside them.
  static func evidence(
    tests: [TestExecution] = [], seeds: [SeedRecord] = [], screenshots: [Screenshot] = []
  ) -> EvidenceSet {
    var evidence = EvidenceSet(tests: tests, screenshots: screenshots)
    evidence.seeds = seeds
    evidence.files =
      Set(tests.map(\.location.path)).sorted().map { file($0, .junit) }
      + Set(seeds.map(\.location.path)).sorted().map { file($0, .seedLog) }
      + screenshots.map { file($0.location.path, .screenshot) }
    return evidence
  }

  /// A PNG screenshot at `path`, taken in `test` (Xcode's identifier) when known.
  static func screenshot(_ path: String, device: String? = "Pixel 8 - 14", test: String? = nil) -> Screenshot {
    Screenshot(
      location: EvidenceLocation(root: "e", path: path), format: .png, width: 1080, height: 2400,
      sha256: String(repeating: "b", count: 64), bytes: 1, device: device, testIdentifier: test)
  }

  /// A dumpsys read-back line of `permission` for `package` in `path`, classified as the reader does.
  static func seed(
    _ path: String, permission: String = "CAMERA", granted: Bool, flags: [String] = ["USER_SET"],
    package: String = app, device: String? = "Pixel 8 - 14", targetSdk: Int? = 34, line: Int = 1
  ) -> SeedRecord {
    let state = AndroidPermissionState.classify(granted: granted, flags: Set(flags))
    return SeedRecord(
      location: EvidenceLocation(root: "e", path: path, line: line),
      raw: "android.permission.\(permission): granted=\(granted), flags=[ \(flags.joined(separator: "|"))]",
      permission: "android.permission.\(permission)", block: .package, package: package, user: 0, device: device,
      granted: granted, flags: flags, state: state.state, variant: state.variant, sdk: 34, targetSdk: targetSdk)
  }

  /// The findings of `report` with `code`, wherever they are raised.
  static func findings(_ report: Report, _ code: FindingCode) -> [Finding] {
    report.findings.filter { $0.code == code }
  }

  /// The row `id`'s report.
  static func row(_ report: Report, _ id: String) -> RowReport? {
    report.platforms.flatMap(\.rows).first { $0.id == RowID(id) }
  }
}
