import Foundation
import StateProofJSON
import StateProofModel
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofRead

/// The `xcresulttool export attachments` manifest: names, tests, devices, automatic attachments
/// and exported names that try to leave the manifest's folder.
@Suite(.temporaryFolders) struct AttachmentManifestReaderTests {
  private static let uuid = "53E1C67A-8428-403B-A173-57C38BE9DA8B"

  @Test(arguments: [
    ("Launch Screen_0_\(uuid).png", "Launch Screen"),
    ("camera.denied_12_\(uuid).jpeg", "camera.denied"),
    ("camera.denied_3_\(uuid)", "camera.denied"),
    ("camera.denied", "camera.denied"),
    ("after_tap_\(uuid).png", "after_tap_\(uuid).png"),
    ("after tap_x_\(uuid).png", "after tap_x_\(uuid).png"),
    ("short_0_53E1C67A.png", "short_0_53E1C67A.png"),
  ])
  func stripsTheIndexAndUUIDSuffix(suggested: String, name: String) {
    #expect(AttachmentManifestReader.attachmentName(suggested) == name)
  }

  /// Writes `json` as `export/manifest.json` in a fresh folder and reads it.
  private func read(_ json: String, files: [String] = []) throws -> (AttachmentManifest, URL) {
    let root = try TemporaryFolder.make()
    let folder = root.appendingPathComponent("export")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in files { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
    let url = folder.appendingPathComponent("manifest.json")
    try Data(json.utf8).write(to: url)
    let file = Fixture.file("ios/export/manifest.json", kind: .attachmentManifest, url: url)
    return (AttachmentManifestReader.read(MemoryBytes(json.utf8), from: file), root)
  }

  @Test func readsEntriesWithEveryFieldOptional() throws {
    let (manifest, _) = try read(
      """
      [
        {"testIdentifier": "CameraStateScreenTests/testDenied()",
         "attachments": [
           {"exportedFileName": "A.png", "suggestedHumanReadableName": "after tap_0_\(Self.uuid).png",
            "deviceName": "iPhone 16", "isAssociatedWithFailure": true, "timestamp": 1.5},
           {"exportedFileName": "B.txt", "suggestedHumanReadableName": "Debug description_1_\(Self.uuid).txt"},
           {"exportedFileName": "C.png", "suggestedHumanReadableName": "UI Snapshot_2_\(Self.uuid).png"},
           {"suggestedHumanReadableName": "no file"}
         ]},
        {"attachments": {"exportedFileName": "D.png"}},
        {}
      ]
      """)
    #expect(manifest.isManifest)
    #expect(manifest.problems.isEmpty)
    #expect(
      manifest.attachments.map(\.path) == [
        "ios/export/A.png", "ios/export/B.txt", "ios/export/C.png", "ios/export/D.png",
      ])
    let first = manifest.attachments[0]
    #expect(first.name == "after tap")
    #expect(first.testIdentifier == "CameraStateScreenTests/testDenied()")
    #expect(first.device == "iPhone 16")
    #expect(first.isAssociatedWithFailure == true)
    #expect(manifest.attachments.map(\.isAutomatic) == [false, true, true, false])
    #expect(manifest.attachments[3].name == nil && manifest.attachments[3].testIdentifier == nil)
  }

  /// The last three hide a separator from Swift's Characters behind a combining mark; the file
  /// system still splits there (found by the manifest fuzzer).
  @Test(arguments: [
    "../../x.png", "/etc/passwd", "sub/../../x.png", "..", "", "a\\..\\b.png", "../\u{301}x.png",
    "/\u{301}etc/passwd", "a/..\u{300}/../../x.png",
  ])
  func refusesNamesThatLeaveTheFolder(name: String) throws {
    let escaped = name.replacingOccurrences(of: "\\", with: "\\\\")
    let (manifest, _) = try read(
      """
      [{"testIdentifier": "T/test()", "attachments": [
        {"exportedFileName": "ok.png"}, {"exportedFileName": "\(escaped)"}]}]
      """)
    #expect(manifest.attachments.map(\.exportedFileName) == ["ok.png"])
    let problem = try #require(manifest.problems.first)
    #expect(manifest.problems.count == 1)
    #expect(problem.location.path == "ios/export/manifest.json")
    #expect(problem.message.contains("entry 1, attachment 2 of T/test()"))
    #expect(problem.message.contains("refused"))
  }

  @Test func refusesALinkOutOfTheFolder() throws {
    let (_, root) = try read("[]")
    let folder = root.appendingPathComponent("export")
    try Data("secret".utf8).write(to: root.appendingPathComponent("outside.png"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("link.png").path, withDestinationPath: "../outside.png")
    let json = #"[{"attachments": [{"exportedFileName": "link.png"}]}]"#
    let file = Fixture.file(
      "ios/export/manifest.json", kind: .attachmentManifest,
      url: folder.appendingPathComponent("manifest.json"))
    let manifest = AttachmentManifestReader.read(MemoryBytes(json.utf8), from: file)
    #expect(manifest.attachments.isEmpty)
    #expect(manifest.problems.first?.message.contains("link that points outside") == true)
  }

  /// Plain files and links that stay inside are read; a folder link out of the folder is
  /// followed to where it points and refused.
  @Test func followsLinksToSeeWhereTheyLead() throws {
    let (_, root) = try read("[]")
    let folder = root.appendingPathComponent("export")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: root.appendingPathComponent("elsewhere/x.png"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("sub").path, withDestinationPath: "../elsewhere")
    try Data("x".utf8).write(to: folder.appendingPathComponent("plain.png"))
    try FileManager.default.createSymbolicLink(
      atPath: folder.appendingPathComponent("inner.png").path, withDestinationPath: "plain.png")
    let json =
      #"[{"attachments": [{"exportedFileName": "plain.png"}, {"exportedFileName": "inner.png"}, {"exportedFileName": "sub/x.png"}, {"exportedFileName": "gone.png"}]}]"#
    let file = Fixture.file(
      "ios/export/manifest.json", kind: .attachmentManifest, url: folder.appendingPathComponent("manifest.json"))
    let manifest = AttachmentManifestReader.read(MemoryBytes(json.utf8), from: file)
    #expect(manifest.attachments.map(\.exportedFileName) == ["plain.png", "inner.png", "gone.png"])
    #expect(
      manifest.problems.map(\.message) == [
        #"entry 1, attachment 3: exportedFileName "sub/x.png" is a link that points outside the manifest's folder; refused"#
      ])
  }

  @Test func otherManifestsAreIgnoredAndBrokenOnesReported() throws {
    #expect(try read(#"{"name": "web app", "icons": []}"#).0.isManifest == false)
    #expect(try read("[1, 2]").0.isManifest == false)
    let broken = try read(#"[{"attachments": ["#).0
    #expect(broken.isManifest)
    #expect(broken.problems.map(\.message) == [#"not valid JSON: the document ends early; expected a value or "]""#])
    #expect(broken.problems.first?.location.line == 1 && broken.problems.first?.location.column == 19)
  }

  @Test func evidenceReaderMarksARefusingManifestUnreadable() throws {
    let (_, root) = try read("[]")
    let url = root.appendingPathComponent("export/manifest.json")
    try Data(#"[{"attachments": [{"exportedFileName": "../../x"}]}]"#.utf8).write(to: url)
    let set = EvidenceReader.read(Fixture.file("export/manifest.json", kind: .attachmentManifest, url: url))
    #expect(set.files.first?.status == .unreadable)
    #expect(set.files.first?.error?.description.contains("\"../../x\"") == true)
    #expect(set.attachments.isEmpty)
  }

  /// Apple writes keys in alphabetical order, so an entry's `testIdentifier` follows its
  /// attachments; fields of the wrong type count as absent, unknown keys are passed over.
  @Test func readsTheTestIdentifierAfterTheAttachments() throws {
    let (manifest, _) = try read(
      """
      [{"attachments": [{"arguments": ["a", {"deep": [1, 2]}], "deviceName": "iPhone 16",
                         "exportedFileName": "A.png", "isAssociatedWithFailure": "yes",
                         "suggestedHumanReadableName": 7, "timestamp": 1764000123.412}],
        "testIdentifier": "CameraTests/testDenied()", "testIdentifierURL": "test://x"},
       {"attachments": {"exportedFileName": "B.png", "deviceName": ["iPhone 15"]},
        "testIdentifier": {"not": "a string"}}]
      """)
    #expect(manifest.problems.isEmpty)
    #expect(manifest.attachments.map(\.testIdentifier) == ["CameraTests/testDenied()", nil])
    #expect(manifest.attachments.map(\.device) == ["iPhone 16", nil])
    #expect(manifest.attachments[0].isAssociatedWithFailure == nil && manifest.attachments[0].name == nil)
  }

  /// Every device an attachment names, once each and sorted, refused attachments included: the
  /// file names them whatever else it proves.
  @Test func listsTheDevicesItNames() throws {
    let (manifest, _) = try read(
      """
      [{"attachments": [{"exportedFileName": "A.png", "deviceName": "iPhone 16"},
                        {"exportedFileName": "B.png", "deviceName": "iPad Air 13-inch (M3)"},
                        {"deviceName": "iPhone 16"}]},
       {"attachments": [{"exportedFileName": "../x.png", "deviceName": "iPhone 17 Pro"}]}]
      """)
    #expect(manifest.devices == ["iPad Air 13-inch (M3)", "iPhone 16", "iPhone 17 Pro"])
    #expect(manifest.problems.count == 1)
  }

  @Test func evidenceReaderRecordsTheDevicesOnTheFile() throws {
    let (_, root) = try read("[]")
    let url = root.appendingPathComponent("export/manifest.json")
    try Data(#"[{"attachments": [{"exportedFileName": "A.png", "deviceName": "iPhone 16"}]}]"#.utf8).write(to: url)
    let set = EvidenceReader.read(Fixture.file("export/manifest.json", kind: .attachmentManifest, url: url))
    #expect(set.files.first?.devices == ["iPhone 16"])
    #expect(set.files.first?.status == .read)
  }

  /// A field given twice could say two things; the attachment (or, for an entry's own fields,
  /// the whole entry) is refused rather than one of them trusted.
  @Test func refusesFieldsGivenTwice() throws {
    let (manifest, _) = try read(
      """
      [{"testIdentifier": "T/a()", "attachments": [
         {"exportedFileName": "ok.png", "configurationName": "A", "configurationName": "B"},
         {"exportedFileName": "A.png", "exportedFileName": "../../etc/passwd"},
         {"exportedFileName": "T.png", "timestamp": 1764000123.412, "timestamp": 1},
         {"exportedFileName": "U.png", "timestamp": 1764000123.412}]},
       {"testIdentifier": "T/b()", "attachments": [{"exportedFileName": "B.png"}], "testIdentifier": "T/c()"}]
      """)
    // A field StateProof does not read may repeat; one it reads (the time too) may not.
    #expect(manifest.attachments.map(\.exportedFileName) == ["ok.png", "U.png"])
    #expect(
      manifest.problems.map(\.message) == [
        #"entry 1, attachment 2 of T/a(): "exportedFileName" is given twice; refused"#,
        #"entry 1, attachment 3 of T/a(): "timestamp" is given twice; refused"#,
        #"entry 2: "testIdentifier" is given twice; its attachments are refused"#,
      ])
    #expect(manifest.attachments.last?.time?.instant == "2025-11-24T16:02:03Z")
    #expect(manifest.attachments.last?.time?.written == "1764000123.412")
  }

  /// A manifest that breaks off keeps the entries read before the break, and says where it broke.
  @Test func keepsTheEntriesBeforeABreak() throws {
    let (manifest, _) = try read(
      """
      [{"testIdentifier": "T/a()", "attachments": [{"exportedFileName": "A.png"}]},
       {"testIdentifier": "T/b()", "attachments": [{"exportedFileName": "B.png"}]},
       {"testIdentifier": "T/c()", "attachments": [{"exportedFileName": "C.png",}]}]
      """)
    #expect(manifest.isManifest)
    #expect(manifest.attachments.map(\.exportedFileName) == ["A.png", "B.png"])
    let problem = try #require(manifest.problems.first)
    #expect(problem.message == "not valid JSON: a comma before a closing bracket; remove it")
    #expect(problem.location.display == "ios/export/manifest.json:3:74")
  }

  /// Whether it is a manifest shows only as it is read; a file that turns out not to be one
  /// keeps nothing, but is still checked to its end: broken JSON is reported either way.
  @Test(arguments: [
    (#"[{"attachments": [{"exportedFileName": "A.png", "deviceName": "iPhone"}]}, 1]"#, false, 0),
    (#"[{"attachments": []}, [{"a": 1}], {}]"#, false, 0),
    (#"{"name": "web app", "icons": [{"src": "x.png"}]}"#, false, 0),
    (#""manifest""#, false, 0),
    (#"{"name": "web app", "icons": [{"src": "x.png"}]"#, true, 1),
    (#"[{}, 1, {"a": tru}]"#, true, 1),
    (#"[{}] [{}]"#, true, 1),
    ("[]", true, 0),
  ])
  func isAManifestOnlyWhenAnArrayOfObjects(json: String, isManifest: Bool, problems: Int) throws {
    let (manifest, _) = try read(json)
    #expect(manifest.isManifest == isManifest)
    #expect(manifest.problems.count == problems)
    #expect(manifest.attachments.isEmpty)
    if !isManifest { #expect(manifest.devices.isEmpty) }
  }

  /// A manifest.json of another tool says what it holds instead, for the inventory.
  @Test(arguments: [
    (#"{"name": "web app", "icons": []}"#, "a JSON object, not an array"),
    ("[1, 2]", "an array holding something other than objects"),
    (
      #"[{"name": "login", "path": "shots/login.png"}, {"name": "home"}]"#,
      "none of its 2 entries has a testIdentifier or attachments key"
    ),
    (#"[{"name": "login"}]"#, "its one entry has no testIdentifier or attachments key"),
  ])
  func saysWhyItIsNoManifest(json: String, reason: String) throws {
    let (manifest, root) = try read(json)
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(!manifest.isManifest)
    #expect(manifest.notManifest == reason)
    let (xcode, xcodeRoot) = try read(#"[{"testIdentifier": "T/t()", "attachments": []}, {"x": 1}]"#)
    defer { try? FileManager.default.removeItem(at: xcodeRoot) }
    #expect(xcode.isManifest && xcode.notManifest == nil)
  }

  /// 20,000 entries streamed from the file through the evidence reader; the memory this takes
  /// is measured by `scripts/check-manifest-memory`, not here.
  @Test func streamsALargeManifestFromItsFile() throws {
    let (_, root) = try read("[]")
    let url = root.appendingPathComponent("export/manifest.json")
    let count = 20_000
    var json = "[\n"
    for index in 0..<count {
      json += """
          {"attachments": [{"deviceName": "iPhone \(index % 3)", "exportedFileName": "\(index).png",
            "suggestedHumanReadableName": "state \(index)_0_53E1C67A-8428-403B-A173-57C38BE9DA8B.png"}],
           "testIdentifier": "Suite/test\(index)()"}\(index == count - 1 ? "" : ",")

        """
    }
    try Data((json + "]").utf8).write(to: url)
    let set = EvidenceReader.read(Fixture.file("export/manifest.json", kind: .attachmentManifest, url: url))
    #expect(set.attachments.count == count)
    #expect(set.attachments.last?.name == "state \(count - 1)")
    #expect(set.attachments.last?.testIdentifier == "Suite/test\(count - 1)()")
    #expect(set.files.first?.devices == ["iPhone 0", "iPhone 1", "iPhone 2"])
    #expect(set.problems.isEmpty)
  }

  @Test(
    arguments: [
      (
        "app/build/outputs/connected_android_test_additional_output/releaseAndroidTest/connected/Pixel 8 - 14/camera.png",
        "Pixel 8 - 14"
      ),
      (
        "app/build/outputs/connected_android_test_additional_output/debugAndroidTest/connected/SM-S901E - 15/a/b.png",
        "SM-S901E - 15"
      ),
      ("app/build/outputs/managed_device_android_test_additional_output/debug/pixel6api34/shot.png", "pixel6api34"),
      ("shots/connected/release/Pixel 8 - 14/x.png", "Pixel 8 - 14"),
      ("android/screenshots/camera/blocked.png", nil),
      ("connected_android_test_additional_output/release/connected/x.png", nil),
    ] as [(String, String?)])
  func androidScreenshotDevices(path: String, device: String?) {
    #expect(AndroidScreenshotPath.device(in: path) == device)
  }
}
