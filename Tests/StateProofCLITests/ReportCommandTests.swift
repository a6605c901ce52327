import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@_spi(CLI) @testable import StateProofKit
@testable import StateProofKnowledge

/// The main job end to end on the shipped example: the exit status, the files written and the
/// shape of `report.json`.
@Suite(.temporaryFolders) struct ReportCommandTests {
  private func reportJSON(_ out: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func exampleIsNotReadyBecauseOfIOS() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let result = TestSupport.run(["report", "--out", out.path, TestSupport.scannerExample])
    #expect(result.status == 1, "\(result.errors)")
    #expect(result.output.contains("Not ready"))

    let report = try reportJSON(out)
    #expect(report["schemaVersion"] as? Int == 2)
    #expect(report["verdict"] as? String == "not-ready")
    let findings = try #require(report["findings"] as? [[String: Any]])
    let receiptFindings = findings.filter { $0["code"] as? String == "missing-receipt" }
    #expect(receiptFindings.map { $0["platform"] as? String } == ["ios"])
    #expect(!findings.contains { $0["platform"] as? String == "android" })
    for finding in findings {
      for key in ["code", "severity", "message", "files"] { #expect(finding[key] != nil, "\(key)") }
    }

    let platforms = try #require(report["platforms"] as? [[String: Any]])
    #expect(platforms.map { $0["platform"] as? String } == ["android", "ios"])
    let android = try #require(platforms.first)
    #expect((android["receipt"] as? [String: Any])?["status"] as? String == "passed")
    let androidRows = try #require(android["rows"] as? [[String: Any]])
    #expect(androidRows.count == 5)
    #expect(androidRows.allSatisfy { $0["status"] as? String == "covered" })
    let blocked = try #require(androidRows.first { $0["id"] as? String == "android/camera/blocked" })
    let evidence = try #require(blocked["evidence"] as? [[String: Any]])
    #expect(Set(evidence.compactMap { $0["kind"] as? String }) == ["seed", "screenshot", "test"])
    let seed = try #require(evidence.first { $0["kind"] as? String == "seed" })
    #expect(seed["state"] as? String == "blocked")
    #expect((seed["line"] as? String)?.hasPrefix("android.permission.CAMERA: granted=false") == true)
    let test = try #require(evidence.first { $0["kind"] as? String == "test" })
    #expect(test["id"] as? String == "com.example.scanner.CameraStateTest#blockedCameraShowsSettingsLinkOnlyAfterTap")
    #expect(test["device"] as? String == "Pixel 8 - 14")
    #expect(test["outcome"] as? String == "passed")
    for row in androidRows {
      for key in ["id", "permission", "state", "reachable", "status", "evidence", "findings"] {
        #expect(row[key] != nil, "\(key)")
      }
    }

    let ios = try #require(platforms.last)
    #expect((ios["receipt"] as? [String: Any])?["status"] as? String == "missing")
    let iosRows = try #require(ios["rows"] as? [[String: Any]])
    let twice = try #require(iosRows.first { $0["id"] as? String == "ios/camera/denied-twice" })
    #expect(twice["status"] as? String == "unreachable")
    #expect(twice["reachable"] as? Bool == false)
    #expect((twice["reason"] as? String)?.isEmpty == false)
    let restricted = try #require(iosRows.first { $0["id"] as? String == "ios/camera/restricted" })
    #expect(restricted["status"] as? String == "incomplete")
    let restrictedFindings = try #require(restricted["findings"] as? [[String: Any]])
    #expect(restrictedFindings.map { $0["code"] as? String } == ["missing-screenshot"])

    let inventory = try #require(report["evidence"] as? [[String: Any]])
    #expect(inventory.count >= 21)
    for file in inventory {
      #expect((file["sha256"] as? String)?.count == 64)
      // Read, but for the exported text attachment, which proves nothing and says why.
      #expect(file["status"] as? String == (file["kind"] as? String == "other" ? "ignored" : "read"))
      if file["kind"] as? String == "other" { #expect((file["error"] as? String)?.isEmpty == false) }
      #expect(file["bytes"] as? Int != nil)
      #expect(file["kind"] as? String != nil)
      #expect((file["path"] as? String)?.hasPrefix("/") == false)
    }
    let assets = try FileManager.default.contentsOfDirectory(
      atPath: out.appendingPathComponent("assets").path)
    // Ten screenshots, less the manual-entry one that proves nothing (screenshot-from-other-test).
    #expect(assets.count == 9)
  }

  @Test func sameInputsGiveTheSameBytes() throws {
    let folder = try TestSupport.temporaryFolder()
    var outputs: [[Data]] = []
    for name in ["one", "two"] {
      let out = folder.appendingPathComponent(name)
      _ = TestSupport.run(["report", "--out", out.path, TestSupport.scannerExample])
      outputs.append(
        try ["report.json", "report.md", "index.html", "junit.xml"].map {
          try Data(contentsOf: out.appendingPathComponent($0))
        })
    }
    #expect(outputs[0] == outputs[1])
    #expect(String(decoding: outputs[0][0], as: UTF8.self).contains(#""generatedAt" : null"#))
  }

  @Test func sourceDateEpochSetsTheTime() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    _ = TestSupport.run(
      ["report", "--out", out.path, TestSupport.scannerExample],
      environment: ["SOURCE_DATE_EPOCH": "1764000000"])
    #expect(try reportJSON(out)["generatedAt"] as? String == "2025-11-24T16:00:00Z")
  }

  @Test func configurationErrorsExitTwoAndWriteNothing() throws {
    let folder = try TestSupport.temporaryFolder()
    let config = folder.appendingPathComponent("bad.json")
    try Data(#"{"permissions": [{"id": "camera", "rows": {"blocked": {"tests": "x"}}}]}"#.utf8)
      .write(to: config)
    let out = folder.appendingPathComponent("report")
    let result = TestSupport.run(
      ["report", "--config", config.path, "--out", out.path, TestSupport.scannerExample])
    #expect(result.status == 2)
    #expect(result.errors.contains("bad.json:1:65: permissions[0].rows.blocked.tests: expected an array of strings"))
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  @Test(arguments: [
    (["report"], "expected PATH..."),
    (["report", "--colour", "x"], "unknown option --colour"),
    (["report", "--out"], "--out needs a value (DIR)"),
    (["reprot", "x"], "no command named \"reprot\""),
  ])
  func usageErrorsExitTwo(arguments: [String], message: String) {
    let result = TestSupport.run(arguments)
    #expect(result.status == 2)
    #expect(result.errors.contains(message))
  }

  @Test func refusesToWriteIntoEvidence() throws {
    let result = TestSupport.run([
      "report", "--out", TestSupport.scannerExample + "/report", TestSupport.scannerExample,
    ])
    #expect(result.status == 2)
    #expect(result.errors.contains("never writes into evidence folders"))
  }

  @Test func initWritesAConfigurationTheReportAccepts() throws {
    let folder = try TestSupport.temporaryFolder()
    let path = folder.appendingPathComponent("stateproof.json").path
    #expect(TestSupport.run(["init", "--out", path]).status == 0)
    #expect(TestSupport.run(["init", "--out", path]).status == 2)
    let configuration = try ConfigurationLoader.read(path).configuration
    #expect(configuration.permissions.map(\.id) == ["camera"])
    let camera = try #require(PlatformKnowledge.permission("camera"))
    #expect(configuration.permissions[0].rows.count == camera.states.filter(\.reachable).count)
    // Every other built-in permission, with every state, is in the comment to move from.
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let more = try #require(json["//more permissions"] as? [[String: Any]])
    #expect(more.compactMap { $0["id"] as? String } == PlatformKnowledge.permissions.dropFirst().map(\.id))
    for (entry, permission) in zip(more, PlatformKnowledge.permissions.dropFirst()) {
      let rows = try #require(entry["rows"] as? [String: Any])
      for state in permission.states {
        let key = "\(state.platform.rawValue)/\(state.state)"
        if state.reachable {
          let row = try #require(rows[key] as? [String: Any], "\(permission.id) \(key)")
          let comment = try #require(row["//"] as? String)
          #expect(comment.contains(state.screen) && comment.contains("Seed:"), "\(key)")
        } else {
          #expect((rows["//unreachable"] as? String)?.contains(key) == true, "\(permission.id) \(key)")
        }
      }
    }
    let notifications = try #require(more.first { $0["id"] as? String == "notifications" }?["rows"] as? [String: Any])
    #expect(notifications["ios/provisional"] != nil && notifications["ios/restricted"] == nil)
  }
}
