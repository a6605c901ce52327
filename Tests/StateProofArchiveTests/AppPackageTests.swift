import StateProofSystem
import StateProofTestSupport
import Testing

@testable import StateProofArchive

/// Telling an APK, an App Bundle and an IPA apart by their entries' names.
struct AppPackageTests {
  static func kind(_ names: [String]) throws -> AppPackage {
    try AppPackage(MemoryBytes(ZipBuilder(names.map { ZipBuilder.Entry($0, [1]) }).bytes()))
  }

  @Test func tellsTheKindsApart() throws {
    #expect(try Self.kind(["AndroidManifest.xml", "classes.dex", "res/layout/main.xml"]).kind == .apk)
    #expect(try Self.kind(["resources.arsc", "AndroidManifest.xml"]).kind == .apk)
    #expect(
      try Self.kind(["BundleConfig.pb", "base/manifest/AndroidManifest.xml", "base/dex/classes.dex"]).kind == .appBundle
    )
    let ipa = try Self.kind([
      "Payload/", "Payload/Scanner.app/", "Payload/Scanner.app/Info.plist", "Payload/Scanner.app/Scanner",
    ])
    #expect(ipa.kind == .ipa)
    #expect(ipa.appFolders == ["Payload/Scanner.app"])
    #expect(ipa.archive.entries.map(\.name) == ["Payload/Scanner.app/Info.plist"])
  }

  @Test func keepsOnlyTheTopInfoPlistOfEachApp() throws {
    let ipa = try Self.kind([
      "Payload/Scanner.app/Frameworks/Kit.framework/Info.plist", "Payload/Scanner.app/PlugIns/Share.appex/Info.plist",
      "Payload/Scanner.app/Info.plist", "Payload/Other.app/Info.plist", "Payload/.app/Info.plist", "Payload/Info.plist",
    ])
    #expect(ipa.appFolders == ["Payload/Other.app", "Payload/Scanner.app"])
    #expect(ipa.archive.entries.map(\.name) == ["Payload/Scanner.app/Info.plist", "Payload/Other.app/Info.plist"])
  }

  @Test func keepsTwoOfANameAtMost() throws {
    let copies = try Self.kind(Array(repeating: "AndroidManifest.xml", count: 1000) + ["classes.dex"])
    #expect(copies.archive.entryCount == 1001)
    #expect(copies.archive.entries.map(\.name) == ["AndroidManifest.xml", "AndroidManifest.xml", "classes.dex"])
    #expect(throws: ZipError.duplicate("AndroidManifest.xml")) {
      try copies.archive.entry(named: "AndroidManifest.xml")
    }
    let apps = try Self.kind((0..<100).map { "Payload/App\($0).app/Info.plist" })
    #expect(apps.appFolders.count == 8)
    #expect(apps.archive.entries.count == 8)
  }

  @Test func aLibraryOrAFolderIsNoApp() throws {
    // An AAR has a (text) AndroidManifest.xml at its root, but no dex or resource table.
    #expect(try Self.kind(["AndroidManifest.xml", "classes.jar", "R.txt"]).kind == .otherZip)
    #expect(try Self.kind(["base/manifest/AndroidManifest.xml"]).kind == .otherZip)
    #expect(try Self.kind(["report/index.html"]).kind == .otherZip)
    #expect(try Self.kind([]).kind == .otherZip)
  }
}
