import Testing

@testable import StateProofMatch
@testable import StateProofModel

@Suite struct RelevancePrefilterTests {
  static let selectors = [
    "*.CameraStateTest#grantedOpensViewfinder", "CameraPromptReceiptTests#testFirstScan()",
    "com/example/Onboarding#*", "Settings?Test#opens*",
  ].map(TestSelector.init)

  /// Tests the full match accepts in different spellings, and tests nothing accepts.
  static let tests: [(classname: String, name: String)] = [
    ("com.example.CameraStateTest", "grantedOpensViewfinder"),
    ("app/com/example/CameraStateTest", "grantedOpensViewfinder()"),
    ("ScannerUITests.CameraPromptReceiptTests", "testFirstScan()"),
    ("CameraPromptReceiptTests", "testFirstScan"),
    ("com.example.Onboarding", "anything"),
    ("com/example/Onboarding", "anything"),
    ("SettingsXTest", "opensPage"),
    ("PermissionTests", "testCAMERADeniedOffersSettings"),
    ("camera.flows", "denied_twice"),
    ("com.example.perm.Suite0", "test17"),
    ("", ""),
  ]

  func fullMatch(_ test: (classname: String, name: String), conventions: ConventionMatcher) -> Bool {
    Self.selectors.contains { $0.matches(classname: test.classname, name: test.name) }
      || !conventions.rows(forTest: test.classname + "#" + test.name).isEmpty
  }

  @Test func admitsEveryTestTheFullMatchAccepts() throws {
    let matrix = try Matrix(configuration: Configuration())
    let conventions = ConventionMatcher(matrix: matrix)
    let prefilter = RelevancePrefilter(
      selectors: Self.selectors, permissions: Set(matrix.rows.map(\.id.permission)))
    var accepted = 0
    for test in Self.tests where fullMatch(test, conventions: conventions) {
      accepted += 1
      #expect(prefilter.admits(classname: test.classname, name: test.name), "\(test)")
    }
    #expect(accepted == 8)
  }

  @Test func rulesOutTestsNamingNeitherASelectorsTextNorAPermission() throws {
    let matrix = try Matrix(configuration: Configuration())
    let prefilter = RelevancePrefilter(
      selectors: Self.selectors, permissions: Set(matrix.rows.map(\.id.permission)))
    #expect(!prefilter.admits(classname: "com.example.perm.Suite0", name: "test17"))
    #expect(!prefilter.admits(classname: "com.example.VideoStateTest", name: "grantedOpens"))
    #expect(prefilter.admits(classname: "x", name: "Camera"))
  }

  @Test func byteCheckAgreesWithTheStringCheck() throws {
    let matrix = try Matrix(configuration: Configuration())
    let prefilter = RelevancePrefilter(
      selectors: Self.selectors, permissions: Set(matrix.rows.map(\.id.permission)))
    func bytes(_ text: String) -> Bool {
      Array(text.utf8).withUnsafeBufferPointer { prefilter.admits($0) }
    }
    for test in Self.tests {
      #expect(
        bytes(test.classname) || bytes(test.name) == prefilter.admits(classname: test.classname, name: test.name),
        "\(test)")
    }
    #expect(!bytes("com.example.perm.Suite0") && bytes("CameraStateTest"))
  }

  @Test func selectorsOfOnlyWildcardsAdmitEverything() {
    let prefilter = RelevancePrefilter(selectors: [TestSelector("*#*")], permissions: [])
    #expect(prefilter.admits(classname: "a", name: "b"))
    #expect(TestSelector("*#*").requiredText == nil)
    #expect(TestSelector("*.CameraStateTest#granted*").requiredText == "CameraStateTest")
  }

  @Test func matcherKeepsOnlyRelevantTests() throws {
    var configuration = Configuration()
    var android = Configuration.PlatformSettings()
    android.receipt = "com.example.ReceiptTest#firstScanShowsSystemDialog"
    configuration.platforms[.android] = android
    let matcher = try CoverageMatcher(configuration: configuration, today: "2026-11-29")
    func execution(_ classname: String, _ name: String) -> TestExecution {
      TestExecution(
        location: EvidenceLocation(root: "r", path: "p"), classname: classname, name: name, outcome: .passed)
    }
    #expect(matcher.isRelevant(execution("com.example.ReceiptTest", "firstScanShowsSystemDialog")))
    #expect(matcher.isRelevant(execution("CameraTests", "deniedShowsRationale")))
    #expect(!matcher.isRelevant(execution("com.example.ReceiptTest", "secondScan")))
    #expect(!matcher.isRelevant(execution("com.example.perm.Suite0", "test17")))
  }
}
