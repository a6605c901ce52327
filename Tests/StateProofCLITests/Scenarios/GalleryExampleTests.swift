import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// The second example: a photo app asking for location and photos on Android, each state read
/// from all its lines, and one real gap outside the camera (a background read-back without its
/// background line).
@Suite(.temporaryFolders) struct GalleryExampleTests {
  static let gallery = TestSupport.repositoryRoot.appendingPathComponent("examples/gallery").path

  @Test func theGapIsTheBackgroundLineTheReadBackLacks() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    let result = TestSupport.run(["report", "--out", out.path, Self.gallery])
    #expect(result.status == 1)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let rows = (json["platforms"] as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    let status = Dictionary(
      uniqueKeysWithValues: rows.map { ($0["id"] as? String ?? "", $0["status"] as? String ?? "") })
    #expect(status.count == 11)
    #expect(status.filter { $0.value != "covered" } == ["android/location/background": "incomplete"])
    let findings = try #require(json["findings"] as? [[String: Any]])
    #expect(findings.compactMap { $0["code"] as? String } == ["declared-not-covered", "missing-seed"])
    // The merged manifest brings in CAMERA, which the sign-off does not cover.
    #expect(
      (findings.first?["message"] as? String)?.contains(
        "The app declares camera on Android (CAMERA in merged AndroidManifest.xml") == true)
    let gap = try #require(findings.last)
    #expect(
      (gap["message"] as? String)?.contains(
        "The read-back at android/seed/seed-location-background.log:3 has no ACCESS_BACKGROUND_LOCATION line") == true)
    // Each composite state was proven from its read-back's lines together.
    func seed(_ id: String) -> [String: Any]? {
      (rows.first { $0["id"] as? String == id }?["evidence"] as? [[String: Any]])?.first {
        $0["kind"] as? String == "seed"
      }
    }
    #expect(seed("android/location/approximate")?["state"] as? String == "approximate")
    #expect((seed("android/location/approximate")?["line"] as? String)?.components(separatedBy: "\n").count == 3)
    #expect(seed("android/photos/partial")?["path"] as? String == "android/seed/seed-photos-partial.log")
    #expect(seed("android/photos/blocked")?["path"] as? String == "android/seed/seed-photos-blocked.log")
    // The background read-back proves no precise row either: the app asks for background, and
    // the line that would tell is missing.
    #expect(seed("android/location/precise")?["path"] as? String == "android/seed/seed-location-precise.log")
  }

  @Test func seedCheckReadsTheExamplesReadBacks() {
    let seeds = Self.gallery + "/android/seed/"
    let approximate = TestSupport.run(
      ["seed-check", "--permission", "location", "--want", "approximate", seeds + "seed-location-approximate.log"])
    #expect(approximate.status == 0)
    #expect(approximate.output.split(separator: "\n").count == 3)
    let precise = TestSupport.run(
      ["seed-check", "--permission", "location", "--want", "precise", seeds + "seed-location-approximate.log"])
    #expect(precise.status == 1)
    #expect(precise.errors.hasPrefix("seed did not take: wanted precise, found approximate"))
    let background = TestSupport.run(
      ["seed-check", "--permission", "location", "--want", "background", seeds + "seed-location-background.log"])
    #expect(background.status == 2)
    #expect(background.errors.contains("has no ACCESS_BACKGROUND_LOCATION line"))
    let partial = TestSupport.run(
      ["seed-check", "--permission", "photos", "--want", "partial", seeds + "seed-photos-partial.log"])
    #expect(partial.status == 0)
    let granted = TestSupport.run(
      ["seed-check", "--permission", "location", "--want", "granted", seeds + "seed-location-precise.log"])
    #expect(granted.status == 2 && granted.errors.contains("unknown state 'granted' for location"))
  }

  /// A composite record `seed-check --record` appends is seed evidence `report` reads, with the
  /// device's API level.
  @Test func compositeRecordsProveTheirRow() throws {
    let evidence = try TestSupport.temporaryFolder()
    try Data(
      #"{"platforms": {"android": {"appId": "com.example.gallery"}}, "permissions": [{"id": "photos", "include": ["android/partial"], "reason": "one row", "rows": {"partial": {"requires": ["seed"], "reason": "only the seed is under test"}}}]}"#
        .utf8
    ).write(to: evidence.appendingPathComponent("stateproof.json"))
    let records = evidence.appendingPathComponent("seeds.jsonl")
    let check = TestSupport.run([
      "seed-check", "--permission", "photos", "--want", "partial", "--sdk", "34", "--record", records.path,
      Self.gallery + "/android/seed/seed-photos-partial.log",
    ])
    #expect(check.status == 0)
    func partial() throws -> String? {
      let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
      _ = TestSupport.run(["report", "--out", out.path, evidence.path])
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
      let rows = ((json as? [String: Any])?["platforms"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]]
      return rows?.first { $0["id"] as? String == "android/photos/partial" }?["status"] as? String
    }
    #expect(try partial() == "covered")
    // On an Android 13 device the same record proves nothing: partial access begins with 14.
    try Data().write(to: records)
    _ = TestSupport.run([
      "seed-check", "--permission", "photos", "--want", "partial", "--sdk", "33", "--record", records.path,
      Self.gallery + "/android/seed/seed-photos-partial.log",
    ])
    #expect(try partial() == "incomplete")
    let out13 = try TestSupport.temporaryFolder().appendingPathComponent("r")
    _ = TestSupport.run(["report", "--out", out13.path, evidence.path])
    let json = try String(contentsOf: out13.appendingPathComponent("report.json"), encoding: .utf8)
    #expect(json.contains("evidence-outside-os-range"))
  }
}
