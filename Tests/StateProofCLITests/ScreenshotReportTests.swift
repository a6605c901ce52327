import Foundation
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// Screenshots end to end through `stateproof report`: each attribution rule, lying images,
/// refused manifest entries, content-addressed assets and the embedding options.
@Suite(.temporaryFolders) struct ScreenshotReportTests {
  /// An evidence folder built from `files` (relative path → bytes), reported into `out`.
  private struct Run {
    let evidence: URL
    let out: URL
    let status: Int32
    let errors: String
    let report: [String: Any]

    init(_ files: [String: Data], config: String? = nil, options: [String] = []) throws {
      let folder = try TestSupport.temporaryFolder()
      evidence = folder.appendingPathComponent("evidence")
      out = folder.appendingPathComponent("report")
      for (path, data) in files {
        let url = evidence.appendingPathComponent(path)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
      }
      var arguments = ["report", "--out", out.path] + options
      if let config {
        let url = folder.appendingPathComponent("stateproof.json")
        try Data(config.utf8).write(to: url)
        arguments += ["--config", url.path]
      }
      let result = TestSupport.run(arguments + [evidence.path])
      status = result.status
      errors = result.errors
      let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
      report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    var rows: [String: [String: Any]] {
      let platforms = report["platforms"] as? [[String: Any]] ?? []
      let rows = platforms.flatMap { $0["rows"] as? [[String: Any]] ?? [] }
      return Dictionary(uniqueKeysWithValues: rows.map { ($0["id"] as? String ?? "", $0) })
    }

    /// The screenshot evidence of a row.
    func screenshots(_ row: String) -> [[String: Any]] {
      (rows[row]?["evidence"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "screenshot" }
    }

    func findings(_ code: String) -> [[String: Any]] {
      (report["findings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == code }
    }

    func text(_ name: String) throws -> String {
      try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
    }
  }

  private static let uuid = "5E0C2B7A-3F1D-4C8E-9A61-2D7B8E4F9C10"

  private static let deniedJUnit = Data(
    """
    <testsuites><testsuite name="ScannerUITests" tests="2">
    <properties><property name="device" value="iPhone 16 (18.6)"/></properties>
    <testcase classname="ScannerUITests.CameraStateScreenTests" name="testDeniedOffersSettingsAfterTap()" time="1"/>
    <testcase classname="ScannerUITests.CameraStateScreenTests" name="testRestrictedExplainsLimitation()" time="1"/>
    </testsuite></testsuites>
    """.utf8)

  private static func manifest(test: String, exported: String, name: String) -> Data {
    Data(
      """
      [{"testIdentifier": "\(test)", "attachments": [{"exportedFileName": "\(exported)",
        "suggestedHumanReadableName": "\(name)_0_\(uuid).png", "deviceName": "iPhone 16"}]}]
      """.utf8)
  }

  @Test func configGlobClaimsAScreenshotNamedForNoState() throws {
    let run = try Run(
      ["android/outputs/Pixel 8 - 14/viewfinder.png": TestImage.png(tag: "viewfinder")],
      config: """
        {"permissions": [{"id": "camera", "rows": {"android/granted": {"screenshots": ["android/**/viewfinder.png"], "reason": "the granted screen is the viewfinder"}}}]}
        """)
    let shot = try #require(run.screenshots("android/camera/granted").first)
    #expect(shot["rule"] as? String == "config-glob")
    #expect(run.findings("unmatched-evidence").isEmpty)
  }

  /// The denied test's run, with its screenshot exported from Xcode and listed in the manifest
  /// as attached in that test.
  private static func deniedScreenshotAttachedInItsTest() throws -> Run {
    try Run([
      "ios/junit.xml": deniedJUnit,
      "ios/export/manifest.json": manifest(
        test: "CameraStateScreenTests/testDeniedOffersSettingsAfterTap()", exported: "\(uuid).png", name: "after tap"),
      "ios/export/\(uuid).png": TestImage.png(tag: "after tap"),
    ])
  }

  @Test func attachedToTestUsesTheManifestsTestIdentifier() throws {
    let run = try Self.deniedScreenshotAttachedInItsTest()
    let shot = try #require(run.screenshots("ios/camera/denied").first)
    #expect(shot["rule"] as? String == "attached-to-test")
    #expect(shot["attachmentName"] as? String == "after tap")
    #expect(shot["device"] as? String == "iPhone 16")
    #expect(shot["testIdentifier"] as? String == "CameraStateScreenTests/testDeniedOffersSettingsAfterTap()")
    #expect(run.screenshots("ios/camera/restricted").isEmpty)
  }

  @Test(arguments: [
    ("android/camera/blocked.png", "android/camera/blocked"),
    ("shots/ios-camera-denied.png", "ios/camera/denied"),
    ("ios/screens/camera/not-determined.png", "ios/camera/not-determined"),
  ])
  func conventionReadsThePath(path: String, row: String) throws {
    let run = try Run([path: TestImage.png(tag: path)])
    #expect(run.screenshots(row).map { $0["rule"] as? String } == ["convention"])
    #expect(run.findings("unmatched-evidence").isEmpty)
  }

  /// An attachment named for the row, taken in a test named for it that did not run (so not
  /// attached to a run of the row's test), proves the row by its name.
  @Test func conventionReadsTheAttachmentName() throws {
    let run = try Run([
      "ios/export/manifest.json": Self.manifest(
        test: "CameraTests/testCameraDeniedShowsSettings()", exported: "\(Self.uuid).png", name: "camera.denied"),
      "ios/export/\(Self.uuid).png": TestImage.png(tag: "denied"),
    ])
    let shot = try #require(run.screenshots("ios/camera/denied").first)
    #expect(shot["rule"] as? String == "convention")
    #expect(shot["attachmentName"] as? String == "camera.denied")
    #expect(run.findings("screenshot-from-other-test").isEmpty)
  }

  /// Issue 20: a screenshot named for a row that Apple's manifest says was taken in an unrelated
  /// test proves nothing for the row; the row says where it came from, and it is no
  /// `unmatched-evidence` besides.
  @Test(arguments: [
    nil, #"{"permissions": [{"id": "camera", "rows": {"ios/denied": {"tests": ["*#testDenied*"], "reason": "r"}}}]}"#,
  ])
  func aScreenshotNamedForARowFromAnotherTestProvesNothing(config: String?) throws {
    let run = try Run(
      [
        "ios/export/manifest.json": Self.manifest(
          test: "ManualEntryTests/testTyping()", exported: "\(Self.uuid).png", name: "camera.denied"),
        "ios/export/\(Self.uuid).png": TestImage.png(tag: "denied"),
      ], config: config)
    #expect(run.screenshots("ios/camera/denied").isEmpty)
    let warning = try #require(run.findings("screenshot-from-other-test").first)
    #expect(warning["row"] as? String == "ios/camera/denied")
    #expect(warning["severity"] as? String == "warning")
    #expect(
      warning["message"] as? String
        == "Named for ios/camera/denied, but Xcode's results say ios/export/\(Self.uuid).png (attachment \"camera.denied\") was taken in ManualEntryTests/testTyping() on iPhone 16: a test not matched to the row, so it proves nothing for it."
    )
    #expect(warning["files"] as? [String] == ["ios/export/\(Self.uuid).png"])
    #expect(run.findings("unmatched-evidence").isEmpty)
    #expect(run.rows["ios/camera/denied"]?["status"] as? String == "incomplete")
    // A glob is a person's word that it shows the row: then it proves it, by that rule.
    let claimed = try Run(
      [
        "ios/export/manifest.json": Self.manifest(
          test: "ManualEntryTests/testTyping()", exported: "\(Self.uuid).png", name: "camera.denied"),
        "ios/export/\(Self.uuid).png": TestImage.png(tag: "denied"),
      ],
      config:
        #"{"permissions": [{"id": "camera", "rows": {"ios/denied": {"screenshots": ["ios/export/*.png"], "reason": "r"}}}]}"#
    )
    #expect(claimed.screenshots("ios/camera/denied").map { $0["rule"] as? String } == ["config-glob"])
    #expect(claimed.findings("screenshot-from-other-test").isEmpty)
  }

  /// Each screenshot's caption in `index.html` and its line in `report.md` say where it came
  /// from: the file, the attachment, the test it was taken in, the device and the rule.
  @Test func eachScreenshotSaysWhereItCameFrom() throws {
    let run = try Self.deniedScreenshotAttachedInItsTest()
    #expect(
      try run.text("index.html").contains(
        "<figcaption class=\"small\">ios/export/\(Self.uuid).png · “after tap” · taken in CameraStateScreenTests/testDeniedOffersSettingsAfterTap() · iPhone 16 · attached-to-test</figcaption>"
      ))
    #expect(
      try run.text("report.md").contains(
        "ios/export/\(Self.uuid).png (attached-to-test, “after tap”, taken in CameraStateScreenTests/testDeniedOffersSettingsAfterTap(), on iPhone 16)<br>"
      ))
  }

  @Test func automaticAttachmentsAreNotEvidence() throws {
    let run = try Run([
      "ios/export/manifest.json": Self.manifest(
        test: "CameraStateScreenTests/testDeniedOffersSettingsAfterTap()", exported: "\(Self.uuid).png",
        name: "UI Snapshot"),
      "ios/export/\(Self.uuid).png": TestImage.png(tag: "snapshot"),
      "ios/junit.xml": Self.deniedJUnit,
    ])
    #expect(run.screenshots("ios/camera/denied").isEmpty)
    #expect(run.findings("unmatched-evidence").isEmpty)
  }

  @Test func unmatchedScreenshotsAreListedAsInfo() throws {
    let run = try Run(["android/misc/launch.png": TestImage.png(tag: "launch")])
    let finding = try #require(run.findings("unmatched-evidence").first)
    #expect(finding["severity"] as? String == "info")
    #expect(finding["platform"] as? String == "android")
    #expect(finding["files"] as? [String] == ["android/misc/launch.png"])
  }

  @Test func aLyingImageIsUnreadableAndProvesNothing() throws {
    let run = try Run([
      "android/camera/blocked.png": Data("<html><body>Camera is off</body></html>".utf8),
      "ios-camera-denied.png": Data(),
    ])
    let unreadable = run.findings("unreadable-evidence")
    #expect(Set(unreadable.compactMap { $0["row"] as? String }) == ["android/camera/blocked", "ios/camera/denied"])
    #expect(unreadable.allSatisfy { $0["severity"] as? String == "error" })
    #expect(run.screenshots("android/camera/blocked").isEmpty)
    let missing = (run.rows["android/camera/blocked"]?["findings"] as? [[String: Any]] ?? [])
      .compactMap { $0["code"] as? String }
    #expect(missing.contains("missing-screenshot"))
  }

  @Test func aManifestEscapingItsFolderIsRefusedWithAFinding() throws {
    let run = try Run([
      "ios/export/manifest.json": Self.manifest(
        test: "CameraStateScreenTests/testDeniedOffersSettingsAfterTap()",
        exported: "../../android/camera/blocked.png", name: "camera.denied"),
      "android/camera/blocked.png": TestImage.png(tag: "blocked"),
    ])
    let finding = try #require(run.findings("unreadable-evidence").first)
    #expect(finding["files"] as? [String] == ["ios/export/manifest.json"])
    let message = try #require(finding["message"] as? String)
    #expect(message.contains("entry 1, attachment 1"))
    #expect(message.contains("../../android/camera/blocked.png"))
    // The file it pointed at is still only what its own path says.
    let shot = try #require(run.screenshots("android/camera/blocked").first)
    #expect(shot["attachmentName"] is NSNull)
    #expect(run.screenshots("ios/camera/denied").isEmpty)
  }

  @Test func theSameImageForTwoRowsIsStoredOnce() throws {
    let image = TestImage.png(tag: "shared")
    let run = try Run(["android/camera/blocked.png": image, "ios/ios-camera-denied.png": image])
    let assets = [run.screenshots("android/camera/blocked"), run.screenshots("ios/camera/denied")]
      .compactMap { $0.first?["asset"] as? String }
    #expect(assets.count == 2)
    #expect(Set(assets).count == 1)
    let stored = try FileManager.default.contentsOfDirectory(
      atPath: run.out.appendingPathComponent("assets").path)
    #expect(stored == [String(assets[0].dropFirst("assets/".count))])
    let html = try run.text("index.html")
    #expect(html.contains(#"src="\#(assets[0])" width="360" height="720" loading="lazy""#))
  }

  @Test func rowsHaveAnchorsTheMarkdownLinksTo() throws {
    let run = try Run(["android/camera/blocked.png": TestImage.png(tag: "blocked")])
    #expect(try run.text("index.html").contains(#"<tr id="row-android-camera-blocked""#))
    let markdown = try run.text("report.md")
    #expect(markdown.contains("[camera blocked](<index.html#row-android-camera-blocked>)"))
    #expect(markdown.contains("android/camera/blocked.png (convention)"))
  }

  @Test func embeddingInlinesSmallImagesOnly() throws {
    let small = TestImage.png(tag: "s")
    let large = TestImage.png(tag: String(repeating: "l", count: 500))
    let files = ["android/camera/blocked.png": small, "android/camera/granted.png": large]
    let embedded = try Run(files, options: ["--embed-max-bytes", "\(small.count + 1)"])
    let html = try embedded.text("index.html")
    #expect(
      html.contains(
        "<image id=\"image-\(StateProofSystem.SHA256.hex(of: small)!)\" href=\"data:image/png;base64,\(small.base64EncodedString())\""
      ))
    #expect(!html.contains(large.base64EncodedString()))
    #expect(html.contains("src=\"assets/"))
    // report.json and assets/ are the same whatever index.html embeds.
    #expect(embedded.screenshots("android/camera/blocked").first?["asset"] as? String != nil)
    let stored = try FileManager.default.contentsOfDirectory(
      atPath: embedded.out.appendingPathComponent("assets").path)
    #expect(stored.count == 2)

    let single = try Run(files, options: ["--single-file"])
    let whole = try single.text("index.html")
    #expect(whole.contains(large.base64EncodedString()))
    #expect(!whole.contains("src=\"assets/"))
    #expect(single.errors.isEmpty)

    let plain = try Run(files)
    #expect(!(try plain.text("index.html")).contains("data:image"))
  }

  @Test(arguments: [
    ["--single-file", "--embed-max-bytes", "10"], ["--embed-max-bytes", "lots"],
  ])
  func embeddingUsageErrors(options: [String]) throws {
    let folder = try TestSupport.temporaryFolder()
    let result = TestSupport.run(
      ["report", "--out", folder.appendingPathComponent("r").path] + options + [TestSupport.scannerExample])
    #expect(result.status == 2)
  }

  @Test func heicIsListedButNotShownInline() throws {
    var heic = Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0])
    heic += Data(Array("mif1heic".utf8))
    let run = try Run(["ios/ios-camera-denied.heic": heic])
    let shot = try #require(run.screenshots("ios/camera/denied").first)
    #expect(shot["format"] as? String == "heic")
    #expect(shot["inline"] as? Bool == false)
    let html = try run.text("index.html")
    #expect(html.contains("heic image (not shown inline)"))
    #expect(!html.contains("<img src=\"assets/"))
  }

  private static let heicFixture = TestFiles.readerFixture("heic/xcresultkit-screenshot.heic")

  @Test func heicIsShownAsAPNGMadeFromItAndKeptAsItIs() throws {
    let heic = try Data(contentsOf: Self.heicFixture)
    let heicSha = try #require(SHA256.hex(of: heic))
    let run = try Run(["ios/ios-camera-denied.heic": heic])
    #expect(run.status != 2, "\(run.errors)")
    let shot = try #require(run.screenshots("ios/camera/denied").first)
    #expect(shot["format"] as? String == "heic")
    #expect(shot["inline"] as? Bool == true)
    #expect(shot["asset"] as? String == "assets/\(heicSha).heic")
    #expect(shot["width"] as? Int == 750)
    #expect(shot["height"] as? Int == 1334)
    let pngSha = try #require(shot["displaySha256"] as? String)
    #expect(shot["display"] as? String == "assets/\(pngSha).png")
    // The original, byte for byte, and the PNG: both assets, both in SHA256SUMS.
    #expect(try Data(contentsOf: run.out.appendingPathComponent("assets/\(heicSha).heic")) == heic)
    let png = try Data(contentsOf: run.out.appendingPathComponent("assets/\(pngSha).png"))
    #expect(SHA256.hex(of: png) == pngSha)
    #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect([UInt8](png[16..<24]) == [0, 0, 0x01, 0xE0, 0, 0, 0x03, 0x56])  // made at display size: 480 × 854
    let sums = try run.text("SHA256SUMS")
    #expect(sums.contains("\(heicSha)  assets/\(heicSha).heic"))
    #expect(sums.contains("\(pngSha)  assets/\(pngSha).png"))
    let html = try run.text("index.html")
    #expect(
      html.contains(
        "<a href=\"assets/\(heicSha).heic\"><img src=\"assets/\(pngSha).png\" width=\"750\" height=\"1334\""))
    #expect(!html.contains("not shown inline"))
    // The same HEIC gives the same PNG, bytes and all.
    let again = try Run(["ios/ios-camera-denied.heic": heic])
    #expect(try Data(contentsOf: again.out.appendingPathComponent("assets/\(pngSha).png")) == png)
    // Embedded, the page carries the PNG.
    let single = try Run(["ios/ios-camera-denied.heic": heic], options: ["--single-file"])
    let page = try single.text("index.html")
    #expect(page.contains("href=\"data:image/png;base64,\(png.base64EncodedString())\""))
  }

  @Test func aHEICThatCannotBeDecodedIsLinkedWithANote() throws {
    // A real HEIC's boxes with its coded tiles cut off.
    let heic = try Data(contentsOf: Self.heicFixture)
    let broken = heic.prefix(1200) + Data(repeating: 0, count: heic.count - 1200)
    let run = try Run(["ios/ios-camera-denied.heic": broken])
    let shot = try #require(run.screenshots("ios/camera/denied").first)
    #expect(shot["inline"] as? Bool == false)
    #expect(shot["display"] is NSNull)
    let html = try run.text("index.html")
    let note = "heic image (not shown inline)</a> <span class=\"small\">not shown: libheif cannot decode it"
    #expect(html.contains(note))
    #expect((shot["displayProblem"] as? String)?.hasPrefix("libheif cannot decode it") == true)
    #expect(run.errors.contains("ios/ios-camera-denied.heic: the HEIC screenshot is linked, not shown, in index.html"))
    let assets = try FileManager.default.contentsOfDirectory(atPath: run.out.appendingPathComponent("assets").path)
    #expect(assets.count == 1 && assets[0].hasSuffix(".heic"))
  }
}
