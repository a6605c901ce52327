import Foundation
import StateProofModel
import StateProofTestSupport
import Testing

@testable import StateProofDiscover

/// A result bundle is known by its files as well as by its name: upload-artifact makes the
/// `.xcresult` folder the artifact's root, so the download is `Info.plist` and `Data/` under
/// whatever the workflow names it, or is the evidence path itself.
@Suite(.temporaryFolders) struct ResultBundleRecognitionTests {
  static let example = PackageRoot.url("examples/bundle/ios/Screenshots.xcresult")

  /// The example bundle's files copied into `folder` (made with its parents), without its name.
  static func copyBundle(into folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in try FileManager.default.contentsOfDirectory(atPath: example.path) {
      try FileManager.default.copyItem(
        at: example.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
  }

  static func records(_ roots: [String]) -> [FileRecord] {
    EvidenceDiscovery.candidates(roots: roots).map { EvidenceDiscovery.examine($0, deferJUnitHashing: false).record }
  }

  @Test func aBundleWithoutItsNameIsOneBundle() throws {
    let evidence = try TemporaryFolder.make()
    try Self.copyBundle(into: evidence.appendingPathComponent("ios/ScannerUITests"))
    let named = Self.records([Self.example.path])
    let records = Self.records([evidence.path])
    #expect(records.map(\.path) == ["ios/ScannerUITests"])
    #expect(records.map(\.kind) == [.xcresultBundle])
    // Cited by the same tree digest as the bundle under its name: the same files.
    #expect(records.first?.sha256 != nil)
    #expect(records.first?.sha256 == named.first?.sha256)
    #expect(records.first?.bytes == named.first?.bytes)
  }

  @Test func anEvidencePathThatIsABundleWithoutItsNameIsOneBundle() throws {
    let root = try TemporaryFolder.make().appendingPathComponent("ScannerUITests")
    try Self.copyBundle(into: root)
    let records = Self.records([root.path])
    #expect(records.map(\.path) == ["ScannerUITests"])
    #expect(records.map(\.kind) == [.xcresultBundle])
    #expect(XCResultBundle.displayPath(root: root.path, path: "ScannerUITests") == root.path)
    // The commands to run on a Mac keep the whole name as the stem.
    #expect(
      XCResultBundle.commands(for: "ev/ScannerUITests").first
        == "xcrun xcresulttool get test-results tests --path ev/ScannerUITests --format json > ev/ScannerUITests-tests.json"
    )
  }

  @Test func aFolderNamedLikeTheRootInsideItIsNotTheRoot() throws {
    let root = try TemporaryFolder.make().appendingPathComponent("Run")
    try Self.copyBundle(into: root.appendingPathComponent("Run"))
    #expect(Self.records([root.path]).map(\.path) == ["Run"])
    #expect(XCResultBundle.displayPath(root: root.path, path: "Run") == root.path + "/Run")
  }

  @Test func anAppsInfoPlistOrAPlistAloneIsNoBundle() throws {
    let evidence = try TemporaryFolder.make()
    // An app's Info.plist beside a Data folder: app-manifest evidence, walked into.
    let app = evidence.appendingPathComponent("Scanner.app")
    try FileManager.default.createDirectory(at: app.appendingPathComponent("Data"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: PackageRoot.url("examples/bundle/ios/ScreenshotAutomation.app/Info.plist"),
      to: app.appendingPathComponent("Info.plist"))
    // A bundle's Info.plist with neither Data/ nor database.sqlite3 beside it.
    let lone = evidence.appendingPathComponent("lone")
    try FileManager.default.createDirectory(at: lone, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.example.appendingPathComponent("Info.plist"), to: lone.appendingPathComponent("Info.plist"))
    let records = Self.records([evidence.path])
    #expect(!records.contains { $0.kind == .xcresultBundle })
    #expect(records.map(\.path).sorted() == ["Scanner.app/Info.plist", "lone/Info.plist"])
    #expect(!XCResultBundle.holdsBundle(app.path))
    #expect(!XCResultBundle.holdsBundle(lone.path))
  }

  @Test func aBundlesInfoIsKnownByItsKeysInEitherForm() throws {
    let info = try Data(contentsOf: Self.example.appendingPathComponent("Info.plist"))
    #expect(XCResultBundle.isBundleInfo(info))
    let plist = try #require(try PropertyListSerialization.propertyList(from: info, format: nil) as? [String: Any])
    let binary = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    #expect(XCResultBundle.isBundleInfo(binary))
    var app = plist
    app["CFBundleIdentifier"] = "com.example.scanner"
    #expect(
      !XCResultBundle.isBundleInfo(try PropertyListSerialization.data(fromPropertyList: app, format: .xml, options: 0)))
    var versionless = plist
    versionless["version"] = nil
    #expect(
      !XCResultBundle.isBundleInfo(
        try PropertyListSerialization.data(fromPropertyList: versionless, format: .xml, options: 0)))
    #expect(!XCResultBundle.isBundleInfo(Data("not a plist".utf8)))
  }
}
