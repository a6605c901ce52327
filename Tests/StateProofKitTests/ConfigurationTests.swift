import Foundation
import StateProofJSON
import Testing
import StateProofTestSupport

@_spi(CLI) @testable import StateProofKit
@testable import StateProofMatch
@testable import StateProofModel

@Suite(.temporaryFolders) struct ConfigurationTests {
  private func decode(_ json: String) throws -> Configuration {
    try Configuration(JSONNode.parse(Array(json.utf8)))
  }

  private func error(_ json: String) -> String? {
    do {
      _ = try Matrix(configuration: decode(json))
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// The run's `--build` and `--window` reach the matcher through its initializer, not by edits
  /// to its configuration: a build given replaces the configuration's, an empty one clears it, a
  /// platform not named keeps its own, and a window given replaces the configuration's.
  @Test func runBuildsAndWindowOverrideTheConfiguration() throws {
    let configuration = try decode(
      #"{"window": "7d", "platforms": {"android": {"versionName": "4.2"}, "ios": {"versionName": "4.2"}}}"#)
    let kept = try MatchPolicy(configuration: configuration, today: "2026-11-29")
    #expect(kept.configuration.platforms[.android]?.build?.versionName == "4.2")
    #expect(kept.configuration.window?.text == "7d")
    let android = BuildIdentity(versionName: "4.3", versionCode: "43")
    let policy = try MatchPolicy(
      configuration: configuration, today: "2026-11-29", builds: [.android: android], window: EvidenceWindow("36h"))
    #expect(policy.configuration.platforms[.android]?.build == android.identity)
    #expect(policy.configuration.platforms[.ios]?.build?.versionName == "4.2")
    #expect(policy.configuration.window?.text == "36h")
    let cleared = try MatchPolicy(configuration: configuration, today: "2026-11-29", builds: [.ios: BuildIdentity()])
    #expect(cleared.configuration.platforms[.ios]?.build == nil)
    #expect(cleared.configuration.platforms[.android]?.build?.versionName == "4.2")
  }

  @Test func readsEveryField() throws {
    let configuration = try decode(
      """
      {"//": "comment", "app": "Scanner", "release": "4.2", "flaky": "fail",
       "platforms": {"android": {"appId": "com.example", "receipt": "*#receipt",
                                 "releaseDevices": ["Pixel 8 - 14"], "evidence": ["android/**"]}},
       "permissions": [{"id": "camera", "include": ["blocked"],
                        "rows": {"blocked": {"tests": ["*#blocked*"], "screenshots": ["**/blocked.png"],
                                             "requires": ["test"], "//": "why"}}}]}
      """)
    #expect(configuration.app == "Scanner")
    #expect(configuration.flaky == .fail)
    #expect(configuration.platforms[.android]?.releaseDevices == ["Pixel 8 - 14"])
    #expect(configuration.platforms[.android]?.evidence == ["android/**"])
    #expect(configuration.permissions.first?.rows["blocked"]?.screenshots == ["**/blocked.png"])
    #expect(configuration.permissions.first?.rows["blocked"]?.requires == [.test])
  }

  @Test(arguments: [
    (
      #"{"permissions": [{"id": "camera", "rows": {"blocked": {"tests": "*#x"}}}]}"#,
      "permissions[0].rows.blocked.tests: expected an array of strings"
    ),
    (
      #"{"permissions": [{"id": "camera", "rows": {"blocked": {"tests": [1]}}}]}"#,
      "permissions[0].rows.blocked.tests: expected an array of strings"
    ),
    (
      #"{"apps": "x"}"#,
      "apps: unknown key (did you mean \"app\"?); expected one of app, release, flaky, perDevice, allow, exclude, window, platforms, permissions"
    ),
    (#"{"app": 3}"#, "app: expected a string, found a number"),
    (#"{"flaky": "maybe"}"#, #"flaky: expected "pass" or "fail", found "maybe""#),
    (#"{"platforms": {"windows": {}}}"#, "platforms.windows: unknown key; expected one of android, ios"),
    (
      #"{"platforms": {"ios": {"releaseDevices": "iPhone"}}}"#,
      "platforms.ios.releaseDevices: expected an array of strings"
    ),
    (#"{"permissions": {}}"#, "permissions: expected an array, found an object"),
    (#"{"permissions": [{"rows": {}}]}"#, #"permissions[0]: needs an "id""#),
    (
      #"{"permissions": [{"id": "camera"}, {"id": "camera"}]}"#,
      #"permissions[1].id: "camera" is listed twice"#
    ),
    (
      #"{"permissions": [{"id": "camera", "rows": {"blocked": {"requires": ["photo"]}}}]}"#,
      #"permissions[0].rows.blocked.requires[0]: expected one of seed, screenshot, test; found "photo""#
    ),
    (
      #"{"permissions": [{"id": "camera", "include": ["blokked"]}]}"#,
      #"permissions[0].include[0]: no such row "blokked""#
    ),
    ("[]", "expected an object, found an array"),
    (#"{"perDevice": "yes"}"#, "perDevice: expected true or false, found a string"),
    (#"{"allow": [{"code": "missing-receipt"}]}"#, #"allow[0]: needs a "reason": say why the gap is accepted"#),
    (
      #"{"allow": [{"code": "missing-reciept", "reason": "x"}]}"#,
      #"allow[0].code: no finding code "missing-reciept" (did you mean "missing-receipt"?)"#
    ),
    (
      #"{"allow": [{"code": "missing-receipt", "reason": "x", "until": "next week"}]}"#,
      #"allow[0].until: expected a day as YYYY-MM-DD, found "next week""#
    ),
    (
      #"{"allow": [{"code": "missing-receipt", "reason": "x", "row": "ios"}]}"#,
      #"allow[0].row: expected a row id such as "ios/camera/restricted", found "ios""#
    ),
  ])
  func errorsNameTheKeyPath(json: String, message: String) {
    #expect(error(json) == message)
  }

  @Test func misspelledStateSaysWhichExist() throws {
    let message = try #require(error(#"{"permissions": [{"id": "camera", "rows": {"blokked": {}}}]}"#))
    #expect(
      message.hasPrefix(#"permissions[0].rows.blokked: no such state for camera (did you mean "blocked"?); known: "#))
    #expect(message.contains("blocked"))
  }

  /// Reads `text` as a configuration file the way `report` does; the error it gives, if any, with
  /// the file's path, line and column (`FILE:3:17: `) taken off unless `keepingPlace`, the path
  /// then written `FILE`.
  private func loaderError(_ text: String, keepingPlace: Bool = false) throws -> String? {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("stateproof.json")
    try Data(text.utf8).write(to: file)
    do {
      _ = try ConfigurationLoader.read(file.path)
      return nil
    } catch {
      let message = "\(error)".replacingOccurrences(of: file.path, with: "FILE")
      guard !keepingPlace else { return message }
      return message.replacing(try Regex("^FILE(:[0-9]+:[0-9]+)?: "), with: "")
    }
  }

  /// A wrong key, a wrong type and a wrong value deep inside name the file, the line and column
  /// of the value, and its key path, with the words they had before.
  @Test(arguments: [
    (
      "{\n  \"app\": \"A\",\n  \"permisions\": []\n}",
      #"FILE:3:17: permisions: unknown key (did you mean "permissions"?); expected one of app, release, flaky, perDevice, allow, exclude, window, platforms, permissions"#
    ),
    (
      "{\"permissions\": [\n  {\"id\": \"camera\",\n   \"rows\": {\"blocked\": {\"tests\": \"*#x\"}}}]}",
      "FILE:3:34: permissions[0].rows.blocked.tests: expected an array of strings"
    ),
    (#"{"perDevice": "yes"}"#, "FILE:1:15: perDevice: expected true or false, found a string"),
    (
      "{\"platforms\": {\"ios\": {\n  \"targetSdk\": 34}}}",
      "FILE:2:16: platforms.ios.targetSdk: only Android apps have a target SDK"
    ),
    (
      "{\"allow\": [{\"code\": \"missing-receipt\", \"reason\": \"x\"},\n  {\"code\": \"missing-reciept\", \"reason\": \"x\"}]}",
      #"FILE:2:12: allow[1].code: no finding code "missing-reciept" (did you mean "missing-receipt"?)"#
    ),
    ("[]", "FILE:1:1: expected an object, found an array"),
  ])
  func errorsNameFileLineColumnAndKeyPath(text: String, message: String) throws {
    #expect(try loaderError(text, keepingPlace: true) == message)
  }

  /// A check the matrix makes after reading (a row that does not exist) is placed in the file
  /// the same way, by its key path; the configuration a report records has no file, so its
  /// errors name the key path alone.
  @Test func laterChecksArePlacedByTheirKeyPath() throws {
    let text = #"{"permissions": [{"id": "camera", "include": ["blokked"]}]}"#
    let document = try JSONNode.parse(Array(text.utf8))
    let error = #expect(throws: ConfigurationError.self) { try Matrix(configuration: Configuration(document)) }
    let placed = try #require(error).placed(in: document)
    #expect(placed.line == 1 && placed.column == 47)
    #expect(placed.description == #"permissions[0].include[0]: no such row "blokked""#)
    #expect(StateProofError.configuration(file: "s.json", placed).description.hasPrefix("s.json:1:47: permissions[0]"))

    let recorded = ConfigurationValue.object(["perDevice": .string("yes")])
    let fromRecord = #expect(throws: ConfigurationError.self) { try Configuration(recorded: recorded) }
    #expect(fromRecord == ConfigurationError(path: "perDevice", message: "expected true or false, found a string"))
  }

  /// jq and Python take the last of two equal keys, Foundation the first: a configuration that
  /// reads as "allow nothing" to a reviewer could allow everything, so either is an error.
  @Test(arguments: [
    (#"{"app": "A", "flaky": "fail", "flaky": "pass"}"#, "flaky", "line 1, column 14 and line 1, column 31"),
    (
      """
      {"permissions": [{"id": "camera", "rows": {
        "blocked": {"tests": ["*#none"]},
        "blocked": {"tests": ["*"]}}}]}
      """,
      "permissions[0].rows.blocked", "line 2, column 3 and line 3, column 3"
    ),
    (
      """
      {"allow": [
        {"code": "missing-receipt", "platform": "ios", "reason": "later"},
        {"code": "missing-seed", "reason": "x", "row": "android/camera/blocked", "row": "android/camera/granted"}
      ]}
      """,
      "allow[1].row", "line 3, column 43 and line 3, column 76"
    ),
  ])
  func duplicateKeysAreErrorsWithTheirKeyPath(text: String, path: String, positions: String) throws {
    #expect(
      try loaderError(text)
        == "\(path): key given twice (\(positions)); JSON readers disagree on which one counts, so keep one")
  }

  @Test(arguments: [
    (
      "{\n  \"app\": \"A\",\n  \"release\": \"1\",\n}", "line 3, column 17: a comma before a closing bracket; remove it"
    ),
    ("{\"app\": \"A\"\n \"release\": \"1\"}", #"line 2, column 2: expected "," or "}", found '"'"#),
    ("{\"permissions\": [\n", "line 2, column 1: the document ends early; expected a value or \"]\""),
    ("// settings\n{}", #"line 1, column 1: expected a value, found "/" (JSON has no comments)"#),
    ("", "line 1, column 1: the document is empty"),
    ("{\"app\": \"\u{0}\"}", "line 1, column 10: control character 0x00 inside a string; escape it"),
  ])
  func invalidJSONNamesLineAndColumn(text: String, message: String) throws {
    #expect(try loaderError(text) == "not valid JSON at \(message)")
  }

  @Test func keyPathErrorsStillNameTheirPlace() throws {
    #expect(
      try loaderError(#"{"permissions": [{"id": "camera", "rows": {"blocked": {"tests": "*#x"}}}]}"#)
        == "permissions[0].rows.blocked.tests: expected an array of strings")
    #expect(try loaderError(#"{"app": "A", "//": "note", "// more": 1}"#) == nil)
  }
}
