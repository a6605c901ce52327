import Testing

@testable import StateProofMatch
@testable import StateProofModel

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
      #expect(prefilter.admits(classname: test.classname, name: test.name), "\(test)")
    }
    #expect(accepted == 8)
  }

  @Test func rulesOutTestsNamingNeitherASelectorsTextNorAPermission() throws {
    let matrix = try Matrix(configuration: Configuration())
    let prefilter = SelectorIndex(
      selectors: Self.selectors, permissions: Set(matrix.rows.map(\.id.permission)))
    #expect(!prefilter.admits(classname: "com.example.perm.Suite0", name: "test17"))
    #expect(!prefilter.admits(classname: "com.example.VideoStateTest", name: "grantedOpens"))
    #expect(prefilter.admits(classname: "x", name: "Camera"))
  }

  @Test func byteCheckAgreesWithTheStringCheck() throws {
    let matrix = try Matrix(configuration: Configuration())
    let prefilter = SelectorIndex(
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
    let prefilter = SelectorIndex(selectors: [TestSelector("*#*")], permissions: [])
    #expect(prefilter.admits(classname: "a", name: "b"))
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
    #expect(matcher.isRelevant(execution("com.example.ReceiptTest", "firstScanShowsSystemDialog")))
    #expect(matcher.isRelevant(execution("CameraTests", "deniedShowsRationale")))
    #expect(!matcher.isRelevant(execution("com.example.ReceiptTest", "secondScan")))
    #expect(!matcher.isRelevant(execution("com.example.perm.Suite0", "test17")))
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
    ("SettingsXTest", "opensPage"), ("a.b.Foo", "firstScanShowsSystemDialog"), ("com.example.scanner.HistoryTest", "scan"),
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
    let (candidates, namesPermission) = index.candidates(classname: "com.example.scanner.HistoryTest", name: "scanHistory")
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
