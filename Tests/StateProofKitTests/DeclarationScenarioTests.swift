import Foundation
import StateProofModel
import Testing
import StateProofTestSupport

@testable import StateProofKit

/// What the app declares, read from real files through the whole pipeline (issue 47): the
/// matching rules themselves are tested from evidence literals in StateProofMatchTests.
@Suite(.temporaryFolders) struct DeclarationScenarioTests {
  /// The gallery example's configuration with another app id.
  static func galleryConfiguration(appId: String) throws -> String {
    let folder = try TestSupport.temporaryFolder()
    let text = try String(
      contentsOfFile: TestSupport.repositoryRoot.appendingPathComponent("examples/gallery/stateproof.json").path,
      encoding: .utf8
    )
    .replacingOccurrences(of: "com.example.gallery", with: appId)
    let path = folder.appendingPathComponent("stateproof.json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The Android 11 capture lists what the installed app requested: camera and location. Against
  /// the gallery's permissions (location and photos) with the capture's app id, camera is
  /// declared and not covered, and photos covered and never declared.
  @Test(.needsSharedCorpus)
  func theAndroidElevenCaptureAgainstTheGallerysPermissions() throws {
    let evidence = try TestSupport.temporaryFolder().appendingPathComponent("evidence")
    try FileManager.default.createDirectory(at: evidence, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: SharedCorpus.url("dumpsys/a11-emulator-one-time.txt"),
      to: evidence.appendingPathComponent("a11-emulator-one-time.txt"))
    let options = ReportOptions(
      configuration: try ReportConfiguration(contentsOf: try Self.galleryConfiguration(appId: "com.sunmi.displaydemo")))
    let report = try StateProof.report(evidence: [evidence.path], options: options).report
    let missing = report.findings.filter { $0.code == .declaredNotCovered }
    #expect(
      missing.contains {
        $0.message.hasPrefix(
          "The app declares camera on Android (CAMERA in dumpsys requested permissions a11-emulator-one-time.txt:15)")
      }, "\(missing.map(\.message))")
    let undeclared = report.findings.filter { $0.code == .coveredNotDeclared }
    #expect(undeclared.map { $0.message.hasPrefix("The sign-off covers photos on Android, but") } == [true])
    let declared = try #require(report.platforms.first { $0.platform == .android }?.declared)
    #expect(declared.files.map(\.source) == ["dumpsys requested permissions"])
    #expect(declared.files.first?.appId == "com.sunmi.displaydemo" && declared.files.first?.targetSdk == 30)
    let answers = Dictionary(uniqueKeysWithValues: declared.permissions.map { ($0.id, $0.answer) })
    #expect(answers["camera"] == .notCovered && answers["location"] == .covered && answers["photos"] == .notDeclared)
    // The capture's background line is declared (restricted=true): the background row stays.
    #expect(report.platforms.first?.rows.first { $0.state == "background" }?.reachable == true)
  }
}
