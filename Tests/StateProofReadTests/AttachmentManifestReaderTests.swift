import Foundation
import StateProofModel
import Testing

@testable import StateProofRead

/// The `xcresulttool export attachments` manifest: names, tests, devices, automatic attachments
/// and exported names that try to leave the manifest's folder.
@Suite struct AttachmentManifestReaderTests {
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
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("stateproof-manifest-\(UUID().uuidString)")
    let folder = root.appendingPathComponent("export")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in files { try Data("x".utf8).write(to: folder.appendingPathComponent(name)) }
    let url = folder.appendingPathComponent("manifest.json")
    try Data(json.utf8).write(to: url)
    let file = Fixture.file("ios/export/manifest.json", kind: .attachmentManifest, url: url)
    return (AttachmentManifestReader.read(Data(json.utf8), from: file), root)
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
    let manifest = AttachmentManifestReader.read(Data(json.utf8), from: file)
    #expect(manifest.attachments.isEmpty)
    #expect(manifest.problems.first?.message.contains("link that points outside") == true)
  }

  @Test func otherManifestsAreIgnoredAndBrokenOnesReported() throws {
    #expect(try read(#"{"name": "web app", "icons": []}"#).0.isManifest == false)
    #expect(try read("[1, 2]").0.isManifest == false)
    let broken = try read(#"[{"attachments": ["#).0
    #expect(broken.isManifest)
    #expect(broken.problems.map(\.message) == ["not valid JSON"])
  }

  @Test func evidenceReaderMarksARefusingManifestUnreadable() throws {
    let (_, root) = try read("[]")
    let url = root.appendingPathComponent("export/manifest.json")
    try Data(#"[{"attachments": [{"exportedFileName": "../../x"}]}]"#.utf8).write(to: url)
    let set = EvidenceReader.read(Fixture.file("export/manifest.json", kind: .attachmentManifest, url: url))
    #expect(set.files.first?.status == .unreadable)
    #expect(set.files.first?.error?.contains("\"../../x\"") == true)
    #expect(set.attachments.isEmpty)
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
