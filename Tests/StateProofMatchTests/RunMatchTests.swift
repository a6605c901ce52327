import Testing

@testable import StateProofEvidence
@testable import StateProofMatch
@testable import StateProofModel

/// The run-wide findings and those about a platform's files, each from an `EvidenceSet` literal:
/// evidence that is missing, unreadable, in part, stopped, of several builds, or not the app's.
@Suite struct RunMatchTests {
  typealias F = MatchFixture

  static func report(_ evidence: EvidenceSet, android: String = "") throws -> Report {
    try F.report(evidence, F.configuration(android: android))
  }

  @Test func nothingStateProofReadsIsNoEvidence() throws {
    let report = try Self.report(EvidenceSet(files: [F.file("notes.txt", .other, status: .ignored)]))
    let finding = try #require(F.findings(report, .noEvidence).first)
    #expect(
      finding.message.hasPrefix("The evidence path e holds 1 file and nothing StateProof reads"), "\(finding.message)")
    #expect(F.findings(try Self.report(F.evidence(tests: [F.test(F.receipt)])), .noEvidence).isEmpty)
  }

  @Test func anUnreadableFileIsAnErrorSayingWhy() throws {
    let file = F.file(
      "android/junit.xml", .junit, status: .unreadable, error: .notOpened("permission denied\nby the OS"))
    let finding = try #require(F.findings(try Self.report(EvidenceSet(files: [file])), .unreadableEvidence).first)
    #expect(finding.message == "Could not read android/junit.xml: permission denied by the OS.")
  }

  @Test func xcodeFilesNotReadAreNamed() throws {
    let files = [
      F.file("ios/Run.xcresult", .xcresultBundle, status: .ignored),
      F.file("ios/results.xcactivitylog", .unsupported, status: .ignored),
    ]
    let report = try Self.report(EvidenceSet(files: files))
    #expect(F.findings(report, .xcresultBundleUnread).map(\.files) == [["ios/Run.xcresult"]])
    #expect(F.findings(report, .unsupportedEvidence).map(\.files) == [["ios/results.xcactivitylog"]])
  }

  @Test func aBundleWhoseReadingsDisagreeIsAMismatch() throws {
    var evidence = F.evidence(tests: [F.test(F.receipt)])
    evidence.xcresultDisagreements = [
      XCResultDisagreement(bundle: EvidenceLocation(root: "e", path: "ios/Run.xcresult"), tests: ["A#b"], count: 1)
    ]
    let finding = try #require(F.findings(try Self.report(evidence), .xcresultMismatch).first)
    #expect(finding.platform == .ios)
    #expect(finding.message.contains("disagree on 1 tests: A#b"))
  }

  @Test func anExportedFileTheManifestListsButTheEvidenceLacksIsMissing() throws {
    let manifest = EvidenceLocation(root: "e", path: "ios/attachments/manifest.json")
    var evidence = F.evidence(tests: [F.test(F.receipt)])
    evidence.files.append(F.file("ios/attachments/manifest.json", .attachmentManifest))
    evidence.attachments = [
      AttachmentRecord(manifest: manifest, exportedFileName: "A.png", path: "ios/attachments/A.png", name: "Screen")
    ]
    let finding = try #require(F.findings(try Self.report(evidence), .missingAttachment).first)
    #expect(
      finding.message.hasPrefix(
        "ios/attachments/manifest.json lists 1 exported file that is not there: A.png (\"Screen\")"))
    evidence.files.append(F.file("ios/attachments/A.png", .screenshot))
    #expect(F.findings(try Self.report(evidence), .missingAttachment).isEmpty)
  }

  @Test func aRunThatStoppedIsAnErrorOnItsPlatform() throws {
    var evidence = F.evidence(tests: [F.test(F.receipt)])
    evidence.incompleteRuns = [
      IncompleteRun(
        location: EvidenceLocation(root: "e", path: "android/junit.xml", line: 9), device: "Pixel 8 - 14", suite: nil,
        cause: "Process crashed.\nstack")
    ]
    let finding = try #require(F.findings(try Self.report(evidence), .runIncomplete).first)
    #expect(finding.platform == .android)
    #expect(
      finding.message.contains("android/junit.xml:9 stopped before it finished on Pixel 8 - 14: Process crashed."))
  }

  @Test func aScreenshotThatProvesNoRowIsNamed() throws {
    let shot = F.screenshot("android/screenshots/elsewhere.png")
    let finding = try #require(F.findings(try Self.report(F.evidence(screenshots: [shot])), .unmatchedEvidence).first)
    #expect(finding.severity == .info)
    #expect(finding.files == ["android/screenshots/elsewhere.png"])
  }

  @Test func evidenceOfTwoVersionsWithoutAConfiguredOneIsMixed() throws {
    var evidence = F.evidence(tests: [F.test(F.receipt), F.test(F.receipt, path: "android/b.xml")])
    evidence.files[0].builds = [BuildIdentity(versionName: "4.1.0")]
    evidence.files[1].builds = [BuildIdentity(versionName: "4.2.0")]
    let finding = try #require(F.findings(try Self.report(evidence), .mixedBuilds).first)
    #expect(finding.message.contains("2 versions"), "\(finding.message)")
    #expect(F.findings(try Self.report(evidence, android: #""versionName": "4.2.0""#), .mixedBuilds).isEmpty)
  }

  @Test func aSeedLogWithOnlyAnotherAppsLinesIsNotTheApps() throws {
    let other = F.seed("android/seed/seed.log", granted: true, package: "com.other.app")
    let finding = try #require(F.findings(try Self.report(F.evidence(seeds: [other])), .seedNotForApp).first)
    #expect(finding.files == ["android/seed/seed.log"])
    let own = F.seed("android/seed/seed.log", granted: true)
    #expect(F.findings(try Self.report(F.evidence(seeds: [own])), .seedNotForApp).isEmpty)
  }

  @Test func aSeedLogWithoutPermissionLinesSaysWhy() throws {
    var evidence = F.evidence()
    evidence.files = [F.file("android/seed/seed.log", .seedLog)]
    let none = try #require(F.findings(try Self.report(evidence), .seedWithoutPermissionLines).first)
    #expect(none.severity == .info)
    evidence.seedPackageBlocks = [
      SeedPackageBlocks(location: EvidenceLocation(root: "e", path: "android/seed/seed.log"), packages: [F.app])
    ]
    let own = try #require(F.findings(try Self.report(evidence), .seedWithoutPermissionLines).first)
    #expect(own.severity == .warning)
    #expect(own.message.contains("the app's own block, Package [\(F.app)], prints no runtime permission line"))
  }

  @Test func aSeedLogOfAPackageTheDeviceLacksSaysSo() throws {
    var evidence = F.evidence()
    evidence.files = [F.file("android/seed/seed.log", .seedLog)]
    evidence.seedPackageBlocks = [
      SeedPackageBlocks(
        location: EvidenceLocation(root: "e", path: "android/seed/seed.log"), packages: [], notFound: [F.app])
    ]
    let finding = try #require(F.findings(try Self.report(evidence), .seedPackageNotFound).first)
    #expect(finding.message.contains("the app itself, \(F.app) (platforms.android.appId), was not installed"))
  }

  /// A trainer file names its device in a target-level property even when none of its tests is
  /// relevant: the reader puts it on the file record, and the report lists it.
  @Test func aDeviceOnlyAFileRecordNamesIsListed() throws {
    let matcher = try CoverageMatcher(configuration: Configuration(), today: "2026-11-30")
    let trainer = FileRecord(
      root: "ios-ci", path: "fastlane/test_output/report.junit", kind: .junit, bytes: 4096,
      sha256: String(repeating: "a", count: 64), devices: ["iPhone 17 Pro (26.1)"])
    let report = matcher.report(EvidenceSet(files: [trainer]), roots: ["ios-ci"], generatedAt: nil)
    #expect(report.devices.map(\.name) == ["iPhone 17 Pro (26.1)"])
    #expect(report.devices.first?.files == [FileReference(root: "ios-ci", path: "fastlane/test_output/report.junit")])
    #expect(report.devices.first?.platform == .ios)
    #expect(report.sources.first?.devices == ["iPhone 17 Pro (26.1)"])
  }
}
