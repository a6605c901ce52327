import Foundation
import StateProofEvidence
import StateProofModel
import StateProofSystem
import Testing

@testable import StateProofRead

/// Merged manifests as AGP writes them (two real ones, see the fixtures' NOTICE.md), the files
/// that look like one but are not (a source manifest, a test APK's), and hostile XML.
@Suite struct AndroidManifestReaderTests {
  static func read(_ name: String) throws -> DeclarationsReading {
    let relative = "manifest/" + name
    return AndroidManifestReader.read(
      try DeclarationFixture.source(relative), location: DeclarationFixture.location(relative))
  }

  static func read(text: String) -> DeclarationsReading {
    AndroidManifestReader.read(
      MemoryBytes(Array(text.utf8)), location: DeclarationFixture.location("AndroidManifest.xml"))
  }

  @Test func readsARealMergedManifest() throws {
    let reading = try Self.read("manifest-lock-merged.xml")
    #expect(reading.problems.isEmpty && reading.notDeclarations == nil && reading.notes.isEmpty)
    let app = try #require(reading.declarations)
    #expect(app.platform == .android && app.source == .mergedManifest)
    #expect(app.appId == "io.github.gmazzo.android.manifest.lock.test")
    #expect(app.build == BuildIdentity(versionName: "0.1.0", versionCode: "10", source: "merged AndroidManifest.xml"))
    #expect(app.minSdk == 24 && app.targetSdk == 34 && app.deviceSdk == nil)
    #expect(app.declarations.count == 26)
    #expect(app.declarations.first == Declaration(name: "android.permission.INTERNET", line: 13))
    // A start tag AGP spreads over three lines is placed where it begins.
    #expect(app.declarations[2] == Declaration(name: "android.permission.CAMERA", line: 15))
    // <uses-permission-sdk-23> is a declaration like any other (for API 23 and later).
    #expect(app.declarations[11] == Declaration(name: "android.permission.FOREGROUND_SERVICE_CAMERA", line: 26))
    #expect(app.declarations.first { $0.name == "android.permission.READ_EXTERNAL_STORAGE" }?.maxSdk == 32)
    #expect(app.declarations.first { $0.name == "android.permission.WRITE_EXTERNAL_STORAGE" }?.maxSdk == 28)
    #expect(app.declarations.last == Declaration(name: "android.permission.REORDER_TASKS", line: 59))
  }

  @Test func readsAnAppsMergedManifestButNotItsSource() throws {
    // StatusBarLyric committed both: the merge dropped the tools: markers, added <uses-sdk> and
    // the version, and two permissions the source does not list.
    let merged = try #require(try Self.read("statusbarlyric-merged.xml").declarations)
    #expect(merged.appId == "miui.statusbar.lyric" && merged.build?.versionName == "2.9.26")
    #expect(merged.minSdk == 28 && merged.targetSdk == 29)
    #expect(
      merged.declarations.map(\.name) == [
        "android.permission.FORCE_STOP_PACKAGES", "android.permission.WRITE_EXTERNAL_STORAGE",
        "android.permission.MANAGE_EXTERNAL_STORAGE", "android.permission.INTERNET",
        "android.permission.REQUEST_DELETE_PACKAGES",
      ])
    let source = try Self.read("statusbarlyric-source.xml")
    #expect(source.declarations == nil && source.problems.isEmpty)
    #expect(
      source.notDeclarations
        == "a source AndroidManifest.xml (tools:ignore on line 8, no <uses-sdk>), not the merged one: libraries add "
        + "permissions when AGP merges manifests, so give the merged manifest "
        + "(build/intermediates/merged_manifests/<variant>/AndroidManifest.xml) or the APK")
  }

  @Test func readsMaxSdkVersionAndNeverForLocation() throws {
    let app = try #require(try Self.read("nearby-merged.xml").declarations)
    let byName = Dictionary(app.declarations.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(
      byName["android.permission.BLUETOOTH"] == Declaration(name: "android.permission.BLUETOOTH", maxSdk: 30, line: 12))
    #expect(
      byName["android.permission.BLUETOOTH_SCAN"]
        == Declaration(name: "android.permission.BLUETOOTH_SCAN", neverForLocation: true, line: 18))
    #expect(byName["android.permission.NEARBY_WIFI_DEVICES"]?.neverForLocation == true)
    #expect(byName["android.permission.BLUETOOTH_CONNECT"]?.neverForLocation == false)
    #expect(byName["android.permission.ACCESS_FINE_LOCATION"]?.maxSdk == 30)
    #expect(byName["android.permission.ACCESS_COARSE_LOCATION"]?.line == 35)
    // A permission the app defines (<permission>) is no request; the one it also uses is.
    #expect(app.declarations.filter { $0.name.hasSuffix("DYNAMIC_RECEIVER_NOT_EXPORTED_PERMISSION") }.count == 1)
    #expect(app.declarations.count == 12)
  }

  @Test func neverForLocationAsWrittenOrAsANumber() {
    #expect(ManifestScan.neverForLocation("neverForLocation"))
    #expect(ManifestScan.neverForLocation(" someFutureFlag | neverForLocation "))
    #expect(ManifestScan.neverForLocation("0x10000") && ManifestScan.neverForLocation("65536"))
    #expect(!ManifestScan.neverForLocation("") && !ManifestScan.neverForLocation("0x1"))
  }

  @Test func aSourceManifestWithToolsNodeRemoveIsNotRead() throws {
    let reading = try Self.read("source-tools-remove.xml")
    #expect(reading.declarations == nil)
    #expect(
      reading.notDeclarations?.hasPrefix(
        "a source AndroidManifest.xml (tools:node on line 8, no <uses-sdk>, no package)") == true)
  }

  @Test func aTestAPKsManifestIsNotTheApps() throws {
    let reading = try Self.read("test-apk-merged.xml")
    #expect(reading.declarations == nil)
    #expect(reading.notDeclarations?.hasPrefix("a test APK's AndroidManifest.xml (it has <instrumentation>)") == true)
  }

  @Test func otherXMLIsNoManifest() {
    let junit = Self.read(text: #"<testsuites><testsuite name="s"/></testsuites>"#)
    #expect(
      junit == DeclarationsReading(notDeclarations: "an XML file whose root element is <testsuites>, not <manifest>"))
    let plain = Self.read(text: #"<manifest package="a"><uses-sdk/></manifest>"#)
    #expect(plain.declarations == nil && plain.notDeclarations?.contains("without Android's namespace") == true)
  }

  @Test func badValuesAreProblemsAtTheirElement() {
    let reading = Self.read(
      text: """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example">
          <uses-sdk android:minSdkVersion="24" android:targetSdkVersion="VanillaIceCream"/>
          <uses-permission android:name="android.permission.CAMERA" android:maxSdkVersion="@integer/max"/>
          <uses-permission android:maxSdkVersion="28"/>
        </manifest>
        """)
    let app = reading.declarations
    #expect(app?.declarations == [Declaration(name: "android.permission.CAMERA", line: 3)])
    #expect(app?.targetSdk == nil && app?.minSdk == 24 && app?.build == nil)
    #expect(
      reading.notes == [#"android:targetSdkVersion is "VanillaIceCream", a preview's codename, not an API level"#])
    #expect(
      reading.problems.map(\.description) == [
        #"AndroidManifest.xml:3:3: android.permission.CAMERA: android:maxSdkVersion "@integer/max" is not an API level (read as no upper limit)"#,
        "AndroidManifest.xml:4:3: a <uses-permission> without android:name",
      ])
  }

  @Test func aBrokenManifestGivesNoDeclarations() {
    let reading = Self.read(
      text: """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example">
          <uses-sdk android:minSdkVersion="24"/>
          <uses-permission android:name="android.permission.CAMERA"/>
          <uses-permission android:name="android.permission.RECORD_
        """)
    #expect(reading.declarations == nil)
    #expect(reading.problems.count == 1)
    #expect(reading.problems.first?.message.hasPrefix("malformed XML: ") == true)
    #expect(reading.problems.first?.location.line == 4)
  }

  @Test func tooManyDeclarationsAreRefused() {
    let line = #"<uses-permission android:name="android.permission.CAMERA"/>"#
    let text =
      #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a"><uses-sdk/>"#
      + String(repeating: line, count: ManifestScan.maxDeclarations + 1) + "</manifest>"
    let reading = Self.read(text: text)
    #expect(reading.declarations == nil)
    #expect(reading.problems.map(\.message) == ["declares more than 5000 permissions, more than any app: not read"])
  }

  @Test func problemsAreListedUpToALimit() {
    let text =
      #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a"><uses-sdk/>"#
      + String(repeating: "<uses-permission android:maxSdkVersion=\"28\"/>\n", count: ManifestScan.maxProblems + 50)
      + "</manifest>"
    let problems = Self.read(text: text).problems
    #expect(problems.count == ManifestScan.maxProblems + 1)
    #expect(problems.last?.message == "from here on, 50 more lines could not be read; they are not listed")
    #expect(problems.last?.location.line == ManifestScan.maxProblems + 1)
  }

  // MARK: Hostile XML

  @Test func billionLaughsIsAProblemNotABlowUp() throws {
    let reading = try Self.read("billion-laughs.xml")
    #expect(reading.declarations == nil)
    let problem = try #require(reading.problems.first)
    #expect(reading.problems.count == 1 && problem.message.contains("entity"), "\(problem)")
  }

  @Test func externalEntitiesAreNeverResolved() throws {
    let reading = try Self.read("external-entity.xml")
    #expect(reading.declarations == nil)
    // libxml2 refuses the reference itself (where on the line differs between its versions).
    #expect(reading.problems.map(\.location.line) == [16])
    #expect(reading.problems.map(\.message) == ["malformed XML: Attribute references external entity 'secret'"])
    // Declared but used in text, an external entity is named as refused.
    let inText = Self.read(
      text: """
        <!DOCTYPE manifest [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a"><uses-sdk/>&secret;</manifest>
        """)
    #expect(inText.declarations == nil)
    #expect(
      inText.problems.map(\.message) == [
        "malformed XML: the file declares an external entity secret (file:///etc/passwd), which StateProof never resolves"
      ])
  }

  @Test func anExternalDTDIsNeverLoaded() {
    let reading = Self.read(
      text: """
        <?xml version="1.0"?>
        <!DOCTYPE manifest SYSTEM "http://127.0.0.1:9/manifest.dtd">
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a"><uses-sdk/></manifest>
        """)
    #expect(reading.declarations == nil)
    #expect(reading.problems.first?.message.contains("an external DTD (http://127.0.0.1:9/manifest.dtd)") == true)
  }
}
