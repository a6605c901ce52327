import Testing

@testable import StateProofEvidence
@testable import StateProofMatch
@testable import StateProofModel

/// A row's findings, each from an `EvidenceSet` literal: what its seeds, tests and screenshots
/// prove, and what they are refused for.
@Suite struct RowMatchTests {
  typealias F = MatchFixture

  static let tests = #""tests": ["*.CameraTest#granted"]"#
  static let granted = "com.example.app.CameraTest#granted"

  /// The report of one row (`android/granted` of camera unless `row` says) requiring `requires`.
  static func report(
    _ evidence: EvidenceSet, requires: String, row: String = "android/granted", permission: String = "camera",
    releaseDevices: [String] = ["Pixel 8 - 14"], settings: String = RowMatchTests.tests, android: String = "",
    ios: Bool = false,
    extra: String = "", builtAt: EvidenceTime? = nil
  ) throws -> Report {
    let configuration = try F.configuration(
      permissions: F.row(row, permission: permission, settings: #""requires": [\#(requires)], \#(settings)"#),
      releaseDevices: releaseDevices, android: android, ios: ios, extra: extra)
    return try F.report(evidence, configuration, builtAt: builtAt)
  }

  static func codes(_ report: Report, _ row: String = "android/camera/granted") -> [FindingCode] {
    F.row(report, row)?.findings.map(\.code) ?? []
  }

  @Test func aRowWithoutItsTestIsMissingATest() throws {
    let covered = try Self.report(F.evidence(tests: [F.test(Self.granted)]), requires: #""test""#)
    #expect(F.row(covered, "android/camera/granted")?.status == .covered)
    let missing = try Self.report(
      F.evidence(tests: [F.test("com.example.app.cameraTest#granted")]), requires: #""test""#)
    let finding = try #require(F.findings(missing, .missingTest).first)
    #expect(finding.message.contains("Closest: com.example.app.cameraTest#granted"), "\(finding.message)")
  }

  @Test func aFailedRunOfTheRowsTestFailsIt() throws {
    let report = try Self.report(
      F.evidence(tests: [F.test(Self.granted, .failed, message: "expected the viewfinder")]), requires: #""test""#)
    #expect(F.row(report, "android/camera/granted")?.status == .failing)
    let finding = try #require(F.findings(report, .testFailed).first)
    #expect(finding.message.contains("expected the viewfinder"))
  }

  @Test func aPassOnRetryCountsAndIsNamed() throws {
    let report = try Self.report(F.evidence(tests: [F.test(Self.granted, .flaky)]), requires: #""test""#)
    #expect(F.row(report, "android/camera/granted")?.status == .covered)
    #expect(Self.codes(report) == [.testFlaky])
  }

  @Test func aRowWithoutItsScreenshotIsMissingOne() throws {
    let report = try Self.report(F.evidence(), requires: #""screenshot""#)
    #expect(Self.codes(report) == [.missingScreenshot])
    let shot = F.screenshot("android/screenshots/camera/granted.png")
    let covered = try Self.report(F.evidence(screenshots: [shot]), requires: #""screenshot""#)
    #expect(Self.codes(covered).isEmpty, "\(Self.codes(covered))")
  }

  @Test func aScreenshotNamedForTheRowButTakenInAnotherTestProvesNothing() throws {
    let shot = F.screenshot("android/screenshots/camera/granted.png", test: "OtherTests/testOther()")
    let report = try Self.report(F.evidence(screenshots: [shot]), requires: #""screenshot""#)
    #expect(Set(Self.codes(report)) == [.screenshotFromOtherTest, .missingScreenshot])
    #expect(F.findings(report, .unmatchedEvidence).isEmpty, "named once, by the row's warning")
  }

  @Test func aRowWithoutItsSeedIsMissingOne() throws {
    let report = try Self.report(F.evidence(), requires: #""seed""#)
    #expect(Self.codes(report) == [.missingSeed])
    let seeded = try Self.report(
      F.evidence(seeds: [F.seed("android/seed/seed-camera-granted.log", granted: true)]), requires: #""seed""#)
    #expect(Self.codes(seeded).isEmpty, "\(Self.codes(seeded))")
  }

  @Test func aSeedLogForTheRowThatShowsAnotherStateDidNotTake() throws {
    let settings = #""seeds": ["android/seed/*granted*.log"]"#
    let denied = F.seed("android/seed/seed-granted.log", granted: false)
    let report = try Self.report(F.evidence(seeds: [denied]), requires: #""seed""#, settings: settings)
    #expect(Self.codes(report) == [.seedNotTaken])
    // The same device showing the state in another read-back for the row: the two disagree.
    let granted = F.seed("android/seed/seed-granted-again.log", granted: true)
    let both = try Self.report(F.evidence(seeds: [denied, granted]), requires: #""seed""#, settings: settings)
    #expect(Set(Self.codes(both)) == [.seedNotTaken, .conflictingEvidence], "\(Self.codes(both))")
  }

  @Test func aSimulatorStoreReadBackProvesTheRowOnlyWithItsTest() throws {
    var evidence = F.evidence()
    evidence.simulatorSeeds = [
      SimulatorSeed(
        location: EvidenceLocation(root: "e", path: "ios/seed-check.json", line: 1), bundle: F.app,
        permission: "camera", state: "authorized", wanted: "authorized", store: "TCC.db", confidence: "high",
        raw: "kTCCServiceCamera auth_value=2")
    ]
    let report = try Self.report(
      evidence, requires: #""seed""#, row: "ios/authorized", settings: #""tests": ["CameraTests#testAuthorized"]"#,
      ios: true)
    #expect(
      Self.codes(report, "ios/camera/authorized").contains(.unverifiedProof),
      "\(Self.codes(report, "ios/camera/authorized"))")
  }

  @Test func evidenceFromADeviceOutsideTheRowsVersionsProvesNothing() throws {
    let test = F.test("com.example.app.NotificationsTest#granted", device: "Pixel 6 - 12")
    let report = try Self.report(
      F.evidence(tests: [test]), requires: #""test""#, permission: "notifications",
      releaseDevices: ["Pixel 8 - 14", "Pixel 6 - 12"], settings: #""tests": ["*.NotificationsTest#granted"]"#)
    let row = "android/notifications/granted"
    #expect(Set(Self.codes(report, row)) == [.evidenceOutsideOSRange, .missingTest], "\(Self.codes(report, row))")
  }

  @Test func evidenceForAStateNoReleaseDeviceCanReachIsNamed() throws {
    let test = F.test("com.example.app.NotificationsTest#granted", device: "Pixel 6 - 12")
    let report = try Self.report(
      F.evidence(tests: [test]), requires: #""test""#, permission: "notifications", releaseDevices: ["Pixel 6 - 12"],
      settings: #""tests": ["*.NotificationsTest#granted"]"#)
    let row = "android/notifications/granted"
    #expect(F.row(report, row)?.status == .unreachable)
    #expect(Self.codes(report, row) == [.evidenceForUnreachableState])
  }

  @Test func readBacksOfAnotherTargetSdkThanTheConfiguredOneConflict() throws {
    let seed = F.seed("android/seed/seed-camera-granted.log", granted: true, targetSdk: 33)
    let agreeing = try Self.report(F.evidence(seeds: [seed]), requires: #""seed""#, android: #""targetSdk": 33"#)
    #expect(F.findings(agreeing, .targetSdkConflict).isEmpty)
    let report = try Self.report(F.evidence(seeds: [seed]), requires: #""seed""#, android: #""targetSdk": 34"#)
    let finding = try #require(F.findings(report, .targetSdkConflict).first)
    #expect(finding.message.contains("targets API 34"))
  }

  @Test func aTestOfAnotherBuildProvesNothingForThisRelease() throws {
    var test = F.test(Self.granted)
    test.build = BuildIdentity(versionName: "4.1.0")
    let report = try Self.report(F.evidence(tests: [test]), requires: #""test""#, android: #""versionName": "4.2.0""#)
    #expect(Set(Self.codes(report)) == [.wrongBuild, .missingTest], "\(Self.codes(report))")
    test.build = BuildIdentity(versionName: "4.2.0")
    let same = try Self.report(F.evidence(tests: [test]), requires: #""test""#, android: #""versionName": "4.2.0""#)
    #expect(Self.codes(same).isEmpty)
  }

  @Test func aTestFromBeforeTheWindowProvesNothingForThisRelease() throws {
    var test = F.test(Self.granted)
    test.startedAt = EvidenceTime(iso8601: "2026-12-01T12:00:00Z", source: "the test's timestamp")
    let builtAt = EvidenceTime(iso8601: "2026-12-05T12:00:00Z", source: "--built-at")
    let report = try Self.report(
      F.evidence(tests: [test]), requires: #""test""#, extra: #""window": "48h""#, builtAt: builtAt)
    let stale = try #require(F.findings(report, .staleEvidence).first)
    #expect(stale.severity == .error)
    #expect(stale.message.contains("4 d before"), "\(stale.message)")
  }
}
