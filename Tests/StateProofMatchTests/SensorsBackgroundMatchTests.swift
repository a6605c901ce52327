import Testing

@testable import StateProofEvidence
@testable import StateProofKnowledge
@testable import StateProofMatch
@testable import StateProofModel

/// Review 4 (D19, D20): body sensors in the background are proven whole. The background line
/// alone proves nothing while BODY_SENSORS is not granted for good: without the foreground
/// permission the app gets no sensor data at all.
@Suite struct SensorsBackgroundMatchTests {
  static let app = "com.example.health"

  /// A matcher for the three background rows, each needing only its seed read-back.
  static func matcher() throws -> CoverageMatcher {
    var configuration = Configuration()
    var android = Configuration.PlatformSettings()
    android.appId = app
    configuration.platforms = [.android: android]
    var permission = Configuration.PermissionSettings(id: "sensorsbackground")
    permission.include = ["android/granted", "android/denied-once", "android/blocked"]
    permission.reason = "the rows in question"
    for state in ["granted", "denied-once", "blocked"] {
      var row = Configuration.RowSettings()
      row.requires = [.seed]
      row.reason = "the seed rule alone"
      permission.rows["android/\(state)"] = row
    }
    configuration.permissions = [permission]
    return try CoverageMatcher(configuration: configuration, today: "2026-12-07")
  }

  /// One read-back (one file) of `lines`: `(name, granted, flags)`.
  static func evidence(_ lines: [(String, Bool, [String])]) -> EvidenceSet {
    var evidence = EvidenceSet()
    let path = "android/seed.log"
    evidence.files = [
      FileRecord(root: "e", path: path, kind: .seedLog, bytes: 1, sha256: String(repeating: "a", count: 64))
    ]
    evidence.seeds = lines.enumerated().map { index, line in
      let (name, granted, flags) = line
      let state = AndroidPermissionState.classify(granted: granted, flags: Set(flags))
      return SeedRecord(
        location: EvidenceLocation(root: "e", path: path, line: index + 1),
        raw: "android.permission.\(name): granted=\(granted), flags=[ \(flags.joined(separator: "|"))]",
        permission: "android.permission.\(name)", block: .package, package: app, user: 0, granted: granted,
        flags: flags, state: state.state, variant: state.variant, sdk: 34, targetSdk: 34)
    }
    return evidence
  }

  static func status(_ state: String, _ lines: [(String, Bool, [String])]) throws -> (RowStatus?, [Finding]) {
    let report = try matcher().report(evidence(lines), roots: ["e"], generatedAt: nil)
    let row = report.platforms.flatMap(\.rows).first { $0.id == RowID("android/sensorsbackground/\(state)") }
    return (row?.status, row?.findings ?? [])
  }

  @Test func aBackgroundGrantWithoutTheForegroundOneProvesNothing() throws {
    let (status, findings) = try Self.status(
      "granted", [("BODY_SENSORS_BACKGROUND", true, ["USER_SET"]), ("BODY_SENSORS", false, [])])
    #expect(status != .covered)
    #expect(
      findings.contains { $0.message.contains("without the foreground permission the app gets no sensor data") },
      "\(findings.map(\.message))")
    let (whole, _) = try Self.status(
      "granted", [("BODY_SENSORS_BACKGROUND", true, ["USER_SET"]), ("BODY_SENSORS", true, ["USER_SET"])])
    #expect(whole == .covered)
  }

  @Test func aOneTimeForegroundGrantProvesNoBackgroundGrant() throws {
    let (status, findings) = try Self.status(
      "granted", [("BODY_SENSORS_BACKGROUND", true, ["USER_SET"]), ("BODY_SENSORS", true, ["USER_SET", "ONE_TIME"])])
    #expect(status != .covered)
    #expect(findings.contains { $0.code == .oneTimeGrant }, "\(findings.map(\.code))")
  }

  @Test(arguments: [("denied-once", ["USER_SET"]), ("blocked", ["USER_SET", "USER_FIXED"])])
  func aBackgroundRefusalNeedsTheForegroundGrant(state: String, flags: [String]) throws {
    let (status, _) = try Self.status(
      state, [("BODY_SENSORS_BACKGROUND", false, flags), ("BODY_SENSORS", false, ["USER_SET", "USER_FIXED"])])
    #expect(status != .covered, "BODY_SENSORS blocked: the row's “foreground allowed” does not hold")
    let (whole, _) = try Self.status(
      state, [("BODY_SENSORS_BACKGROUND", false, flags), ("BODY_SENSORS", true, ["USER_SET"])])
    #expect(whole == .covered)
  }

  /// D21: the seed grants BODY_SENSORS first, then the background line, as location's does.
  @Test func theSeedsGrantTheForegroundPermissionFirst() throws {
    let states = try #require(PlatformKnowledge.permission("sensorsbackground")).states(on: .android)
    for state in ["granted", "denied-once", "blocked"] {
      let seed = try #require(states.first { $0.state == state }?.seed)
      #expect(seed.commands.first == "adb shell pm grant PKG android.permission.BODY_SENSORS", "\(state): \(seed)")
    }
  }
}
