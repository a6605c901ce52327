import Foundation
import StateProofEvidence
import StateProofModel
import StateProofSystem
import StateProofTestSupport
import Testing

@testable import StateProofRead

/// APKs and App Bundles read from the file: real ones (aapt2's, AOSP's apksig test APKs with
/// signing blocks and a 64 KiB comment, androguard's test app), and packages that lie, each
/// refused with a problem that names the package's kind and the entry.
@Suite(.temporaryFolders) struct AndroidPackageReaderTests {
  static let location = EvidenceLocation(root: "evidence", path: "build/app-release.apk")

  static func read(fixture name: String) -> AndroidPackageReading {
    AndroidPackageReader.read(path: TestFiles.readerFixture("app-packages/" + name).path, location: location)
  }

  static func read(_ bytes: [UInt8], named name: String = "app.apk") throws -> AndroidPackageReading {
    let url = try TemporaryFolder.make().appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return AndroidPackageReader.read(path: url.path, location: location)
  }

  /// The one problem `reading` has, when it has exactly one and no declarations.
  static func problem(_ reading: AndroidPackageReading) -> String? {
    reading.declarations == nil && reading.problems.count == 1 ? reading.problems[0].message : nil
  }

  static let scannerDeclarations = [
    Declaration(name: "android.permission.CAMERA"), Declaration(name: "android.permission.ACCESS_FINE_LOCATION"),
    Declaration(name: "android.permission.READ_EXTERNAL_STORAGE", maxSdk: 32),
    Declaration(name: "android.permission.READ_CONTACTS"),
  ]

  @Test func readsAnAPKThatAapt2Linked() throws {
    let reading = Self.read(fixture: "aapt2/scanner.apk")
    #expect(reading.problems == [])
    let declarations = try #require(reading.declarations)
    #expect(declarations.platform == .android)
    #expect(declarations.source == .apk)
    #expect(declarations.appId == "org.stateproof.scanner")
    #expect(declarations.build == BuildIdentity(versionName: "4.2.0", versionCode: "420", source: "APK"))
    #expect(declarations.targetSdk == 29)
    #expect(declarations.declarations == Self.scannerDeclarations)
    #expect(declarations.location == Self.location)
  }

  @Test func readsAnAppBundleThatAapt2Linked() throws {
    let reading = Self.read(fixture: "aapt2/scanner.aab")
    #expect(reading.problems == [])
    let declarations = try #require(reading.declarations)
    #expect(declarations.source == .appBundle)
    #expect(declarations.appId == "org.stateproof.scanner")
    #expect(declarations.build == BuildIdentity(versionName: "4.2.0", versionCode: "420", source: "App Bundle"))
    #expect(declarations.targetSdk == 29)
    #expect(declarations.declarations == Self.scannerDeclarations)
  }

  @Test(arguments: [
    "apksig/golden-aligned-v1v2v3-out.apk", "apksig/v1-only-max-sized-eocd-comment.apk",
    "apksig/mismatched-compression-method.apk",
  ])
  func readsSignedAPKsPastTheirSigningBlockAndComment(name: String) throws {
    // The last one's META-INF/CERT.RSA has a local header that disagrees: not an entry read.
    let reading = Self.read(fixture: name)
    #expect(reading.problems == [])
    let declarations = try #require(reading.declarations)
    #expect(declarations.appId == "android.appsecurity.cts.tinyapp")
    #expect(declarations.build == BuildIdentity(versionName: "1.0", versionCode: "10", source: "APK"))
    #expect(declarations.declarations == [])
  }

  @Test func readsAndroguardsTestApp() throws {
    let declarations = try #require(Self.read(fixture: "androguard-test-debug.apk").declarations)
    #expect(declarations.appId == "org.t0t0.androguard.test")
    #expect(declarations.build == BuildIdentity(versionName: "1.0", versionCode: "1", source: "APK"))
    // It declares none: `aapt2 dump badging` lists WRITE_EXTERNAL_STORAGE and READ_PHONE_STATE,
    // which Android implies for an app with no targetSdkVersion (below 4), but the file does not.
    #expect(declarations.declarations == [])
    #expect(declarations.targetSdk == nil)
  }

  /// The aapt2 APK's entries, to rebuild with one changed.
  static func scannerEntries() throws -> [ZipBuilder.Entry] {
    let bytes = [UInt8](try Data(contentsOf: TestFiles.readerFixture("app-packages/aapt2/scanner.apk")))
    let manifest = try StateProofArchiveAccess.contents(bytes, "AndroidManifest.xml")
    return [ZipBuilder.Entry("AndroidManifest.xml", manifest), ZipBuilder.Entry("classes.dex", [])]
  }

  @Test func refusesAManifestDeclaredLargerThanSixteenMiB() throws {
    var entries = try Self.scannerEntries()
    entries[0].uncompressedSize = 3 << 30
    let message = try #require(Self.problem(try Self.read(ZipBuilder(entries).bytes())))
    #expect(
      message
        == "cannot read the APK's manifest: AndroidManifest.xml declares 3 GiB uncompressed, more than the 16 MiB "
        + "StateProof reads of it; not read (a zip bomb, or not the file it should be)")
  }

  @Test func refusesLiesAboutTheManifestEntry() throws {
    let entries = try Self.scannerEntries()
    let layout = ZipBuilder(entries).layout()
    let method = ZipBuilder.patch(layout.bytes, at: layout.localHeaders[0] + 8, ZipBuilder.uint16(8))
    #expect(
      Self.problem(try Self.read(method))
        == "cannot read the APK's manifest: AndroidManifest.xml: its local header and the central directory disagree "
        + "about its compression method; which one is true is unknown, so it is not read")
    var duplicated = entries
    duplicated.append(ZipBuilder.Entry("AndroidManifest.xml", Array("fake".utf8)))
    #expect(
      Self.problem(try Self.read(ZipBuilder(duplicated).bytes()))
        == "cannot read the APK's manifest: the archive holds more than one entry named AndroidManifest.xml; which one "
        + "counts is ambiguous, so none is read")
    var encrypted = entries
    encrypted[0].flags = 1
    #expect(
      Self.problem(try Self.read(ZipBuilder(encrypted).bytes()))
        == "cannot read the APK's manifest: AndroidManifest.xml is encrypted; StateProof reads no encrypted entry")
  }

  @Test func refusesAManifestThatIsNotOne() throws {
    var entries = try Self.scannerEntries()
    entries[0] = ZipBuilder.Entry("AndroidManifest.xml", Array("<manifest package=\"x\"/>".utf8))
    #expect(
      Self.problem(try Self.read(ZipBuilder(entries).bytes()))
        == "the APK's AndroidManifest.xml is not a manifest StateProof can read: not Android binary XML "
        + "(its first chunk header is not a document's)")
    let bundle = [
      ZipBuilder.Entry("BundleConfig.pb", []), ZipBuilder.Entry("base/manifest/AndroidManifest.xml", [0x0B]),
    ]
    #expect(
      Self.problem(try Self.read(ZipBuilder(bundle).bytes(), named: "app.aab"))
        == "the App Bundle's base/manifest/AndroidManifest.xml is not a manifest StateProof can read: "
        + "the field at offset 0 has wire type 3, which aapt2 never writes")
  }

  @Test func refusesWhatIsNoAndroidPackage() throws {
    #expect(
      Self.problem(try Self.read(Array("not a zip".utf8)))
        == "not a zip archive: no end of central directory record in its last 64 KiB (or the file is cut short)")
    let aar = [ZipBuilder.Entry("AndroidManifest.xml", Array("<manifest/>".utf8)), ZipBuilder.Entry("classes.jar", [])]
    #expect(Self.problem(try Self.read(ZipBuilder(aar).bytes()))?.hasPrefix("a zip archive but not an APK") == true)
    let ipa = [ZipBuilder.Entry("Payload/Scanner.app/Info.plist", [])]
    #expect(Self.problem(try Self.read(ZipBuilder(ipa).bytes())) == "an IPA (an iOS app), not an APK or App Bundle")
    let folder = try TemporaryFolder.make()
    #expect(
      Self.problem(AndroidPackageReader.read(path: folder.path, location: Self.location))
        == "not a regular file but a folder; StateProof reads only regular files")
  }
}
