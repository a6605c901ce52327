import Foundation
import Testing

@testable import StateProofEvidence
@testable import StateProofMatch
@testable import StateProofModel

/// Configured path globs mean the same whether the evidence comes as one folder or as several
/// (issue 48), and a glob that matches nothing says so: every rule tested from `EvidenceSet`
/// literals, the readers left out.
@Suite struct EvidenceGlobTests {
  static let granted = "android/screenshots/camera/granted.png"

  /// A configuration covering camera's Android `granted` and `blocked` rows, `granted` with
  /// `screenshots` (and `tests`, `seeds`) of its own, and the platforms' `evidence` globs.
  static func configuration(
    screenshots: [String] = [granted], tests: [String]? = nil, seeds: [String]? = nil,
    evidence: [Platform: [String]] = [:]
  ) -> Configuration {
    var configuration = Configuration()
    for platform in Platform.allCases {
      var settings = Configuration.PlatformSettings()
      settings.appId = "com.example.scanner"
      settings.evidence = evidence[platform] ?? []
      configuration.platforms[platform] = settings
    }
    var camera = Configuration.PermissionSettings(id: "camera")
    camera.include = ["android/granted", "android/blocked"]
    camera.reason = "two rows"
    var row = Configuration.RowSettings()
    row.screenshots = screenshots
    row.tests = tests
    row.seeds = seeds
    row.reason = "its own globs"
    camera.rows = ["android/granted": row]
    configuration.permissions = [camera]
    return configuration
  }

  static func shot(root: String, path: String) -> Screenshot {
    Screenshot(
      location: EvidenceLocation(root: root, path: path), format: .png, width: 1080, height: 2400,
      sha256: String(repeating: "a", count: 64), bytes: 100, device: "Pixel 8 - 14")
  }

  /// Evidence of one screenshot file at `path` under `root`, and a JUnit file beside it.
  static func evidence(root: String, path: String) -> EvidenceSet {
    var evidence = EvidenceSet(screenshots: [shot(root: root, path: path)])
    evidence.files = [
      FileRecord(root: root, path: path, kind: .screenshot, bytes: 100, sha256: String(repeating: "a", count: 64)),
      FileRecord(
        root: root, path: "results/TEST-app.xml", kind: .junit, bytes: 10, sha256: String(repeating: "b", count: 64)),
    ]
    return evidence
  }

  static func report(_ configuration: Configuration, _ evidence: EvidenceSet, roots: [String]) throws -> Report {
    try CoverageMatcher(configuration: configuration, today: "2026-12-07")
      .report(evidence, roots: roots, generatedAt: nil)
  }

  static func screenshotRule(_ report: Report, row: String = "android/camera/granted") -> AttributionRule? {
    report.platforms.flatMap(\.rows).first { $0.id == RowID(row) }?.evidence.first { $0.kind == .screenshot }?.rule
  }

  static func unmatched(_ report: Report) -> [Finding] {
    report.findings.filter { $0.code == .globMatchedNothing }
  }

  // MARK: The path forms

  @Test func anEvidencePathsLastFoldersComeBeforeThePathNearestFirst() {
    #expect(EvidencePathForms(root: "evidence/android").prefixes == ["android/", "evidence/android/"])
    #expect(EvidencePathForms(root: "evidence/android/").prefixes == ["android/", "evidence/android/"])
    #expect(
      EvidencePathForms(root: "/builds/ci/evidence").prefixes == ["evidence/", "ci/evidence/", "builds/ci/evidence/"])
    // `.` and `..` name no folder of the evidence: the folders stop there.
    #expect(EvidencePathForms(root: ".").prefixes.isEmpty)
    #expect(EvidencePathForms(root: "../archive/android").prefixes == ["android/", "archive/android/"])
    #expect(EvidencePathForms(root: "a/./b").prefixes == ["b/"])
    #expect(EvidencePathForms(root: "/").prefixes.isEmpty)
    #expect(
      EvidencePathForms(root: "evidence/android").prefixed("x.png") == ["android/x.png", "evidence/android/x.png"])
  }

  // MARK: Screenshots globs

  @Test(arguments: [
    ("evidence", granted),
    ("evidence/android", "screenshots/camera/granted.png"),
    ("/home/runner/work/evidence/android", "screenshots/camera/granted.png"),
    ("android/", "screenshots/camera/granted.png"),
  ])
  func aScreenshotGlobMatchesTheSameFileWhereverTheEvidencePathSplits(root: String, path: String) throws {
    let report = try Self.report(Self.configuration(), Self.evidence(root: root, path: path), roots: [root])
    #expect(Self.screenshotRule(report) == .configGlob)
    #expect(Self.unmatched(report).isEmpty)
  }

  @Test func aGlobWrittenForTheEvidencePathItselfStillMatches() throws {
    let report = try Self.report(
      Self.configuration(screenshots: ["screenshots/camera/granted.png"]),
      Self.evidence(root: "evidence/android", path: "screenshots/camera/granted.png"), roots: ["evidence/android"])
    #expect(Self.screenshotRule(report) == .configGlob)
  }

  @Test func aGlobOfAnotherEvidencePathDoesNotMatchAndSaysWhereItWasTried() throws {
    let report = try Self.report(
      Self.configuration(), Self.evidence(root: "evidence/ios", path: "screenshots/camera/granted.png"),
      roots: ["evidence/ios", "evidence/seeds"])
    #expect(Self.screenshotRule(report) == nil)
    let finding = try #require(Self.unmatched(report).first)
    #expect(Self.unmatched(report).count == 1)
    #expect(finding.severity == .warning)
    #expect(finding.row == RowID("android/camera/granted"))
    #expect(finding.platform == .android)
    #expect(
      finding.message
        == "The screenshots glob `android/screenshots/camera/granted.png` of android/camera/granted matched no file under the evidence paths evidence/ios, evidence/seeds (each file's path tried as written, then with the folders of its evidence path before it: `ios/…`, `seeds/…` and up)."
    )
  }

  // MARK: Platform evidence globs

  @Test func aPlatformEvidenceGlobMatchesUnderTheEvidencePathsFolders() throws {
    let attribution = PlatformAttribution(configuration: Self.configuration(evidence: [.ios: ["phone-b/**"]]))
    #expect(attribution.platform(root: "evidence", path: "phone-b/results/TEST.xml", device: nil) == .ios)
    #expect(attribution.platform(root: "evidence/phone-b", path: "results/TEST.xml", device: nil) == .ios)
    #expect(attribution.platform(root: "evidence/phone-a", path: "results/TEST.xml", device: nil) == nil)
    // A glob on the path as it is comes before one on a prefixed form.
    let both = PlatformAttribution(
      configuration: Self.configuration(evidence: [.android: ["b/**"], .ios: ["results/**"]]))
    #expect(both.platform(root: "a/b", path: "results/TEST.xml", device: nil) == .ios)
  }

  @Test func theEvidencePathsOwnNameTellsThePlatformOnlyWhenNothingElseDoes() {
    let attribution = PlatformAttribution(configuration: Self.configuration())
    #expect(
      attribution.platform(root: "evidence/android", path: "seed/seed-camera-granted.log", device: nil) == .android)
    #expect(attribution.platform(root: "ios-evidence", path: "junit/UITests.xml", device: nil) == .ios)
    #expect(attribution.platform(root: "evidence", path: "seed/seed-camera-granted.log", device: nil) == nil)
    // The path's own words come first.
    #expect(attribution.platform(root: "evidence/android", path: "ios/junit/UITests.xml", device: nil) == .ios)
    #expect(
      attribution.platform(root: "evidence/android", path: "junit/UITests.xml", device: "iPhone 16 (18.6)") == .ios)
  }

  @Test func anEvidenceGlobThatMatchesNothingIsAWarning() throws {
    let report = try Self.report(
      Self.configuration(evidence: [.android: ["android/**"], .ios: ["ios/**"]]),
      Self.evidence(root: "evidence/android", path: "screenshots/camera/granted.png"), roots: ["evidence/android"])
    #expect(
      Self.unmatched(report).map(\.message) == [
        "The iOS evidence glob `ios/**` matched no file under the evidence path evidence/android (each file's path tried as written, then with the folders of its evidence path before it: `android/…` and up)."
      ])
    #expect(Self.unmatched(report).first?.platform == .ios)
  }

  // MARK: Seeds and tests

  @Test func aSeedsGlobIsTriedOnFilesLikeAScreenshotsGlob() throws {
    var evidence = Self.evidence(root: "evidence/android", path: "screenshots/camera/granted.png")
    evidence.files.append(
      FileRecord(
        root: "evidence/android", path: "seed/granted.log", kind: .seedLog, bytes: 5,
        sha256: String(repeating: "c", count: 64)))
    let matching = try Self.report(
      Self.configuration(seeds: ["android/seed/granted.log"]), evidence, roots: ["evidence/android"])
    #expect(Self.unmatched(matching).isEmpty)
    let misspelt = try Self.report(
      Self.configuration(seeds: ["android/seeds/granted.log"]), evidence, roots: ["evidence/android"])
    #expect(
      Self.unmatched(misspelt).map(\.message).first?.hasPrefix(
        "The seeds glob `android/seeds/granted.log` of android/camera/granted matched no file under the evidence path evidence/android"
      ) == true)
  }

  @Test func aTestSelectorThatMatchesNothingWhileTheRowsOthersDoIsAWarning() throws {
    var evidence = Self.evidence(root: "evidence/android", path: "screenshots/camera/granted.png")
    evidence.tests = [
      TestExecution(
        location: EvidenceLocation(root: "evidence/android", path: "results/TEST-app.xml"),
        classname: "com.example.CameraTest", name: "grantedOpensViewfinder", device: "Pixel 8 - 14", outcome: .passed)
    ]
    let report = try Self.report(
      Self.configuration(tests: ["*.CameraTest#grantedOpensViewfinder", "*.CameraTest#grantedShowsShutter"]), evidence,
      roots: ["evidence/android"])
    #expect(
      Self.unmatched(report).map(\.message) == [
        "The tests selector `*.CameraTest#grantedShowsShutter` of android/camera/granted matched no test in the evidence; the row's other selectors did."
      ])
    // Where no selector matches, `missing-test` says it, with the closest tests: no warning.
    let none = try Self.report(
      Self.configuration(tests: ["*.CameraTest#grantedShowsShutter"]), evidence, roots: ["evidence/android"])
    #expect(Self.unmatched(none).isEmpty)
    #expect(none.findings.contains { $0.code == .missingTest })
  }

  @Test func evidenceWithNothingReadGivesNoEvidenceAloneNotAWarningPerGlob() throws {
    let report = try Self.report(
      Self.configuration(evidence: [.android: ["android/**"]]), EvidenceSet(), roots: ["evidence/android"])
    #expect(report.findings.contains { $0.code == .noEvidence })
    #expect(Self.unmatched(report).isEmpty)
  }
}
