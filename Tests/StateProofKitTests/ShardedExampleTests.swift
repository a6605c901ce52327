import Foundation
import Testing
import StateProofTestSupport

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
        "policy-denied": ["Pixel 8 - 14: covered", "Galaxy S24 - 14: covered"],
      ])
    let findings = try #require(json["findings"] as? [[String: Any]])
    #expect(findings.count == 1)
    #expect((findings.first?["message"] as? String)?.hasPrefix("On Galaxy S24 - 14: No screenshot") == true)

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
}
