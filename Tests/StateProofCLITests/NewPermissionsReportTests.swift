import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofKnowledge

/// Issue 29 (review M10): every permission added there goes through `seed-check` and `report`
/// state by state, as the existing ones do: each Android state's line is checked and recorded,
/// and with a test and a screenshot per row every reachable row is covered.
@Suite(.temporaryFolders) struct NewPermissionsReportTests {
  static let added = [
    "medialocation", "audio", "wifi", "sensors", "sensorsbackground", "motion", "tracking", "calendar", "reminders",
  ]
  static let sensitive = "USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED"

  /// The line each common Android state reads as, as Android 14 prints it.
  static func line(_ name: String, state: String) -> String? {
    let shapes: [String: (Bool, String)] = [
      "not-asked": (false, ""), "granted": (true, "USER_SET|"), "denied-once": (false, "USER_SET|"),
      "blocked": (false, "USER_SET|USER_FIXED|"), "policy-denied": (false, "POLICY_FIXED|"),
      "policy-granted": (true, "POLICY_FIXED|"), "auto-revoked": (false, "AUTO_REVOKED|"),
      "revoked-in-settings": (true, "REVOKED_COMPAT|"),
    ]
    return shapes[state].map { "\(name): granted=\($0.0), flags=[ \($0.1)\(sensitive)]" }
  }

  /// A test name the conventions read as `permission`/`state`: `testMotionPolicyGrantedShowsScreen`.
  static func testName(_ permission: String, _ state: String) -> String {
    "test"
      + ([permission] + state.split(separator: "-").map(String.init)).map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined() + "ShowsScreen"
  }

  static func junit(_ names: [String], suite: String) -> Data {
    let cases = names.map { "    <testcase classname=\"\(suite)\" name=\"\($0)\" time=\"1.0\"/>" }.joined(
      separator: "\n")
    return Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuite name="\(suite)" tests="\(names.count)" failures="0" errors="0" skipped="0" time="\(names.count).0">
      \(cases)
      </testsuite>

      """.utf8)
  }

  @Test(arguments: added)
  func eachStateGoesThroughSeedCheckAndReport(id: String) throws {
    let permission = try #require(PlatformKnowledge.permission(id))
    let base = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: base) }
    let root = base.appendingPathComponent("evidence")
    var files: [String: Data] = [
      "stateproof.json": Data(
        #"{"platforms": {"android": {"appId": "com.example.app"}, "ios": {"appId": "com.example.app"}}, "permissions": [{"id": "\#(id)"}]}"#
          .utf8)
    ]
    let records = root.appendingPathComponent("android/seed/seeds.jsonl")
    try FileManager.default.createDirectory(at: records.deletingLastPathComponent(), withIntermediateDirectories: true)
    var tests: [Platform: [String]] = [:]
    for state in permission.states where state.reachable {
      let platform = state.platform
      tests[platform, default: []].append(Self.testName(id, state.state))
      files["\(platform.rawValue)/screenshots/\(id)/\(state.state).png"] = TestImage.png(tag: "\(id) \(state.state)")
      guard platform == .android, let reading = permission.android else { continue }
      let name = reading.primary
      // The other lines the state rests on (BODY_SENSORS under a background state) granted.
      let others = reading.linesNeeded(for: state.state).filter { $0 != name }
        .compactMap { Self.line($0, state: "granted") }.map { "\n          \($0)" }.joined()
      let line = try #require(Self.line(name, state: state.state), "\(id) android/\(state.state) has a line") + others
      // A state only lower targets reach is read back at such a target and not recorded: the
      // recorded read-backs give the app one target (35), at which that row is unreachable.
      let recorded = state.target?.contains(.android(api: 35)) ?? true
      let targetSdk = recorded ? 35 : (state.target?.below?.components.first ?? 36) - 1
      let dump = base.appendingPathComponent("dump-\(state.state).txt")
      try Data(
        """
        Packages:
          Package [com.example.app] (5d1c2e7):
            versionCode=4200 minSdk=26 targetSdk=\(targetSdk)
            versionName=4.2.0
            User 0: ceDataInode=24819 installed=true hidden=false suspended=false stopped=false notLaunched=false enabled=0
              runtime permissions:
                \(line)

        """.utf8
      ).write(to: dump)
      let checked = TestSupport.run(
        ["seed-check", "--package", "com.example.app", "--permission", id, "--want", state.state, "--sdk", "35"]
          + (recorded ? ["--record", records.path] : []) + [dump.path])
      #expect(checked.status == 0, "\(id) \(state.state): \(checked.errors)")
    }
    for (platform, names) in tests {
      files["\(platform.rawValue)/junit/TEST-\(id).xml"] = Self.junit(names, suite: "com.example.app.\(id)StateTests")
    }
    for (path, data) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url)
    }
    let out = base.appendingPathComponent("r")
    _ = TestSupport.run(["report", "--format", "json", "--out", out.path, root.path])
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let rows = (json["platforms"] as? [[String: Any]] ?? []).flatMap { $0["rows"] as? [[String: Any]] ?? [] }
    #expect(rows.count == permission.states.count)
    for row in rows where row["reachable"] as? Bool == true {
      let codes = (row["findings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
      #expect(row["status"] as? String == "covered", "\(row["id"] ?? "") \(codes)")
    }
  }
}
