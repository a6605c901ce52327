import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// Two CI shards, one per release device, reported together: a row × device grid, and files
/// with the same relative path kept apart by their roots.
@Suite(.temporaryFolders) struct ShardedExampleTests {
  private let example = TestSupport.repositoryRoot.appendingPathComponent("examples/sharded").path

  @Test func gridShowsEachRowOnEachDevice() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let roots = ["shard-pixel", "shard-galaxy", "host"].map { example + "/" + $0 }
    let result = TestSupport.run(
      ["report", "--config", example + "/stateproof.json", "--out", out.path] + roots)
    #expect(result.status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let android = try #require((json["platforms"] as? [[String: Any]])?.first)
    #expect(android["perDevice"] as? Bool == true)
    #expect(android["releaseDevices"] as? [String] == ["Pixel 8 - 14", "Galaxy S24 - 14"])
    var grid: [String: [String]] = [:]
    for row in android["rows"] as? [[String: Any]] ?? [] {
      grid[row["state"] as? String ?? ""] = (row["devices"] as? [[String: Any]] ?? []).map {
        "\($0["device"] as? String ?? ""): \($0["status"] as? String ?? "")"
      }
    }
    #expect(
      grid == [
        "not-asked": ["Pixel 8 - 14: covered", "Galaxy S24 - 14: covered"],
        "granted": ["Pixel 8 - 14: covered", "Galaxy S24 - 14: covered"],
        "denied-once": ["Pixel 8 - 14: covered", "Galaxy S24 - 14: covered"],
        "blocked": ["Pixel 8 - 14: covered", "Galaxy S24 - 14: incomplete"],
        // The host test names no device: it proves the row on neither.
        "policy-denied": ["Pixel 8 - 14: incomplete", "Galaxy S24 - 14: incomplete"],
      ])
    let findings = try #require(json["findings"] as? [[String: Any]])
    #expect(
      findings.compactMap { $0["code"] as? String }.sorted() == [
        "device-unknown", "missing-screenshot", "missing-test", "missing-test",
      ])
    #expect(findings.contains { ($0["message"] as? String)?.hasPrefix("On Galaxy S24 - 14: No screenshot") == true })
    let unknown = findings.first { $0["code"] as? String == "device-unknown" }
    #expect(unknown?["files"] as? [String] == ["TEST-com.example.scanner.CameraScreenTest.xml"])
    #expect(unknown?["severity"] as? String == "error")

    let inventory = try #require(json["evidence"] as? [[String: Any]])
    let junit = inventory.filter { $0["path"] as? String == "junit/TEST-connected.xml" }
    #expect(Set(junit.compactMap { $0["root"] as? String }) == Set(roots.prefix(2)))
    let devices = try #require(json["devices"] as? [[String: Any]])
    #expect(devices.map { $0["name"] as? String } == ["Galaxy S24 - 14", "Pixel 8 - 14"])
    #expect(devices.map { $0["releaseDevices"] as? [String] } == [["Galaxy S24 - 14"], ["Pixel 8 - 14"]])
    // The seed logs name their device by folder.
    let pixelFiles = (devices.last?["files"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    #expect(pixelFiles.contains("seed/Pixel 8 - 14/seed-camera-blocked.log"))
    let sources = try #require(json["sources"] as? [[String: Any]])
    #expect(sources.map { $0["root"] as? String } == roots)
    #expect(sources.map { $0["testReports"] as? Int } == [1, 1, 1])
    #expect(sources.map { $0["devices"] as? [String] } == [["Pixel 8 - 14"], ["Galaxy S24 - 14"], []])
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains("rows × release devices"))
  }

  /// A seed log moved out of its device folder names no device: with `perDevice` it proves the
  /// row on no device, and `device-unknown` names it and how a seed log names its device.
  @Test func aSeedLogOutsideItsDeviceFolderProvesNoDevice() throws {
    let work = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let manager = FileManager.default
    for shard in ["shard-pixel", "shard-galaxy"] {
      try manager.copyItem(atPath: example + "/" + shard, toPath: work.appendingPathComponent(shard).path)
    }
    let galaxySeeds = work.appendingPathComponent("shard-galaxy/seed")
    try manager.moveItem(
      at: galaxySeeds.appendingPathComponent("Galaxy S24 - 14/seed-camera-granted.log"),
      to: galaxySeeds.appendingPathComponent("seed-camera-granted.log"))
    let out = work.appendingPathComponent("report")
    let result = TestSupport.run(
      ["report", "--config", example + "/stateproof.json", "--out", out.path]
        + ["shard-pixel", "shard-galaxy"].map { work.appendingPathComponent($0).path })
    #expect(result.status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let rows = (json["platforms"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]] ?? []
    let granted = rows.first { $0["state"] as? String == "granted" }
    let cells = (granted?["devices"] as? [[String: Any]] ?? []).map { $0["status"] as? String }
    #expect(cells == ["covered", "incomplete"])
    let findings = try #require(json["findings"] as? [[String: Any]])
    let unknown = findings.filter {
      $0["code"] as? String == "device-unknown" && $0["row"] as? String == "android/camera/granted"
    }
    #expect(unknown.count == 1)
    #expect(unknown.first?["files"] as? [String] == ["seed/seed-camera-granted.log"])
    #expect((unknown.first?["message"] as? String)?.contains("a seed log names it by a folder") == true)
  }
}
