import Foundation
import StateProofEvidence
import StateProofModel
import Testing

@testable import StateProofRead

/// Home Assistant's real Info.plists (its app's source one, built to binary by
/// `plist/make-built`, an extension's, a framework's and a test bundle's), an `.xcresult`'s, and
/// hostile property lists.
@Suite struct InfoPlistReaderTests {
  static func read(_ name: String) throws -> DeclarationsReading {
    let relative = "plist/" + name
    return InfoPlistReader.read(try DeclarationFixture.data(relative), location: DeclarationFixture.location(relative))
  }

  static func read(xml body: String) -> DeclarationsReading {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      \(body)
      </plist>
      """
    return InfoPlistReader.read(Data(text.utf8), location: DeclarationFixture.location("Info.plist"))
  }

  /// The keys Home Assistant's app declares, in order.
  static let appKeys = [
    "NFCReaderUsageDescription", "NSBluetoothAlwaysUsageDescription", "NSBonjourServices", "NSCameraUsageDescription",
    "NSCrossWebsiteTrackingUsageDescription", "NSFaceIDUsageDescription", "NSFocusStatusUsageDescription",
    "NSHealthShareUsageDescription", "NSHealthUpdateUsageDescription", "NSLocalNetworkUsageDescription",
    "NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription",
    "NSLocationTemporaryUsageDescriptionDictionary", "NSLocationUsageDescription",
    "NSLocationWhenInUseUsageDescription", "NSMicrophoneUsageDescription", "NSMotionUsageDescription",
    "NSPhotoLibraryAddUsageDescription", "NSPhotoLibraryUsageDescription", "NSRemindersFullAccessUsageDescription",
    "NSRemindersUsageDescription", "NSSiriUsageDescription", "NSSpeechRecognitionUsageDescription",
    "UIBackgroundModes",
  ]

  @Test func readsABuiltAppsBinaryInfoPlist() throws {
    let reading = try Self.read("homeassistant-app-built.plist")
    #expect(reading.problems.isEmpty && reading.notes.isEmpty && reading.notDeclarations == nil)
    let app = try #require(reading.declarations)
    #expect(app.platform == .ios && app.source == .infoPlist && app.appId == "io.robbie.HomeAssistant")
    #expect(app.build == BuildIdentity(versionName: "2026.8.1", versionCode: "2026.1481", source: "Info.plist"))
    #expect(app.targetSdk == nil && app.minSdk == nil)
    #expect(app.declarations.map(\.name) == Self.appKeys)
    // A binary property list has no lines.
    #expect(app.declarations.allSatisfy { $0.line == nil })
    let byName = Dictionary(uniqueKeysWithValues: app.declarations.map { ($0.name, $0.values) })
    #expect(byName["NSCameraUsageDescription"] == ["Take photos and send them to your Home Assistant server."])
    #expect(byName["UIBackgroundModes"] == ["fetch", "location", "remote-notification", "audio"])
    #expect(byName["NSBonjourServices"] == ["_hass-mobile-app._tcp", "_home-assistant._tcp", "_matter._tcp"])
    #expect(byName["NSLocationTemporaryUsageDescriptionDictionary"] == ["TemporaryFullAccuracyReasonManualUpdate"])
  }

  @Test func readsASourceInfoPlistWithANote() throws {
    let reading = try Self.read("homeassistant-app-Info.plist")
    #expect(reading.problems.isEmpty)
    let app = try #require(reading.declarations)
    // $(PRODUCT_BUNDLE_IDENTIFIER), $(MARKETING_VERSION), $(CURRENT_PROJECT_VERSION): left unexpanded.
    #expect(app.appId == nil && app.build == nil)
    #expect(
      reading.notes == [
        "CFBundleIdentifier is the build setting $(PRODUCT_BUNDLE_IDENTIFIER), not expanded: a source Info.plist, "
          + "not the built app's (Xcode adds keys from INFOPLIST_KEY_* build settings when it builds, so the app "
          + "may declare more)"
      ])
    #expect(app.declarations.map(\.name) == Self.appKeys)
    let camera = app.declarations.first { $0.name == "NSCameraUsageDescription" }
    #expect(camera?.line == 81)
    #expect(app.declarations.first?.line == 66 && app.declarations.last?.line == 200)
    // Its purpose strings read the same as the built app's.
    let built = try #require(try Self.read("homeassistant-app-built.plist").declarations)
    #expect(app.declarations.map(\.values) == built.declarations.map(\.values))
  }

  @Test func readsAnAppExtensionAsTheAppsDeclarations() throws {
    let intents = try Self.read("homeassistant-intents-Info.plist")
    let app = try #require(intents.declarations)
    #expect(
      app.declarations.map(\.name) == [
        "NSLocationAlwaysAndWhenInUseUsageDescription", "NSLocationAlwaysUsageDescription",
      ])
    #expect(app.declarations.map(\.line) == [47, 49])
    #expect(
      app.declarations.first?.values.first?.hasPrefix("We also need permission to access location 'Always'") == true)
    #expect(
      intents.notes.first
        == "an app extension's Info.plist (CFBundlePackageType XPC!): the system asks on the extension's behalf, "
        + "so its keys are declarations of the app that contains it")
    // A package type left as a build setting: NSExtension says it is an extension.
    let widgets = try Self.read("homeassistant-widgets-Info.plist")
    #expect(widgets.declarations?.declarations == [])
    #expect(widgets.notes.first?.hasPrefix("an app extension's Info.plist (NSExtension)") == true)
  }

  @Test func bundlesThatAreNoAppDeclareNothing() throws {
    #expect(
      try Self.read("homeassistant-shared-Info.plist")
        == DeclarationsReading(notDeclarations: "a framework's Info.plist (CFBundlePackageType FMWK), not an app's"))
    #expect(
      try Self.read("homeassistant-tests-Info.plist")
        == DeclarationsReading(
          notDeclarations: "a loadable or test bundle's Info.plist (CFBundlePackageType BNDL), not an app's"))
    #expect(
      try Self.read("xcresult-Info.plist")
        == DeclarationsReading(notDeclarations: "an .xcresult bundle's Info.plist (rootId, version), not an app's"))
    #expect(
      Self.read(xml: "<dict><key>CFBundleIdentifier</key><string>com.example.kit</string></dict>").notDeclarations
        == "an Info.plist with neither CFBundlePackageType nor CFBundleExecutable: no app's")
  }

  @Test func keysOfTheWrongTypeAreProblemsAtTheirLines() {
    let reading = Self.read(
      xml: """
        <dict>
          <key>CFBundleExecutable</key><string>Scanner</string>
          <key>CFBundleIdentifier</key><array><string>com.example.scanner</string></array>
          <key>NSCameraUsageDescription</key><integer>1</integer>
          <key>NSMicrophoneUsageDescription</key><string>Records voice notes.</string>
          <key>UIBackgroundModes</key><string>audio</string>
          <key>PHPhotoLibraryPreventAutomaticLimitedAccessAlert</key><string>YES</string>
          <key>NSLocationDefaultAccuracyReduced</key><true/>
          <key>NSLocationTemporaryUsageDescriptionDictionary</key><array/>
        </dict>
        """)
    #expect(reading.declarations?.appId == nil)
    #expect(
      reading.declarations?.declarations == [
        Declaration(name: "NSLocationDefaultAccuracyReduced", values: ["true"], line: 11),
        Declaration(name: "NSMicrophoneUsageDescription", values: ["Records voice notes."], line: 8),
      ])
    #expect(
      reading.problems.map(\.description) == [
        "Info.plist:6: CFBundleIdentifier is an array, not a string",
        "Info.plist:7: NSCameraUsageDescription is a number, not a purpose string: not read as a declaration",
        "Info.plist:12: NSLocationTemporaryUsageDescriptionDictionary is an array, not a dictionary: not read as a declaration",
        "Info.plist:10: PHPhotoLibraryPreventAutomaticLimitedAccessAlert is a string, not a boolean: not read as a declaration",
        "Info.plist:9: UIBackgroundModes is a string, not an array of strings: not read as a declaration",
      ])
  }

  @Test func flagsReadAsTrueOrFalse() {
    let reading = Self.read(
      xml: """
        <dict>
          <key>CFBundlePackageType</key><string>APPL</string>
          <key>CFBundleIdentifier</key><string>com.example.photos</string>
          <key>PHPhotoLibraryPreventAutomaticLimitedAccessAlert</key><false/>
        </dict>
        """)
    #expect(reading.declarations?.declarations.map(\.values) == [["false"]])
  }

  // MARK: Hostile property lists

  @Test func aHugePlistIsRefusedBeforeParsing() {
    let reading = InfoPlistReader.read(
      Data(count: InfoPlistReader.maxBytes + 1), location: DeclarationFixture.location("Info.plist"))
    #expect(
      reading.problems.map(\.message) == [
        "4194305 bytes, more than the 4 MiB any app's Info.plist stays under: not read"
      ])
  }

  @Test func aTruncatedBinaryPlistIsAProblem() throws {
    let built = try DeclarationFixture.data("plist/homeassistant-app-built.plist")
    for length in [8, 40, 1_000, built.count - 1] {
      let reading = InfoPlistReader.read(built.prefix(length), location: DeclarationFixture.location("Info.plist"))
      #expect(reading.declarations == nil, "\(length)")
      #expect(
        reading.problems.map(\.message) == ["a binary property list that does not decode (cut short or corrupt)"],
        "\(length)")
    }
  }

  @Test func deepNestingIsAProblemNotACrash() {
    let depth = 200_000
    let xml = Self.read(xml: String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth))
    #expect(xml.declarations == nil && xml.problems.count == 1)
    let binary = InfoPlistReader.read(
      Self.nestedBinaryPlist(depth: depth), location: DeclarationFixture.location("Info.plist"))
    #expect(binary.declarations == nil && binary.problems.count == 1)
  }

  @Test func entitiesAreNeverExpanded() {
    let reading = InfoPlistReader.read(
      Data(
        """
        <?xml version="1.0"?>
        <!DOCTYPE plist [
         <!ENTITY lol "lol">
         <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
         <!ENTITY secret SYSTEM "file:///etc/passwd">
        ]>
        <plist version="1.0"><dict>
          <key>CFBundlePackageType</key><string>APPL</string>
          <key>CFBundleIdentifier</key><string>&lol2;</string>
          <key>NSCameraUsageDescription</key><string>&secret;</string>
        </dict></plist>
        """.utf8), location: DeclarationFixture.location("Info.plist"))
    #expect(reading.declarations == nil)
    #expect(reading.problems.count == 1)
    #expect(
      reading.problems.map(\.message) == ["a property list that declares XML entities, which StateProof never expands"])
  }

  @Test func aTopLevelOtherThanADictionaryIsAProblem() {
    #expect(
      Self.read(xml: "<array><string>a</string></array>").problems.map(\.message) == [
        "a property list whose top level is not a dictionary"
      ])
  }

  /// A binary property list of `depth` arrays, each holding the next, around one string: made by
  /// hand, as no writer makes one this deep.
  static func nestedBinaryPlist(depth: Int) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    func bigEndian(_ value: Int, _ width: Int) -> [UInt8] {
      (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    for index in 0..<depth {
      offsets.append(bytes.count)
      bytes += [0xA1] + bigEndian(index + 1, 4)
    }
    offsets.append(bytes.count)
    bytes += [0x51, UInt8(ascii: "x")]
    let table = bytes.count
    for offset in offsets { bytes += bigEndian(offset, 4) }
    bytes += [0, 0, 0, 0, 0, 0, 4, 4] + bigEndian(offsets.count, 8) + bigEndian(0, 8) + bigEndian(table, 8)
    return Data(bytes)
  }
}
