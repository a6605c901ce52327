import Foundation
import StateProofEvidence
import StateProofModel
import StateProofSystem
import StateProofTestSupport
import Testing

@testable import StateProofRead

/// `aapt2 dump badging`/`permissions` and `aapt dump badging` output: made with Debian's aapt and
/// aapt2 (`aapt/make-dumps`), and in the shapes older aapt and today's aapt2 print (NOTICE.md).
@Suite struct AaptDumpReaderTests {
  static func read(_ name: String) throws -> DeclarationsReading {
    let relative = "aapt/" + name
    return AaptDumpReader.read(try DeclarationFixture.source(relative), location: DeclarationFixture.location(relative))
  }

  static func read(text: String) -> DeclarationsReading {
    AaptDumpReader.read(MemoryBytes(Array(text.utf8)), location: DeclarationFixture.location("badging.txt"))
  }

  /// The scanner app's declarations as both tools' badging prints them.
  static let scanner: [Declaration] = [
    Declaration(name: "android.permission.INTERNET", line: 4),
    Declaration(name: "android.permission.CAMERA", line: 5),
    Declaration(name: "android.permission.RECORD_AUDIO", line: 6),
    Declaration(name: "android.permission.ACCESS_FINE_LOCATION", line: 7),
    Declaration(name: "android.permission.ACCESS_COARSE_LOCATION", line: 8),
    Declaration(name: "android.permission.WRITE_EXTERNAL_STORAGE", maxSdk: 28, line: 9),
    Declaration(name: "android.permission.POST_NOTIFICATIONS", line: 10),
    Declaration(name: "android.permission.READ_MEDIA_IMAGES", line: 11),
    // Its `optional-permission:` line repeats it: required="false" still asks.
    Declaration(name: "android.permission.CALL_PHONE", line: 12),
    Declaration(name: "android.permission.READ_CONTACTS", line: 14),
    Declaration(name: "android.permission.ACCESS_WIFI_STATE", maxSdk: 30, line: 15),
    Declaration(name: "com.example.scanner.permission.C2D_MESSAGE", line: 16),
    // Implied by WRITE_EXTERNAL_STORAGE: the installer adds it, with the same limit.
    Declaration(name: "android.permission.READ_EXTERNAL_STORAGE", maxSdk: 28, line: 19),
  ]

  @Test(arguments: ["aapt2-badging.txt", "aapt-badging.txt"])
  func readsBadging(_ name: String) throws {
    let reading = try Self.read(name)
    #expect(reading.problems.isEmpty && reading.notes.isEmpty && reading.notDeclarations == nil)
    let app = try #require(reading.declarations)
    #expect(app.platform == .android && app.source == .aaptDump && app.appId == "com.example.scanner")
    #expect(app.build == BuildIdentity(versionName: "4.2.0", versionCode: "420", source: "aapt2 dump"))
    #expect(app.minSdk == 24 && app.targetSdk == 29)
    #expect(app.declarations == Self.scanner)
  }

  /// Windows PowerShell 5's `aapt2 dump badging app.apk > badging.txt` writes UTF-16LE with CRLF.
  @Test func readsWhatWindowsPowerShellSaved() throws {
    let text = String(decoding: try DeclarationFixture.data("aapt/aapt2-badging.txt"), as: UTF8.self)
    let utf16 =
      [0xFF, 0xFE]
      + text.replacingOccurrences(of: "\n", with: "\r\n").utf16.flatMap { (unit: UInt16) -> [UInt8] in
        [UInt8(unit & 0xFF), UInt8(unit >> 8)]
      }
    let reading = AaptDumpReader.read(MemoryBytes(utf16), location: DeclarationFixture.location("badging.txt"))
    #expect(reading.problems.isEmpty)
    #expect(reading.declarations?.declarations == Self.scanner)
  }

  @Test func readsDumpPermissionsWhichDefinesNothingAsDeclared() throws {
    let reading = try Self.read("aapt2-permissions.txt")
    let app = try #require(reading.declarations)
    #expect(app.appId == "com.example.scanner" && app.build == nil && app.targetSdk == nil)
    // `permission: …` (defined by the app) is no request; no implied permission is printed.
    #expect(app.declarations.map(\.name) == Self.scanner.dropLast().map(\.name))
    #expect(app.declarations.last?.line == 15)
    #expect(
      reading.notes == [
        "aapt2 dump permissions output: no version, SDK levels or implied permissions (aapt2 dump badging prints them)"
      ])
  }

  @Test func impliedPermissionsOfAnOldTargetCountAsDeclared() throws {
    let app = try #require(try Self.read("aapt-badging-legacy.txt").declarations)
    #expect(app.targetSdk == 3 && app.build?.versionName == "1.0 beta")
    #expect(
      app.declarations.map(\.name) == [
        "android.permission.READ_CONTACTS", "android.permission.ACCESS_FINE_LOCATION",
        "android.permission.WRITE_EXTERNAL_STORAGE", "android.permission.READ_PHONE_STATE",
        "android.permission.READ_EXTERNAL_STORAGE", "android.permission.READ_CALL_LOG",
      ])
    #expect(app.declarations.map(\.line) == [4, 5, 7, 9, 11, 13])
  }

  @Test func readsOlderAaptsUnkeyedValues() throws {
    let app = try #require(try Self.read("aapt-pre-lollipop.txt").declarations)
    #expect(app.appId == "com.example.gallery" && app.minSdk == 14 && app.targetSdk == 21)
    #expect(app.declarations.count == 8)
    #expect(app.declarations.first == Declaration(name: "android.permission.NFC", line: 4))
    #expect(app.declarations.last == Declaration(name: "android.permission.READ_EXTERNAL_STORAGE", line: 15))
  }

  @Test func readsTodaysAapt2Flags() throws {
    let app = try #require(try Self.read("aapt2-neverforlocation.txt").declarations)
    #expect(app.targetSdk == 35)
    #expect(
      app.declarations == [
        Declaration(name: "android.permission.BLUETOOTH", maxSdk: 30, line: 4),
        Declaration(name: "android.permission.BLUETOOTH_SCAN", neverForLocation: true, line: 5),
        Declaration(name: "android.permission.BLUETOOTH_CONNECT", line: 6),
        Declaration(name: "android.permission.ACCESS_FINE_LOCATION", maxSdk: 30, line: 7),
        Declaration(name: "android.permission.NEARBY_WIFI_DEVICES", neverForLocation: true, line: 8),
        Declaration(name: "android.permission.CAMERA", line: 9),
        Declaration(name: "android.permission.READ_PHONE_STATE", maxSdk: 29, line: 11),
        Declaration(name: "android.permission.POST_NOTIFICATIONS", line: 13),
        Declaration(name: "android.permission.ACCESS_COARSE_LOCATION", line: 14),
      ])
  }

  @Test func linesAreSplitLikeAaptWritesThem() throws {
    let line = try #require(AaptDumpLine("application: label='Bob\\'s app' icon='res/a.png'"))
    #expect(line.tag == "application" && line.values["label"] == "Bob\\'s app" && line.values["icon"] == "res/a.png")
    #expect(AaptDumpLine("  uses-feature: name='android.hardware.camera'") == nil)
    #expect(AaptDumpLine("main") == nil)
    #expect(AaptDumpLine("package: com.example")?.bare == "com.example")
    #expect(AaptDumpLine("targetSdkVersion:'VanillaIceCream'")?.values[""] == "VanillaIceCream")
  }

  @Test func problemsAndWhatIsNoDump() {
    let reading = Self.read(
      text: """
        package: name='com.example' versionCode='' versionName=''
        targetSdkVersion:'Baklava'
        uses-permission: name=''
        uses-permission: name='android.permission.CAMERA' maxSdkVersion='twelve'
        """)
    #expect(reading.declarations?.build == nil && reading.declarations?.targetSdk == nil)
    #expect(reading.declarations?.declarations == [Declaration(name: "android.permission.CAMERA", line: 4)])
    #expect(reading.notes == ["targetSdkVersion is 'Baklava', a preview's codename, not an API level"])
    #expect(
      reading.problems.map(\.description) == [
        "badging.txt:3: a uses-permission: line without a name",
        "badging.txt:4: android.permission.CAMERA: maxSdkVersion 'twelve' is not an API level (read as no upper limit)",
      ])
    #expect(
      Self.read(text: "ERROR: dump failed because no AndroidManifest.xml found\n")
        == DeclarationsReading(notDeclarations: "text whose first line is not aapt's \"package:\" line"))
    #expect(Self.read(text: "\n\n") == DeclarationsReading(notDeclarations: "an empty file"))
  }

  @Test func hostileTextIsReadInBoundedMemory() {
    var generator = SeededRandom.printed()
    let noise = Self.read(text: "package: com.example\n" + String(decoding: generator.bytes(200_000), as: UTF8.self))
    #expect(noise.declarations?.appId == "com.example", "seed \(generator.seed)")
    let longLine = "package: com.example\nuses-permission: name='" + String(repeating: "A", count: 3_000_000) + "'\n"
    #expect(Self.read(text: longLine).declarations?.declarations.isEmpty == true)
    let many =
      "package: com.example\n"
      + String(
        repeating: "uses-permission: name='android.permission.CAMERA'\n", count: AaptDumpReader.maxDeclarations + 1)
    #expect(
      Self.read(text: many).problems.map(\.message) == [
        "declares more than 5000 permissions, more than any app: not read"
      ])
  }
}
