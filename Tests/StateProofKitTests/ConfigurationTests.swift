import Foundation
import Testing

@testable import StateProofMatch
@testable import StateProofModel

@Suite struct ConfigurationTests {
  private func decode(_ json: String) throws -> Configuration {
    try ConfigurationDecoder.decode(JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)))
  }

  private func error(_ json: String) -> String? {
    do {
      _ = try Matrix(configuration: decode(json))
      return nil
    } catch {
      return "\(error)"
    }
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
    (#"{"apps": "x"}"#, "apps: unknown key; expected one of app, release, flaky, perDevice, allow, platforms, permissions"),
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
    (#"{"allow": [{"code": "missing-reciept", "reason": "x"}]}"#, #"allow[0].code: no finding code "missing-reciept""#),
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
    #expect(message.hasPrefix("permissions[0].rows.blokked: no such state for camera; known: "))
    #expect(message.contains("blocked"))
  }
}
