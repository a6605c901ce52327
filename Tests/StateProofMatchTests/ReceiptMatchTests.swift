import Testing

@testable import StateProofEvidence
@testable import StateProofMatch
@testable import StateProofModel

/// The receipt's findings, each from an `EvidenceSet` literal: the one test that taps the real
/// system prompt must pass on a release device, once, at the first try.
@Suite struct ReceiptMatchTests {
  typealias F = MatchFixture

  static func receipt(_ tests: [TestExecution], receipt: String = F.receipt) throws -> (ReceiptStatus?, Report) {
    let configuration = try F.configuration(receipt: receipt)
    let report = try F.report(F.evidence(tests: tests), configuration)
    return (report.platforms.first { $0.platform == .android }?.receipt.status, report)
  }

  @Test func noRunOfTheReceiptIsAMissingReceiptWithTheNearMissNamed() throws {
    let (status, report) = try Self.receipt([F.test("com.example.app.ReceiptTest#asksForTheCamera", .passed)])
    #expect(status == .passed)
    #expect(F.findings(report, .missingReceipt).isEmpty)
    let (missing, without) = try Self.receipt([F.test("com.example.app.receiptTest#asksForTheCamera")])
    #expect(missing == .missing)
    let finding = try #require(F.findings(without, .missingReceipt).first)
    #expect(finding.severity == .error)
    #expect(finding.message.contains("Closest: com.example.app.receiptTest#asksForTheCamera"), "\(finding.message)")
  }

  @Test func aFailureAnywhereFailsTheReceiptThoughItPassedOnAReleaseDevice() throws {
    let (status, report) = try Self.receipt([
      F.test(F.receipt, .passed), F.test(F.receipt, .failed, device: "Pixel 7 - 13", message: "no dialog\nat line 3"),
    ])
    #expect(status == .failed)
    let finding = try #require(F.findings(report, .receiptFailed).first)
    #expect(finding.device == "Pixel 7 - 13")
    #expect(
      finding.message.contains("failed on Pixel 7 - 13: no dialog. It passed on Pixel 8 - 14"), "\(finding.message)")
  }

  @Test func aPassOnlyOffTheReleaseDevicesIsNoPass() throws {
    let (status, report) = try Self.receipt([F.test(F.receipt, .passed, device: "Pixel 7 - 13")])
    #expect(status == .offReleaseDevice)
    let finding = try #require(F.findings(report, .receiptOffReleaseDevice).first)
    #expect(finding.message.contains("passed on Pixel 7 - 13, which is not a release device (Pixel 8 - 14)"))
    #expect(F.findings(report, .deviceUnknown).isEmpty)
  }

  @Test func aPassThatNamesNoDeviceProvesNoReleaseDevice() throws {
    let (status, report) = try Self.receipt([F.test(F.receipt, .passed, device: nil)])
    #expect(status == .offReleaseDevice)
    #expect(F.findings(report, .receiptOffReleaseDevice).isEmpty)
    let finding = try #require(F.findings(report, .deviceUnknown).first)
    #expect(finding.severity == .error)
  }

  @Test func aPassOnRetryCountsAndSaysSo() throws {
    let (status, report) = try Self.receipt([F.test(F.receipt, .flaky, message: "timed out")])
    #expect(status == .passed)
    let finding = try #require(F.findings(report, .receiptFlaky).first)
    #expect(finding.severity == .warning)
    #expect(finding.message.contains("its first run failed (timed out)"))
  }

  @Test func twoTestsMatchingTheReceiptSelectorAreADuplicate() throws {
    let selector = "*#asksForTheCamera"
    // The same test under two module prefixes is one test.
    let (_, one) = try Self.receipt(
      [
        F.test("com.a.ReceiptTest#asksForTheCamera"),
        F.test("com.b.ReceiptTest#asksForTheCamera", path: "android/b.xml"),
      ],
      receipt: selector)
    #expect(F.findings(one, .duplicateReceipt).isEmpty)
    let (_, two) = try Self.receipt(
      [
        F.test("com.a.ReceiptTest#asksForTheCamera"),
        F.test("com.a.OnboardingTest#asksForTheCamera", path: "android/b.xml"),
      ],
      receipt: selector)
    let finding = try #require(F.findings(two, .duplicateReceipt).first)
    #expect(finding.message.hasPrefix("2 different tests match the Android receipt selector"))
  }

  @Test func nearMissesAreSampledAndNeverProve() throws {
    var configuration = Configuration()
    var android = Configuration.PlatformSettings()
    android.receipt = "com.example.ReceiptTest#firstScanShowsSystemDialog"
    configuration.platforms[.android] = android
    let matcher = try CoverageMatcher(configuration: configuration, today: "2026-11-30")
    func test(_ classname: String, _ name: String) -> TestExecution {
      TestExecution(
        location: EvidenceLocation(root: "r", path: "android/TEST-x.xml"), classname: classname, name: name,
        outcome: .passed)
    }
    let relevance = matcher.policy.relevance
    #expect(relevance.kind(of: test("com.example.ReceiptTest", "firstScanShowsSystemDialog")) == .evidence)
    guard case .nearMiss = relevance.kind(of: test("com.example.receipttest", "FirstScanShowsSystemDialog")) else {
      Issue.record("a test differing in case is a near miss")
      return
    }
    #expect(relevance.kind(of: test("com.example.ReceiptTest", "secondScanShowsSystemDialog")) == .none)
    // A thousand different near misses (the name's first ten letters in every case), twice.
    var sample = NearMissSample()
    for index in 0..<2000 {
      let name = "firstScanShowsSystemDialog".enumerated().map { offset, letter in
        offset < 10 && (index >> offset) & 1 == 1 ? letter.uppercased() : letter.lowercased()
      }.joined()
      #expect(!relevance.keep(test("com.example.ReceiptTest", name + (index < 1000 ? "" : "()")), nearMisses: &sample))
    }
    #expect(sample.tests.count == NearMissSample.limit)
    #expect(Set(sample.tests.map(TestSelector.identity(of:))).count == NearMissSample.limit)
    // However close, a near miss proves nothing: the receipt stays missing.
    let report = matcher.report(EvidenceSet(nearMisses: sample.tests), roots: ["r"], generatedAt: nil)
    #expect(report.platforms.first?.receipt.status == .missing)
    #expect(report.platforms.first?.receipt.evidence.isEmpty == true)
  }
}
