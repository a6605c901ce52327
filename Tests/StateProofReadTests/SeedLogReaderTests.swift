import Foundation
import StateProofModel
import Testing

@testable import StateProofRead

@Suite struct SeedLogReaderTests {
  func read(_ text: String, path: String = "seed.log") -> SeedReadResult {
    SeedLogReader.read(Data(text.utf8), from: Fixture.file(path))
  }

  @Test(arguments: ["\n", "\r\n", "\r"])
  func ciLogWithPrefixesColoursAndAnyLineEnd(_ lineEnd: String) throws {
    let log = try String(decoding: Fixture.data("ci-log.txt"), as: UTF8.self)
      .replacingOccurrences(of: "\n", with: lineEnd)
    let result = read(log, path: "ci-log.txt")
    #expect(result.problems.isEmpty)
    #expect(result.seeds.map(\.state) == ["blocked", "policy-denied", "policy-denied", "denied-once"])
    #expect(result.seeds.map(\.location.line) == [2, 4, 6, 9])
    #expect(result.seeds.map(\.wanted) == [nil, nil, "granted", nil])
    #expect(result.seeds.map(\.taken) == [true, true, false, true])
    let coloured = result.seeds[2].raw
    #expect(
      coloured
        == "android.permission.CAMERA: granted=false, flags=[ POLICY_FIXED|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]"
    )
    #expect(result.seeds.allSatisfy { $0.user == nil && $0.package == nil })
  }

  @Test func notTakenAttachesToTheMostRecentLineOnly() {
    let result = read(
      """
      android.permission.CAMERA: granted=true
      android.permission.RECORD_AUDIO: granted=false, flags=[ USER_SET]
      adb: some unrelated output
      seed did not take: wanted blocked
      android.permission.CAMERA: granted=false
      """)
    #expect(result.seeds.map(\.wanted) == [nil, "blocked", nil])
    #expect(result.seeds[1].taken == false)
  }

  @Test func notTakenThatIsTrueAfterAllStaysTaken() {
    let result = read("android.permission.CAMERA: granted=false\nseed did not take: wanted not-asked\n")
    #expect(result.seeds.first?.wanted == "not-asked")
    #expect(result.seeds.first?.taken == true)
  }

  @Test func notTakenWithoutAPermissionLineIsAProblem() {
    let result = read(
      """
      [seed] seed-camera.sh blocked
      [seed] seed did not take: wanted blocked
      android.permission.CAMERA: granted=false, flags=[ USER_SET]
      """, path: "logs/seed.log")
    #expect(result.seeds.count == 1 && result.seeds[0].wanted == nil)
    #expect(result.problems.count == 1)
    let problem = try? #require(result.problems.first)
    #expect(problem?.location == EvidenceLocation(root: "evidence", path: "logs/seed.log", line: 2))
    #expect(problem?.message.contains("no permission line comes before it") == true)
  }

  @Test func notTakenWithoutAStateIsAProblem() {
    let result = read("android.permission.CAMERA: granted=false\nseed did not take: wanted \n")
    #expect(result.seeds.first?.wanted == nil)
    #expect(result.problems.map(\.location.line) == [2])
  }

  @Test func damagedLineIsAProblemAndTheRestIsRead() {
    let result = read(
      """
      android.permission.SEND_SMS: granted=true, flags=[ SYSTEM_FIXED GRANTED_BY_DE
      android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED]
      """)
    #expect(result.seeds.map(\.state) == ["blocked"])
    #expect(result.problems.map(\.location.line) == [1])
    #expect(result.problems.first?.message.contains("android.permission.SEND_SMS") == true)
  }

  @Test func evidenceReaderReadsSeedRecordFiles() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("stateproof-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("seeds.jsonl")
    let record = SeedCheckRecord(
      package: "com.example.scanner", user: 0, permission: "android.permission.CAMERA",
      wanted: "blocked", found: "blocked", taken: true,
      line: "android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED]")
    try Data((try record.jsonLine() + "\n").utf8).write(to: url)
    let set = EvidenceReader.read(Fixture.file("seeds.jsonl", kind: .seedRecord, url: url))
    #expect(set.problems.isEmpty)
    #expect(set.seeds.map(\.state) == ["blocked"])
    #expect(set.files.first?.status == .read)
  }

  /// A seed log AGP pulled from a device's test storage names that device, as its lines do.
  @Test func evidenceReaderListsTheDeviceAnAGPFolderNames() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString).log")
    try Data("    android.permission.CAMERA: granted=true\n".utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let path =
      "app/build/outputs/connected_android_test_additional_output/debugAndroidTest/connected/Pixel 8 - 14/seed.log"
    let set = EvidenceReader.read(Fixture.file(path, kind: .seedLog, url: url))
    #expect(set.files.first?.devices == ["Pixel 8 - 14"])
    #expect(set.seeds.map(\.device) == ["Pixel 8 - 14"])
    let plain = EvidenceReader.read(Fixture.file("android/seed/seed.log", kind: .seedLog, url: url))
    #expect(plain.files.first?.devices == [])
  }
}
