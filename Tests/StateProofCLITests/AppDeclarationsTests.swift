import Foundation
import StateProofModel
import Testing
import StateProofTestSupport

@testable import StateProofCLI

/// The app's own files found among the evidence by their content, read and listed, and `init
/// --from-app` writing the configuration that covers what they declare (issue 47).
@Suite(.temporaryFolders) struct AppDeclarationsTests {
  static let gallery = TestSupport.repositoryRoot.appendingPathComponent("examples/gallery")

  static func report(_ arguments: [String]) throws -> (status: Int32, json: [String: Any], errors: String) {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let result = TestSupport.run(["report", "--format", "json", "--out", out.path] + arguments)
    let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
    return (result.status, try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]), result.errors)
  }

  static func codes(_ json: [String: Any]) -> [String] {
    (json["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
  }

  static func declared(_ json: [String: Any], _ platform: String) -> [String: Any]? {
    (json["platforms"] as? [[String: Any]])?.first { $0["platform"] as? String == platform }?["declared"]
      as? [String: Any]
  }

  /// Every kind of app file, wherever it sits and whatever it is called, is read as one: a
  /// merged manifest under AGP's folder, an APK and an App Bundle renamed, aapt2 output.
  @Test func appFilesAreFoundByTheirContent() throws {
    let evidence = try TestSupport.temporaryFolder().appendingPathComponent("evidence")
    let files: [(String, String)] = [
      ("declarations/manifest/nearby-merged.xml", "build/merged.xml"),
      ("app-packages/aapt2/scanner.apk", "artifacts/app"),
      ("app-packages/aapt2/scanner.aab", "artifacts/bundle.zip"),
      ("declarations/aapt/aapt2-badging.txt", "badging.txt"),
    ]
    for (fixture, path) in files {
      let to = evidence.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: TestFiles.readerFixture(fixture), to: to)
    }
    let run = try Self.report([evidence.path])
    let records = (run.json["evidence"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "app-manifest" }
    #expect(
      Dictionary(uniqueKeysWithValues: records.map { ($0["path"] as? String ?? "", $0["format"] as? String ?? "") })
        == [
          "build/merged.xml": "merged AndroidManifest.xml", "artifacts/app": "APK",
          "artifacts/bundle.zip": "App Bundle",
          "badging.txt": "aapt2 dump",
        ], "\(records)")
    #expect(records.allSatisfy { $0["status"] as? String == "read" && ($0["sha256"] as? String)?.count == 64 })
    let android = try #require(Self.declared(run.json, "android"))
    #expect((android["files"] as? [[String: Any]])?.count == 4)
  }

  /// A zip that is no app, a source manifest and a framework's Info.plist are listed with why
  /// they declare nothing; none is an error.
  @Test func filesOfTheRightFormatThatDeclareNothingSaySo() throws {
    let evidence = try TestSupport.temporaryFolder().appendingPathComponent("evidence")
    try FileManager.default.createDirectory(at: evidence, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: TestFiles.readerFixture("declarations/manifest/statusbarlyric-source.xml"),
      to: evidence.appendingPathComponent("AndroidManifest.xml"))
    try FileManager.default.copyItem(
      at: TestFiles.readerFixture("declarations/plist/homeassistant-shared-Info.plist"),
      to: evidence.appendingPathComponent("Info.plist"))
    // A zip of one text file, made here.
    let zip = evidence.appendingPathComponent("logs.zip")
    let made = try TestSupport.runProgram(
      "/usr/bin/env",
      [
        "python3", "-c", "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],'w'); z.writestr('a.txt','x'); z.close()",
        zip.path,
      ])
    try #require(made.status == 0, "\(made.errors)")
    let run = try Self.report([evidence.path])
    let records = (run.json["evidence"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "app-manifest" }
    #expect(records.count == 3)
    #expect(records.allSatisfy { $0["status"] as? String == "ignored" }, "\(records)")
    let errors = records.compactMap { $0["error"] as? String }.joined(separator: "\n")
    #expect(errors.contains("not the merged one"), "\(errors)")
    #expect(errors.contains("no APK, App Bundle or IPA"), "\(errors)")
    #expect(!Self.codes(run.json).contains("unreadable-evidence"))
  }

  /// `init --from-app` over the gallery's merged manifest writes a configuration whose report
  /// over the same app raises no declaration finding; without it the declared camera is an error.
  @Test func initFromAppCoversWhatTheAppDeclares() throws {
    let folder = try TestSupport.temporaryFolder()
    let config = folder.appendingPathComponent("stateproof.json")
    let manifests = Self.gallery.appendingPathComponent("android/app/build/intermediates/merged_manifests")
    let written = TestSupport.run(["init", "--from-app", "--out", config.path, manifests.path])
    #expect(written.status == 0, "\(written.errors)")
    let text = try String(contentsOf: config, encoding: .utf8)
    #expect(
      text.contains("\"id\": \"camera\"") && text.contains("\"id\": \"location\"")
        && text.contains("\"id\": \"photos\""))
    #expect(text.contains("android/partial-compat unreachable: The app declares READ_MEDIA_VISUAL_USER_SELECTED"))
    #expect(text.contains("\"targetSdk\": 34") && text.contains("\"appId\": \"com.example.gallery\""))
    let declaration = ["declared-not-covered", "covered-not-declared", "declarations-disagree"]
    let withIt = try Self.report(["--config", config.path, Self.gallery.path])
    #expect(Set(Self.codes(withIt.json)).isDisjoint(with: declaration), "\(Self.codes(withIt.json))")
    let shipped = try Self.report([Self.gallery.path])
    #expect(Self.codes(shipped.json).contains("declared-not-covered"), "the shipped configuration leaves camera out")
  }

  /// A permission no built-in one models becomes one of the configuration's own; a path with no
  /// app file, or --from-app without paths, is refused.
  @Test func initFromAppNamesWhatNoBuiltInModelsAndRefusesNothing() throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("app")
    try FileManager.default.createDirectory(at: evidence, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: TestFiles.readerFixture("declarations/manifest/manifest-lock-merged.xml"),
      to: evidence.appendingPathComponent("AndroidManifest.xml"))
    let config = folder.appendingPathComponent("stateproof.json")
    #expect(TestSupport.run(["init", "--from-app", "--out", config.path, evidence.path]).status == 0)
    let text = try String(contentsOf: config, encoding: .utf8)
    #expect(text.contains("\"android\": \"android.permission.CALL_PHONE\""), "\(text)")
    let report = try Self.report(["--config", config.path, evidence.path])
    #expect(!Self.codes(report.json).contains("declared-not-covered"), "\(Self.codes(report.json))")
    let empty = folder.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let none = TestSupport.run([
      "init", "--from-app", "--out", folder.appendingPathComponent("x.json").path, empty.path,
    ])
    #expect(none.status == 2 && none.errors.contains("holds no file of the app that declares"), "\(none.errors)")
    #expect(TestSupport.run(["init", "--from-app", "--out", folder.appendingPathComponent("y.json").path]).status == 2)
  }
}
