import Foundation
import Testing

@testable import StateProofRead

@Suite struct DumpsysLineTests {
  struct Shape: Sendable, CustomTestStringConvertible {
    var label: String
    var line: String
    var name: String
    var granted: Bool
    var flags: [String]
    var userId: Int? = nil
    var testDescription: String { label }
  }

  static let shapes: [Shape] = [
    Shape(
      label: "Android 10+ pipe list, no space before ]",
      line:
        "        android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED|USER_SENSITIVE_WHEN_GRANTED]",
      name: "android.permission.CAMERA", granted: false,
      flags: ["USER_SET", "USER_FIXED", "USER_SENSITIVE_WHEN_GRANTED"]),
    Shape(
      label: "pipe list with a space before ]",
      line: "android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED ]",
      name: "android.permission.CAMERA", granted: false, flags: ["USER_SET", "USER_FIXED"]),
    Shape(
      label: "Android 6–9 space list with trailing space",
      line: "      android.permission.READ_SMS: granted=true, flags=[ SYSTEM_FIXED GRANTED_BY_DEFAULT ]",
      name: "android.permission.READ_SMS", granted: true,
      flags: ["SYSTEM_FIXED", "GRANTED_BY_DEFAULT"]),
    Shape(
      label: "M preview hex", line: "      android.permission.CAMERA, granted=false, flags=0x3",
      name: "android.permission.CAMERA", granted: false, flags: ["USER_SET", "USER_FIXED"]),
    Shape(
      label: "M preview hex zero", line: "android.permission.VIBRATE, granted=true, flags=0x0",
      name: "android.permission.VIBRATE", granted: true, flags: []),
    Shape(
      label: "hex bits without a name print in decimal",
      line: "android.permission.CAMERA, granted=false, flags=0X80401",
      name: "android.permission.CAMERA", granted: false, flags: ["USER_SET", "1024", "524288"]),
    Shape(
      label: "no flags", line: "        android.permission.OTHER_SENSORS: granted=true",
      name: "android.permission.OTHER_SENSORS", granted: true, flags: []),
    Shape(
      label: "numeric token kept",
      line:
        "android.permission.ACCESS_COARSE_LOCATION: granted=true, flags=[ USER_SET|USER_SENSITIVE_WHEN_GRANTED|524288]",
      name: "android.permission.ACCESS_COARSE_LOCATION", granted: true,
      flags: ["USER_SET", "USER_SENSITIVE_WHEN_GRANTED", "524288"]),
    Shape(
      label: "REVOKE_ON_UPGRADE is read as REVOKED_COMPAT",
      line: "android.permission.CAMERA: granted=true, flags=[ REVOKE_ON_UPGRADE REVIEW_REQUIRED ]",
      name: "android.permission.CAMERA", granted: true, flags: ["REVOKED_COMPAT", "REVIEW_REQUIRED"]),
    Shape(
      label: "install line with userId",
      line: "      android.permission.FOREGROUND_SERVICE: granted=false, userId=10",
      name: "android.permission.FOREGROUND_SERVICE", granted: false, flags: [], userId: 10),
    Shape(
      label: "flags then userId",
      line: "android.permission.FOREGROUND_SERVICE: granted=true, flags=[ USER_SET], userId=11",
      name: "android.permission.FOREGROUND_SERVICE", granted: true, flags: ["USER_SET"], userId: 11),
    Shape(
      label: "unknown names kept",
      line: "com.example.vendor.permission.X-1: granted=true, flags=[ USER_SET|VENDOR_MAGIC]",
      name: "com.example.vendor.permission.X-1", granted: true, flags: ["USER_SET", "VENDOR_MAGIC"]),
    Shape(
      label: "empty brackets", line: "android.permission.CAMERA: granted=false, flags=[]",
      name: "android.permission.CAMERA", granted: false, flags: []),
    Shape(
      label: "bracket with one space", line: "android.permission.CAMERA: granted=false, flags=[ ]",
      name: "android.permission.CAMERA", granted: false, flags: []),
    Shape(
      label: "log prefix before the name",
      line: "2026-11-02T10:00:01Z [seed] I/TestRunner(12): android.permission.CAMERA: granted=true",
      name: "android.permission.CAMERA", granted: true, flags: []),
  ]

  @Test(arguments: shapes) func readsEveryShape(_ shape: Shape) throws {
    let line = try #require(PermissionLine.parse(shape.line)).get()
    #expect(line.name == shape.name)
    #expect(line.granted == shape.granted)
    #expect(line.flags.names == shape.flags)
    #expect(line.userId == shape.userId)
    #expect(line.text.hasPrefix(shape.name))
    #expect(line.text.last != " ")
  }

  @Test(arguments: [
    "",
    "    requested permissions:",
    "      android.permission.ACCESS_BACKGROUND_LOCATION: restricted=true",
    "      android.permission.CAMERA",
    "seed check: granted=true",
    "grantedgranted=granted=: granted=",
  ])
  func ignoresLinesThatAreNotPermissionLines(_ text: String) {
    #expect(PermissionLine.parse(text) == nil)
  }

  @Test(arguments: [
    ("android.permission.CAMERA: granted=maybe", "neither true nor false"),
    ("android.permission.CAMERA: granted=trueish", "neither true nor false"),
    ("android.permission.SEND_SMS: granted=true, flags=[ SYSTEM_FIXED GRANTED_BY_DE", "no closing ]"),
    ("android.permission.CAMERA, granted=false, flags=0x", "hex number"),
    ("android.permission.CAMERA, granted=false, flags=0x1ffffffffffffffff", "hex number"),
    ("android.permission.CAMERA: granted=false, flags=3", "neither a [list]"),
    ("android.permission.CAMERA: granted=false, userId=x", "user number"),
  ])
  func reportsDamagedLines(_ text: String, reason: String) throws {
    let result = try #require(PermissionLine.parse(text))
    #expect(throws: PermissionLineError.self) { try result.get() }
    if case .failure(let error) = result {
      #expect(error.permission.hasPrefix("android.permission."))
      #expect(error.reason.contains(reason))
    }
  }

  @Test func hexWithLeadingZerosFitsSixtyFourBits() throws {
    let line = try #require(PermissionLine.parse("a.B, granted=false, flags=0x00000000000000000004")).get()
    #expect(line.flags.names == ["POLICY_FIXED"])
  }

  @Test func logLineRemovesColourPrefixesAndCarriageReturns() {
    let raw = Array("2026-11-02T10:00:01.5+01:00 \u{1B}[1;32m[seed]\u{1B}[0m     User 0: \r".utf8)
    let line = LogLine(number: 7, raw: raw[...])
    #expect(line.indent == 4)
    #expect(String(decoding: line.content, as: UTF8.self) == "User 0:")
  }

  @Test(arguments: [
    ("2026-11-02T10:00:01Z   runtime permissions:", 2),
    ("2026-11-02 10:00:01,123 runtime permissions:", 0),
    ("10:00:01.5 [INFO]  runtime permissions:", 1),
    ("I/TestRunner( 4211):     runtime permissions:", 4),
    ("11-02 10:00:05.117  4211  4230 I TestRunner:   runtime permissions:", 2),
    ("\u{1B}]8;;https://ci.example\u{07}runtime permissions:", 0),
  ])
  func logPrefixesAreNotIndentation(_ text: String, indent: Int) {
    let line = LogLine(number: 1, raw: Array(text.utf8)[...])
    #expect(String(decoding: line.content, as: UTF8.self) == "runtime permissions:")
    #expect(line.indent == indent)
  }
}
