import Testing

@testable import StateProofMatch
@testable import StateProofModel
import StateProofEvidence

@Suite struct SelectorIndexTests {
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

  /// The index's byte-level check of a test, as a reader asks it: of the classname, then the name.
  static func admits(_ index: SelectorIndex, _ classname: String, _ name: String) -> Bool {
    Array(classname.utf8).withUnsafeBufferPointer(index.admits)
      || Array(name.utf8).withUnsafeBufferPointer(index.admits)
  }

  func isEvidence(_ matcher: CoverageMatcher, _ test: TestExecution) -> Bool {
    matcher.policy.relevance.kind(of: test) == .evidence
  }

  func fullMatch(_ test: (classname: String, name: String), conventions: ConventionMatcher) -> Bool {
    Self.selectors.contains { $0.matches(classname: test.classname, name: test.name) }
      || !conventions.rows(forTest: test.classname + "#" + test.name).isEmpty
  }

  @Test func admitsEveryTestTheFullMatchAccepts() throws {
    let matrix = try Matrix(configuration: Configuration())
    let conventions = ConventionMatcher(matrix: matrix)
    let prefilter = SelectorIndex(
      selectors: Self.selectors, permissions: Set(matrix.rows.map(\.id.permission)))
    var accepted = 0
    for test in Self.tests where fullMatch(test, conventions: conventions) {
      accepted += 1
      #expect(Self.admits(prefilter, test.classname, test.name), "\(test)")
    }
    #expect(accepted == 8)
  }

  @Test func rulesOutTestsNamingNeitherASelectorsTextNorAPermission() throws {
    let matrix = try Matrix(configuration: Configuration())
    let prefilter = SelectorIndex(
      selectors: Self.selectors, permissions: Set(matrix.rows.map(\.id.permission)))
    #expect(!Self.admits(prefilter, "com.example.perm.Suite0", "test17"))
    #expect(!Self.admits(prefilter, "com.example.VideoStateTest", "grantedOpens"))
    #expect(Self.admits(prefilter, "x", "Camera"))
  }

  /// A test the byte check rules out has no candidate selector and names no permission: the
  /// reader may drop it before the matcher sees it.
  @Test func byteCheckAgreesWithTheCandidates() throws {
    let matrix = try Matrix(configuration: Configuration())
    let index = SelectorIndex(selectors: Self.selectors, permissions: Set(matrix.rows.map(\.id.permission)))
    var ruledOut = 0
    for test in Self.tests + [("com.example.VideoStateTest", "grantedOpens"), ("x", "GRANTEDOPENSVIEWFINDER")] {
      let candidates = index.candidates(classname: test.0, name: test.1)
      let any = !candidates.selectors.isEmpty || candidates.namesPermission
      #expect(Self.admits(index, test.0, test.1) == any, "\(test)")
      if !any { ruledOut += 1 }
    }
    #expect(ruledOut == 3)
  }

  @Test func selectorsOfOnlyWildcardsAdmitEverything() {
    let prefilter = SelectorIndex(selectors: [TestSelector("*#*")], permissions: [])
    #expect(Self.admits(prefilter, "a", "b"))
    #expect(TestSelector("*#*").keyPieces.isEmpty)
    #expect(TestSelector("*.CameraStateTest#granted*").keyPieces == ["CameraStateTest", "granted"])
    #expect(TestSelector("com.example.*#*").keyPieces == ["com", "example"])
    #expect(TestSelector("ScannerUITests.CameraTests#testScan()").keyPieces == ["CameraTests", "testScan"])
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
    #expect(isEvidence(matcher, execution("com.example.ReceiptTest", "firstScanShowsSystemDialog")))
    #expect(isEvidence(matcher, execution("CameraTests", "deniedShowsRationale")))
    #expect(!isEvidence(matcher, execution("com.example.ReceiptTest", "secondScan")))
    #expect(!isEvidence(matcher, execution("com.example.perm.Suite0", "test17")))
  }

  @Test func oneSelectorMatchesEveryProducersSpelling() {
    // xcresulttool's `Suite/test()` (and `Suite/testLaunch` for a UI test run per configuration),
    // xcresultparser's and trainer's `test()`, xcpretty's `Target.Class` and bare name.
    let selector = TestSelector("CameraStateScreenTests#testDeniedOffersSettingsAfterTap()")
    for (classname, name) in [
      ("CameraStateScreenTests", "testDeniedOffersSettingsAfterTap()"),
      ("CameraStateScreenTests", "testDeniedOffersSettingsAfterTap"),
      ("ScannerUITests.CameraStateScreenTests", "testDeniedOffersSettingsAfterTap"),
    ] {
      #expect(selector.matches(classname: classname, name: name), "\(classname)#\(name)")
    }
    let launch = TestSelector("RandomStuffUITestsLaunchTests#testLaunch()")
    #expect(launch.matches(classname: "RandomStuffUITestsLaunchTests", name: "testLaunch"))
    // Nested Swift Testing suites: `Outer/Inner/parses(input:)` reads as `Outer.Inner`.
    #expect(TestSelector("Inner#parses(input:)").matches(classname: "Outer.Inner", name: "parses(input:)"))
  }
}

/// The index must never hide a match: every selector that matches a test is among its
/// candidates, and a selector sharing no text with the test is not.
@Suite struct SelectorIndexCandidateTests {
  static let selectors = [
    "*.CameraStateTest#grantedOpensViewfinder", "*.CameraStateTest#blocked*", "*.CameraStateTest#*",
    "CameraPromptReceiptTests#testFirstScan()", "ScannerUITests.CameraTests#testDenied", "com/example/Onboarding#*",
    "Settings?Test#opens*", "*#*ShowsSystemDialog", "*#*", "*Receipt*#*", "com.example.scanner.HistoryTest.scan",
  ].map(TestSelector.init)

  static let tests: [(String, String)] = [
    ("com.example.CameraStateTest", "grantedOpensViewfinder"), ("app/com/example/CameraStateTest", "blockedX()"),
    ("ScannerUITests.CameraPromptReceiptTests", "testFirstScan()"), ("CameraPromptReceiptTests", "testFirstScan"),
    ("CameraTests", "testDenied"), ("ScannerUITests.CameraTests", "testDenied()"), ("com.example.Onboarding", "x"),
    ("SettingsXTest", "opensPage"), ("a.b.Foo", "firstScanShowsSystemDialog"),
    ("com.example.scanner.HistoryTest", "scan"),
    ("x", "y"), ("", ""), ("com.example.scanner.historytest", "Scan"),
  ]

  @Test func everyMatchingSelectorIsACandidate() {
    let index = SelectorIndex(selectors: Self.selectors, permissions: ["camera"])
    var matches = 0
    for (classname, name) in Self.tests {
      let candidates = Set(index.candidates(classname: classname, name: name).selectors)
      for (position, selector) in Self.selectors.enumerated() {
        if selector.matches(classname: classname, name: name) {
          matches += 1
          #expect(candidates.contains(position), "\(selector.text) on \(classname)#\(name)")
        }
        if selector.nearlyMatches(classname: classname, name: name) {
          #expect(candidates.contains(position), "near: \(selector.text) on \(classname)#\(name)")
        }
      }
    }
    #expect(matches > 20)
  }

  @Test func onlySelectorsWhoseKeyTheTestHoldsAreCandidates() {
    let index = SelectorIndex(selectors: Self.selectors, permissions: ["camera"])
    let (candidates, namesPermission) = index.candidates(
      classname: "com.example.scanner.HistoryTest", name: "scanHistory")
    // The two wildcard selectors, and the one keyed by `HistoryTest`.
    #expect(candidates == [8, 10])
    #expect(!namesPermission)
    #expect(index.candidates(classname: "x.CAMERAStateTest", name: "y").namesPermission)
  }

  @Test func literalSearchFindsOverlappingTextsInAnyCase() {
    let search = LiteralSearch(["he", "she", "his", "hers", "camera"])
    func found(_ text: String) -> [Int] {
      var found: [Int] = []
      var text = text
      text.withUTF8 { search.forEachMatch(in: $0) { found.append($0) } }
      return found.sorted()
    }
    #expect(found("USHERS") == [0, 1, 3])
    #expect(found("ahishers") == [0, 1, 2, 3])
    #expect(found("xCameRAx") == [4])
    #expect(found("cam era").isEmpty)
    #expect(found("é—😀").isEmpty)
  }
}
