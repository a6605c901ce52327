import Foundation
import StateProofKnowledge
import StateProofModel
import StateProofEvidence
import Testing

@testable import StateProofRead

@Suite struct SeedCheckTests {
  static let camera = "android.permission.CAMERA"

  /// The background article's read-back, line for line: `grep -m1 "$PERM: granted="` (a regular
  /// expression, unanchored) and then substring tests on that one line.
  static func articleReadBack(_ dump: String, permission: String, state: String) -> Bool {
    guard
      let line = dump.split(separator: "\n").first(where: {
        $0.range(of: "\(permission): granted=", options: .regularExpression) != nil
      })
    else { return false }
    func has(_ text: String) -> Bool { line.contains(text) }
    switch state {
    case "granted": return has("granted=true")
    case "not-asked": return has("granted=false") && !has("USER_SET") && !has("USER_FIXED")
    case "denied-once": return has("granted=false") && has("USER_SET") && !has("USER_FIXED")
    case "blocked": return has("granted=false") && has("USER_FIXED")
    default: return false
    }
  }

  /// A 10+ dump of one package and user 0 holding `line` as its camera line.
  static func dump(_ cameraLine: String, package: String = "com.example.scanner") -> String {
    """
    Packages:
      Package [\(package)] (1a2b3c4):
        appId=10211
        User 0: ceDataInode=1 installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=0 instant=false virtual=false
          runtime permissions:
            android.permission.RECORD_AUDIO: granted=true, flags=[ USER_SET|USER_SENSITIVE_WHEN_GRANTED]
            \(cameraLine)

    """
  }

  static func check(
    _ text: String, want: String, user: Int = 0, package: String? = nil,
    permission: String = camera
  ) -> Result<SeedCheckResult, SeedCheckError> {
    Result { () throws(SeedCheckError) in
      try SeedCheck.check(dump: Data(text.utf8), permission: permission, want: want, user: user, package: package)
    }
  }

  static let agreeingLines = [
    "android.permission.CAMERA: granted=true, flags=[ USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]",
    "android.permission.CAMERA: granted=true, flags=[ USER_SET|USER_SENSITIVE_WHEN_GRANTED]",
    "android.permission.CAMERA: granted=true",
    "android.permission.CAMERA: granted=false, flags=[ USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]",
    "android.permission.CAMERA: granted=false",
    "android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]",
    "android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]",
    "android.permission.CAMERA: granted=false, flags=[ USER_SET USER_FIXED ]",
    "android.permission.CAMERA: granted=false, flags=[ USER_SET ]",
  ]

  @Test(arguments: agreeingLines, ["granted", "not-asked", "denied-once", "blocked"])
  func agreesWithTheArticleOnUserControlledStates(_ line: String, want: String) throws {
    let text = Self.dump(line)
    let result = try Self.check(text, want: want, package: "com.example.scanner").get()
    #expect(result.taken == Self.articleReadBack(text, permission: Self.camera, state: want))
    #expect(result.line == line)
    #expect(result.lineNumber == 7)
  }

  @Test func policyFixedDenialIsNotNotAsked() throws {
    let text = Self.dump(
      "android.permission.CAMERA: granted=false, flags=[ POLICY_FIXED|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]"
    )
    #expect(Self.articleReadBack(text, permission: Self.camera, state: "not-asked"))
    let result = try Self.check(text, want: "not-asked").get()
    #expect(result.found == "policy-denied" && result.variant == nil && !result.taken)
    // The former name still asks for the denied state.
    #expect(try Self.check(text, want: "policy-fixed").get().taken)
    #expect(try Self.check(text, want: "policy-denied").get().taken)
  }

  @Test func policyLockedGrantThatStayedDeniedIsNotTaken() throws {
    let text = Self.dump("android.permission.CAMERA: granted=false, flags=[ POLICY_FIXED|USER_SET|USER_FIXED]")
    #expect(Self.articleReadBack(text, permission: Self.camera, state: "blocked"))
    for want in ["granted", "blocked", "denied-once", "not-asked"] {
      let result = try Self.check(text, want: want).get()
      #expect(result.found == "policy-denied" && !result.taken, "\(want)")
    }
  }

  @Test func policyHeldGrantIsNotASeededGrant() throws {
    let text = Self.dump("android.permission.CAMERA: granted=true, flags=[ POLICY_FIXED]")
    #expect(Self.articleReadBack(text, permission: Self.camera, state: "granted"))
    #expect(try !Self.check(text, want: "granted").get().taken)
    // A policy that grants proves only policy-granted, never the denied state.
    #expect(try Self.check(text, want: "policy-granted").get().taken)
    #expect(try !Self.check(text, want: "policy-fixed").get().taken)
    #expect(try Self.check(text, want: "policy-denied").get().found == "policy-granted")
  }

  @Test(arguments: [
    ("android.permission.CAMERA: granted=false, flags=[ USER_SENSITIVE_WHEN_DENIED|AUTO_REVOKED]", "auto-revoked"),
    ("android.permission.CAMERA: granted=false, flags=[ USER_SENSITIVE_WHEN_DENIED|ONE_TIME]", "one-time"),
    ("android.permission.CAMERA: granted=false, flags=[ SYSTEM_FIXED]", "system-fixed"),
  ])
  func statesTheArticleReadsAsNotAsked(_ line: String, found: String) throws {
    let text = Self.dump(line)
    #expect(Self.articleReadBack(text, permission: Self.camera, state: "not-asked"))
    let result = try Self.check(text, want: "not-asked").get()
    #expect(result.found == found && !result.taken)
  }

  @Test func readsTheMPreviewLineTheGrepCannotSee() throws {
    let text = Self.dump("android.permission.CAMERA, granted=false, flags=0x3")
    #expect(!Self.articleReadBack(text, permission: Self.camera, state: "blocked"))
    #expect(try Self.check(text, want: "blocked").get().taken)
  }

  @Test func picksTheAskedUserNotTheFirstLine() throws {
    let text = String(decoding: try Fixture.data("android13-work-profile-policy.txt"), as: UTF8.self)
    #expect(Self.articleReadBack(text, permission: Self.camera, state: "not-asked"))
    let work = try Self.check(text, want: "not-asked", user: 10, package: "com.example.scanner").get()
    #expect(work.found == "policy-denied" && !work.taken && work.lineNumber == 23)
    // The capture's user 0 says installed=false: its lines still print, but seed nothing.
    #expect(
      Self.check(text, want: "not-asked", package: "com.example.scanner")
        == .failure(.notInstalled(permission: Self.camera, package: "com.example.scanner", user: 0)))
  }

  @Test func exactNameNotAGrepMatch() throws {
    let text = """
      Packages:
        Package [com.example.scanner] (1):
          install permissions:
            com.example.android.permission.CAMERA: granted=true
          User 0: ceDataInode=1 installed=true
            runtime permissions:
              android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED]
      """
    #expect(Self.articleReadBack(text, permission: Self.camera, state: "granted"))
    let result = try Self.check(text, want: "granted").get()
    #expect(result.found == "blocked" && !result.taken)
  }

  @Test func prefersThePackageBlockOverTheHiddenSystemCopy() throws {
    let text = String(decoding: try Fixture.data("android14-hidden-system.txt"), as: UTF8.self)
    let camera = try Self.check(text, want: "granted", package: "com.example.scanner").get()
    #expect(camera.taken && camera.lineNumber == 7)
    let audio = try Self.check(
      text, want: "denied-once", permission: "android.permission.RECORD_AUDIO"
    ).get()
    #expect(audio.taken && audio.lineNumber == 16)
  }

  @Test func readsTheSharedUserBlockForASharedUidPackage() throws {
    let text = String(decoding: try Fixture.data("android9-shared-user.txt"), as: UTF8.self)
    let result = try Self.check(text, want: "granted", user: 10, package: "com.example.dialer").get()
    #expect(result.taken && result.package == "com.example.dialer" && result.lineNumber == 23)
  }

  @Test func aBareSeedScriptLineIsUserZero() throws {
    let line = "2026-11-02T10:00:01Z [seed]     android.permission.CAMERA: granted=false, flags=[ USER_SET]"
    let result = try Self.check(line, want: "denied-once", package: "com.example.scanner").get()
    #expect(result.taken && result.package == "com.example.scanner")
    #expect(result.line == "android.permission.CAMERA: granted=false, flags=[ USER_SET]")
    #expect(
      Self.check(line, want: "denied-once", user: 10)
        == .failure(.noPermissionLine(permission: Self.camera, package: nil, user: 10, otherUsers: [])))
  }

  @Test func theLastReadBackInALogWins() throws {
    let text =
      Self.dump("android.permission.CAMERA: granted=false, flags=[ USER_SET]")
      + Self.dump("android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED]")
    let result = try Self.check(text, want: "blocked").get()
    #expect(result.taken && result.lineNumber == 14)
  }

  @Test func errorsSayWhatWasMissing() throws {
    let multi = String(decoding: try Fixture.data("android14-multiuser.txt"), as: UTF8.self)
    #expect(
      Self.check(multi, want: "denied")
        == .failure(.unknownState("denied", permission: Self.camera, states: SeedCheck.states(for: Self.camera)!)))
    #expect(
      Self.check(multi, want: "blocked", package: "com.example.other")
        == .failure(.packageNotInDump("com.example.other")))
    #expect(
      Self.check(multi, want: "granted", permission: "android.permission.INTERNET")
        == .failure(.notRuntime(permission: "android.permission.INTERNET")))
    #expect(
      Self.check(multi, want: "blocked", user: 12, package: "com.example.scanner")
        == .failure(
          .noPermissionLine(
            permission: Self.camera, package: "com.example.scanner", user: 12, otherUsers: [0, 10, 11])))
    #expect(
      Self.check(multi, want: "blocked", permission: "android.permission.READ_SMS")
        == .failure(
          .noPermissionLine(permission: "android.permission.READ_SMS", package: nil, user: 0, otherUsers: [])))
    let two =
      Self.dump("android.permission.CAMERA: granted=true")
      + Self.dump("android.permission.CAMERA: granted=true", package: "com.example.b")
    #expect(
      Self.check(two, want: "granted")
        == .failure(
          .ambiguous(
            permission: Self.camera, user: 0,
            candidates: [
              SeedCheckCandidate(lineNumber: 7, user: 0, block: "Package [com.example.scanner]"),
              SeedCheckCandidate(lineNumber: 14, user: 0, block: "Package [com.example.b]"),
            ])))
    let cut = Self.dump("android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FI")
    guard case .failure(.unreadableLine(let line, let message)) = Self.check(cut, want: "blocked") else {
      Issue.record("a cut-off line must be reported")
      return
    }
    #expect(line == 7 && message.contains("no closing ]"))
  }

  @Test func everyStateIsAccepted() throws {
    let text = Self.dump("android.permission.CAMERA: granted=false")
    let states = try #require(SeedCheck.states(for: Self.camera))
    #expect(Set(AndroidPermissionState.states + ["sensor-off"]).isSubset(of: states))
    for state in states + ["policy-fixed", "one-time-expired"] where state != "sensor-off" {
      #expect(throws: Never.self) { try Self.check(text, want: state).get() }
    }
    #expect(
      SeedCheckError.unknownState("x", permission: "location", states: SeedCheck.states(for: "location")!).description
        .contains("precise, approximate, background"))
  }

  @Test func recordIsOneSortedJSONLine() throws {
    let result = try Self.check(
      Self.dump("android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED]"), want: "granted",
      package: "com.example.scanner"
    ).get()
    let line = try result.record(time: "2026-11-02T10:00:01Z").jsonLine()
    #expect(
      line
        == #"{"found":"blocked","line":"android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED]","package":"com.example.scanner","permission":"android.permission.CAMERA","taken":false,"time":"2026-11-02T10:00:01Z","user":0,"wanted":"granted"}"#
    )
    #expect(try !result.record().jsonLine().contains("time"))
  }

  @Test func recordsRoundTripThroughTheReader() throws {
    let granted = try Self.check(
      Self.dump("android.permission.CAMERA: granted=true, flags=[ USER_SET]"), want: "granted"
    ).get()
    let blocked = try Self.check(
      Self.dump("android.permission.CAMERA, granted=false, flags=0x3"), want: "not-asked",
      package: "com.example.scanner"
    ).get()
    let file = [
      try granted.record(time: "t1").jsonLine(),
      "",
      "{not json",
      try blocked.record().jsonLine(),
      #"{"user":0,"permission":"android.permission.CAMERA","wanted":"granted","taken":true,"line":"android.permission.CAMERA: granted=true"}"#,
      #"{"user":0,"permission":"android.permission.CAMERA","wanted":"granted","found":"granted","taken":true,"line":"android.permission.CAMERA: granted=false"}"#,
      #"{"user":0,"permission":"android.permission.CAMERA","wanted":"granted","found":"granted","taken":false,"line":"android.permission.CAMERA: granted=true"}"#,
      #"{"user":"zero","permission":"android.permission.CAMERA","wanted":"granted","found":"granted","taken":true,"line":"x"}"#,
    ].joined(separator: "\r\n")
    let result = SeedRecordReader.read(Data(file.utf8), from: Fixture.file("seeds.jsonl", kind: .seedRecord))
    #expect(result.seeds.count == 2)
    let first = try #require(result.seeds.first)
    #expect(first.location == EvidenceLocation(root: "evidence", path: "seeds.jsonl", line: 1))
    #expect(first.state == "granted" && first.variant == "by-user" && first.wanted == "granted" && first.taken)
    #expect(first.flags == ["USER_SET"] && first.granted && first.user == 0 && first.package == "com.example.scanner")
    let second = result.seeds[1]
    #expect(second.location.line == 4 && second.state == "blocked" && second.wanted == "not-asked" && !second.taken)
    #expect(second.raw == blocked.line)
    #expect(result.problems.map(\.location.line) == [3, 5, 6, 7, 8])
    #expect(result.problems.map(\.location.path).allSatisfy { $0 == "seeds.jsonl" })
    #expect(result.problems[0].message.contains("not valid JSON"))
    #expect(result.problems[1].message.contains(#"missing "found""#))
    #expect(result.problems[2].message.contains("read as not-asked"))
    #expect(result.problems[3].message.contains("taken is false"))
    #expect(result.problems[4].message.contains(#""user""#))
  }

  /// The issue's case: a full dump where the app is not installed. Without --package the three
  /// shared-user CAMERA lines are listed, not one picked; with it, the app is not there.
  @Test func threeSharedUserLinesAreAmbiguous() throws {
    let text = String(decoding: try Fixture.data("android14-full-dump-app-absent.txt"), as: UTF8.self)
    guard case .failure(.ambiguous(let permission, let user, let candidates)) = Self.check(text, want: "granted")
    else {
      Issue.record("three shared users' lines must be refused")
      return
    }
    #expect(permission == Self.camera && user == 0)
    #expect(
      candidates.map(\.description) == [
        "line 89: SharedUser [android.uid.system], user 0, declared by com.android.settings",
        "line 100: SharedUser [android.uid.phone], user 0, declared by com.android.phone",
        "line 108: SharedUser [android.uid.systemui], user 0, declared by com.android.systemui",
      ])
    #expect(
      Self.check(text, want: "granted", package: "com.example.scanner")
        == .failure(.packageNotInDump("com.example.scanner")))
    // The system app's own shared user counts for it: it declares that shared user.
    let settings = try Self.check(text, want: "system-fixed", package: "com.android.settings").get()
    #expect(settings.taken && settings.lineNumber == 89 && settings.sharedUser == "android.uid.system")
  }

  @Test func theAppsSharedUserCountsAndOthersDoNot() throws {
    let text = String(decoding: try Fixture.data("android14-app-shared-user.txt"), as: UTF8.self)
    let result = try Self.check(text, want: "blocked", package: "com.example.scanner").get()
    #expect(result.taken && result.lineNumber == 61)
    #expect(result.package == "com.example.scanner" && result.sharedUser == "com.example.suite")
    let record = try result.record().jsonLine()
    #expect(record.contains(#""sharedUser":"com.example.suite""#))
    guard case .failure(.ambiguous(_, _, let candidates)) = Self.check(text, want: "blocked") else {
      Issue.record("another package's and two shared users' lines must be refused without --package")
      return
    }
    #expect(candidates.map(\.lineNumber) == [40, 50, 61])
    #expect(candidates[2].description.hasSuffix("declared by com.example.scanner, com.example.suite.companion"))
  }

  @Test func aUserThePackageIsNotInstalledForIsRefused() throws {
    let text = String(decoding: try Fixture.data("android14-not-installed-for-user.txt"), as: UTF8.self)
    #expect(
      Self.check(text, want: "not-asked", package: "com.example.scanner")
        == .failure(.notInstalled(permission: Self.camera, package: "com.example.scanner", user: 0)))
    #expect(try Self.check(text, want: "blocked", user: 10, package: "com.example.scanner").get().taken)
  }

  /// Repeated read-backs of one package are one owner, not an ambiguity: the last one counts.
  @Test func repeatedDumpsOfOnePackageAreNotAmbiguous() throws {
    let text =
      Self.dump("android.permission.CAMERA: granted=true") + "\n"
      + Self.dump("android.permission.CAMERA: granted=false, flags=[ USER_SET]")
    let result = try Self.check(text, want: "denied-once").get()
    #expect(result.taken && result.package == "com.example.scanner" && result.lineNumber == 15)
  }

  @Test func recordsKeepTheSharedUserTheirPackageDeclares() throws {
    let line =
      #"{"found":"blocked","line":"android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED]","package":"com.example.scanner","permission":"android.permission.CAMERA","sharedUser":"com.example.suite","taken":true,"user":0,"wanted":"blocked"}"#
    let seeds = SeedRecordReader.read(Data(line.utf8), from: Fixture.file("s.jsonl", kind: .seedRecord)).seeds
    let seed = try #require(seeds.first)
    #expect(seed.block == .sharedUser && seed.sharedUser == "com.example.suite" && seed.package == nil)
    #expect(seed.sharedUserPackages == [SharedUserMember(package: "com.example.scanner")])
  }
}
