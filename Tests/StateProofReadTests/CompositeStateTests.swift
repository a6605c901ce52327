import Foundation
import StateProofModel
import Testing

@testable import StateProofKnowledge
@testable import StateProofRead

/// States read from several lines (location, photos) and from the camera's privacy switch, in
/// the shapes dumpsys prints them; and `seed-check` with built-in ids and composite states.
@Suite struct CompositeStateTests {
  static let gallery = "com.example.gallery"
  static let sensitive = "USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED"

  static func text(_ name: String) throws -> String {
    String(decoding: try Fixture.data(name), as: UTF8.self)
  }

  static func check(
    _ text: String, _ permission: String, want: String, user: Int = 0, package: String? = gallery
  ) -> Result<SeedCheckResult, SeedCheckError> {
    Result { () throws(SeedCheckError) in
      try SeedCheck.check(dump: Data(text.utf8), permission: permission, want: want, user: user, package: package)
    }
  }

  /// `NAME: granted=…, flags=[ …]` as Android 10+ prints it.
  static func facts(_ granted: Bool, _ flags: String) -> AndroidLineFacts {
    AndroidLineFacts(
      granted: granted, flags: PermissionFlags(listed: Array("\(flags)|\(sensitive)".utf8)).set)
  }

  static let location = PlatformKnowledge.permission("location")!.android!
  static let photos = PlatformKnowledge.permission("photos")!.android!
  static let fine = "android.permission.ACCESS_FINE_LOCATION"
  static let coarse = "android.permission.ACCESS_COARSE_LOCATION"
  static let background = "android.permission.ACCESS_BACKGROUND_LOCATION"
  static let images = "android.permission.READ_MEDIA_IMAGES"
  static let video = "android.permission.READ_MEDIA_VIDEO"
  static let selected = "android.permission.READ_MEDIA_VISUAL_USER_SELECTED"
  static let storage = "android.permission.READ_EXTERNAL_STORAGE"

  // MARK: Composing

  /// Review 4 (F2): a package block lists every permission the app requests, so coarse alone
  /// decides there; a headerless read-back may have been cut down, so it decides nothing.
  @Test func coarseAloneDecidesOnlyInAWholeBlock() {
    let granted = Self.facts(true, "USER_SET")
    let whole = Self.location.compose([Self.coarse: granted], whole: true)
    #expect(whole.state == "approximate" && whole.absent == [Self.background])
    #expect(Self.location.compose([Self.coarse: granted]).state == nil)
    #expect(
      Self.location.compose([Self.coarse: Self.facts(false, "USER_SET|USER_FIXED")], whole: true).state == "blocked")
    let background = Self.location.compose([Self.coarse: granted, Self.background: granted], whole: true)
    #expect(background.state == "background" && background.variant == "approximate")
  }

  /// Review 3 (B7-B9): an "Only this time" foreground grant is named whatever state the lines
  /// compose to, background included; fine granted beside coarse not granted is no precise.
  @Test func oneTimeForegroundGrantsAndAFineOnlyGrantAreNamed() {
    let once = Self.facts(true, "USER_SET|ONE_TIME")
    let lasting = Self.facts(true, "USER_SET")
    let background = Self.location.compose([Self.fine: once, Self.coarse: once, Self.background: lasting])
    #expect(
      background.state == "background" && background.oneTime == ["ACCESS_FINE_LOCATION", "ACCESS_COARSE_LOCATION"])
    let refused = Self.location.compose([
      Self.fine: once, Self.coarse: once, Self.background: Self.facts(false, "USER_SET"),
    ])
    #expect(refused.state == "background-denied" && !refused.oneTime.isEmpty)
    let approximate = Self.location.compose([Self.fine: Self.facts(false, "USER_SET"), Self.coarse: once])
    #expect(approximate.state == "approximate" && approximate.oneTime == ["ACCESS_COARSE_LOCATION"])
    #expect(
      Self.location.compose([Self.fine: lasting, Self.coarse: lasting, Self.background: lasting]).oneTime.isEmpty)
    let fineOnly = Self.location.compose([Self.fine: lasting, Self.coarse: Self.facts(false, "USER_SET")])
    #expect(fineOnly.state == "mixed" && fineOnly.note?.contains("precise location needs both granted") == true)
    let camera = PlatformKnowledge.permission("camera")!.android!
    #expect(camera.compose(["android.permission.CAMERA": once]).oneTime == ["CAMERA"])
    #expect(
      camera.compose(["android.permission.CAMERA": Self.facts(false, "ONE_TIME")]).oneTime.isEmpty,
      "a lapsed grant is one-time, no grant")
  }

  @Test func locationIsComposedFromFineCoarseAndBackground() {
    func state(_ lines: [String: AndroidLineFacts]) -> String? { Self.location.compose(lines).state }
    let granted = Self.facts(true, "USER_SET")
    let denied = Self.facts(false, "")
    #expect(state([Self.fine: granted, Self.coarse: granted, Self.background: denied]) == "precise")
    // Fine denied with USER_SET alone would read denied-once; beside a granted coarse line it is approximate.
    #expect(
      state([Self.fine: Self.facts(false, "USER_SET"), Self.coarse: Self.facts(true, "USER_SET|524288")])
        == "approximate")
    #expect(state([Self.fine: granted, Self.coarse: granted, Self.background: granted]) == "background")
    #expect(
      Self.location.compose([Self.fine: denied, Self.coarse: granted, Self.background: granted]).variant
        == "approximate")
    #expect(
      state([
        Self.fine: Self.facts(false, "USER_SET|USER_FIXED"), Self.coarse: Self.facts(false, "USER_SET|USER_FIXED"),
      ]) == "blocked")
    #expect(
      state([Self.fine: Self.facts(false, "ONE_TIME"), Self.coarse: Self.facts(false, "ONE_TIME")]) == "one-time")
    #expect(
      state([Self.fine: Self.facts(false, "AUTO_REVOKED"), Self.coarse: Self.facts(false, "AUTO_REVOKED")])
        == "auto-revoked")
    #expect(
      state([Self.fine: Self.facts(true, "POLICY_FIXED"), Self.coarse: Self.facts(true, "POLICY_FIXED")])
        == "policy-granted")
    #expect(
      state([Self.fine: Self.facts(false, "POLICY_FIXED"), Self.coarse: Self.facts(false, "POLICY_FIXED")])
        == "policy-denied")
    let mixed = Self.location.compose([
      Self.fine: Self.facts(false, "USER_SET|USER_FIXED"), Self.coarse: Self.facts(false, "USER_SET"),
    ])
    #expect(mixed.state == "mixed" && mixed.note?.contains("ACCESS_COARSE_LOCATION reads denied-once") == true)
    // Without coarse nothing can be told, and the missing line is named.
    let alone = Self.location.compose([Self.fine: granted])
    #expect(alone.state == nil)
    #expect(Self.location.missing(alone) == [Self.coarse])
    #expect(Self.location.describe(missing: Self.location.missing(alone)) == "ACCESS_COARSE_LOCATION")
    // Background needs its own line; so do precise and approximate when the app asks for it.
    let foreground = Self.location.compose([Self.fine: granted, Self.coarse: granted])
    #expect(foreground.state == "precise")
    #expect(Self.location.missing(foreground, want: "background") == [Self.background])
    #expect(Self.location.missing(foreground, want: "precise").isEmpty)
    #expect(Self.location.missing(foreground, want: "precise", background: true) == [Self.background])
    // Background refused while foreground stays granted (issue 29, review M6): never precise.
    let refused = Self.location.compose([
      Self.fine: granted, Self.coarse: granted, Self.background: Self.facts(false, "USER_SET"),
    ])
    #expect(refused.state == "background-denied" && refused.variant == "precise")
    let fixed = Self.location.compose([
      Self.fine: denied, Self.coarse: granted, Self.background: Self.facts(false, "USER_SET|USER_FIXED"),
    ])
    #expect(fixed.state == "background-blocked" && fixed.variant == "approximate")
    #expect(Self.location.missing(foreground, want: "background-denied") == [Self.background])
    #expect(Self.location.couldBe("background-blocked", found: "precise"))
  }

  /// The partial trio in both shapes PermissionController writes: the first choice (USER_SET),
  /// and after a re-selection (USER_SET|USER_FIXED on the media lines), which is not blocked.
  @Test func photosPartialIsTestedBeforeBlocked() {
    func compose(_ lines: [String: AndroidLineFacts]) -> AndroidComposition { Self.photos.compose(lines) }
    let first = compose([
      Self.images: Self.facts(false, "USER_SET"), Self.video: Self.facts(false, "USER_SET"),
      Self.selected: Self.facts(true, "USER_SET"),
    ])
    #expect(first.state == "partial")
    let reselected = compose([
      Self.images: Self.facts(false, "USER_SET|USER_FIXED"), Self.video: Self.facts(false, "USER_SET|USER_FIXED"),
      Self.selected: Self.facts(true, "USER_SET|USER_FIXED"),
    ])
    #expect(reselected.state == "partial")
    // Compatibility mode (issue 29, review D5): the media lines granted for the session with
    // ONE_TIME, with or without REVOKED_COMPAT: never full access.
    let compat = compose([
      Self.images: Self.facts(true, "REVOKED_COMPAT|ONE_TIME"), Self.video: Self.facts(true, "REVOKED_COMPAT|ONE_TIME"),
      Self.selected: Self.facts(true, "USER_SET"),
    ])
    #expect(compat.state == "partial-compat")
    let oneTimeOnly = compose([
      Self.images: Self.facts(true, "ONE_TIME|USER_SENSITIVE_WHEN_GRANTED"), Self.video: Self.facts(true, "ONE_TIME"),
      Self.selected: Self.facts(true, ""),
    ])
    #expect(oneTimeOnly.state == "partial-compat" && oneTimeOnly.note?.contains("not full access") == true)
    let blocked = compose([
      Self.images: Self.facts(false, "USER_SET|USER_FIXED"), Self.video: Self.facts(false, "USER_SET|USER_FIXED"),
      Self.selected: Self.facts(false, ""),
    ])
    #expect(blocked.state == "blocked")
    #expect(compose([Self.images: Self.facts(true, ""), Self.video: Self.facts(true, "")]).state == "granted")
    #expect(compose([Self.images: Self.facts(true, ""), Self.video: Self.facts(false, "USER_SET")]).state == "mixed")
    // Android 12L and below: READ_EXTERNAL_STORAGE alone.
    let old = compose([Self.storage: Self.facts(false, "USER_SET|RESTRICTION_INSTALLER_EXEMPT")])
    #expect(old.state == "denied-once" && old.note?.contains("READ_EXTERNAL_STORAGE") == true)
    let none = compose([:])
    #expect(none.state == nil && Self.photos.missing(none).count == 3)
    #expect(Self.photos.missing(first, want: "partial").isEmpty)
    #expect(Self.photos.missing(compose([Self.images: Self.facts(false, "")]), want: "partial") == [Self.selected])
  }

  @Test func theCameraSwitchTurnsAGrantIntoSensorOff() {
    let camera = PlatformKnowledge.permission("camera")!.android!
    let line = ["android.permission.CAMERA": Self.facts(true, "")]
    #expect(camera.compose(line, sensorBlocked: true).state == "sensor-off")
    #expect(camera.compose(line, sensorBlocked: false).state == "granted")
    #expect(camera.compose(line, sensorBlocked: nil).state == "granted")
    let denied = ["android.permission.CAMERA": Self.facts(false, "USER_SET")]
    #expect(camera.compose(denied, sensorBlocked: true).state == "denied-once", "a denial stays a denial")
  }

  // MARK: seed-check with built-in ids

  @Test func seedCheckComposesLocationForThePackageAndUser() throws {
    let text = try Self.text("android14-gallery-two-users.txt")
    let approximate = try Self.check(text, "location", want: "approximate").get()
    #expect(approximate.taken && approximate.found == "approximate")
    #expect(approximate.lines.map(\.number) == [26, 28, 30], "fine, coarse and background of user 0, in text order")
    #expect(approximate.lines.allSatisfy { $0.text.hasPrefix("android.permission.ACCESS_") })
    let precise = try Self.check(text, "location", want: "precise").get()
    #expect(!precise.taken && precise.found == "approximate")
    let background = try Self.check(text, "location", want: "background", user: 10).get()
    #expect(background.taken && background.variant == "precise")
    #expect(try Self.check(text, "photos", want: "partial").get().taken)
    #expect(try Self.check(text, "photos", want: "granted", user: 10).get().taken)
    let notBlocked = try Self.check(text, "photos", want: "blocked").get()
    #expect(!notBlocked.taken && notBlocked.found == "partial")
    // Another package's lines make it ambiguous without --package; its own are never the app's.
    guard
      case .failure(.ambiguous(let permission, _, let candidates)) = Self.check(
        text, "location", want: "precise", package: nil)
    else {
      Issue.record("two packages' location lines must be refused without --package")
      return
    }
    #expect(permission == "location")
    #expect(Set(candidates.map(\.block)) == ["Package [com.example.gallery]", "Package [com.example.maps]"])
    #expect(try Self.check(text, "location", want: "precise", package: "com.example.maps").get().taken)
  }

  @Test func seedCheckNamesTheLineItLacks() throws {
    let onlyFine = "android.permission.ACCESS_FINE_LOCATION: granted=true, flags=[ \(Self.sensitive)]"
    #expect(
      Self.check(onlyFine, "location", want: "precise", package: nil)
        == .failure(
          .missingLines(permission: "location", lines: "ACCESS_COARSE_LOCATION", state: nil, line: 1)))
    let foreground = """
      android.permission.ACCESS_FINE_LOCATION: granted=true, flags=[ \(Self.sensitive)]
      android.permission.ACCESS_COARSE_LOCATION: granted=true, flags=[ \(Self.sensitive)]
      """
    #expect(try Self.check(foreground, "location", want: "precise", package: nil).get().taken)
    let error = Self.check(foreground, "location", want: "background", package: nil)
    #expect(
      error
        == .failure(
          .missingLines(permission: "location", lines: "ACCESS_BACKGROUND_LOCATION", state: "background", line: 2)))
    if case .failure(let failure) = error {
      #expect(failure.description.contains("has no ACCESS_BACKGROUND_LOCATION line"))
    }
    let noMedia = "android.permission.READ_MEDIA_VISUAL_USER_SELECTED: granted=true, flags=[ USER_SET]"
    guard
      case .failure(.missingLines(_, let lines, _, _)) = Self.check(noMedia, "photos", want: "partial", package: nil)
    else {
      Issue.record("photos without a media line cannot be told")
      return
    }
    #expect(lines.contains("READ_MEDIA_IMAGES") && lines.contains("READ_EXTERNAL_STORAGE"))
  }

  /// Issue 21's cases: a ONE_TIME line, an AUTO_REVOKED line, a photos-partial trio.
  @Test func oneTimeAutoRevokedAndPartialAreTheirOwnStates() throws {
    let lapsed = try Self.text("android11-one-time-lapsed.txt")
    #expect(try Self.check(lapsed, "location", want: "one-time").get().taken)
    #expect(try Self.check(lapsed, "camera", want: "one-time").get().taken)
    #expect(try Self.check(lapsed, "android.permission.CAMERA", want: "one-time-expired").get().taken)
    let notAsked = try Self.check(lapsed, "camera", want: "not-asked").get()
    #expect(!notAsked.taken && notAsked.found == "one-time")
    let revoked = try Self.text("android14-auto-revoked.txt")
    #expect(try Self.check(revoked, "location", want: "auto-revoked").get().taken)
    #expect(try Self.check(revoked, "camera", want: "auto-revoked").get().taken)
    #expect(try Self.check(revoked, "photos", want: "auto-revoked").get().taken)
    let trio = """
      android.permission.READ_MEDIA_IMAGES: granted=false, flags=[ USER_SET|USER_FIXED|\(Self.sensitive)]
      android.permission.READ_MEDIA_VIDEO: granted=false, flags=[ USER_SET|USER_FIXED|\(Self.sensitive)]
      android.permission.READ_MEDIA_VISUAL_USER_SELECTED: granted=true, flags=[ USER_SET|USER_FIXED|\(Self.sensitive)]
      """
    let partial = try Self.check(trio, "photos", want: "partial", package: nil).get()
    #expect(partial.taken && partial.lines.count == 3)
    // The same media line alone reads blocked: only the trio tells partial.
    #expect(try Self.check(trio, Self.images, want: "blocked", package: nil).get().taken)
  }

  /// A policy that grants is policy-granted: it never proves the denied state, under either name.
  @Test func aPolicyGrantedLineProvesOnlyPolicyGranted() throws {
    let text = try Self.text("android13-work-profile-policy.txt")
    let notifications = "android.permission.POST_NOTIFICATIONS"
    let granted = try Self.check(text, notifications, want: "policy-granted", user: 10, package: "com.example.scanner")
      .get()
    #expect(granted.taken)
    for want in ["policy-denied", "policy-fixed", "granted"] {
      let result = try Self.check(text, notifications, want: want, user: 10, package: "com.example.scanner").get()
      #expect(!result.taken && result.found == "policy-granted", "\(want)")
    }
    #expect(
      try Self.check(text, "notifications", want: "policy-granted", user: 10, package: "com.example.scanner").get()
        .taken)
  }

  @Test func wantIsCheckedAgainstThePermissionsStates() throws {
    let text = try Self.text("android14-gallery-two-users.txt")
    #expect(
      Self.check(text, "location", want: "granted")
        == .failure(.unknownState("granted", permission: "location", states: SeedCheck.states(for: "location")!)))
    #expect(
      Self.check(text, "notifications", want: "sensor-off")
        == .failure(
          .unknownState("sensor-off", permission: "notifications", states: SeedCheck.states(for: "notifications")!)))
    #expect(Self.check(text, "agenda", want: "granted") == .failure(.unknownPermission("agenda")))
    #expect(
      SeedCheckError.unknownPermission("agenda").description.contains("calendar"), "the message lists the built-in ids")
    #expect(SeedCheck.states(for: "location")?.contains("approximate") == true)
    #expect(SeedCheck.states(for: "photos")?.contains("partial") == true)
    #expect(SeedCheck.states(for: "camera")?.contains("sensor-off") == true)
    #expect(SeedCheck.states(for: "android.permission.RECORD_AUDIO")?.contains("sensor-off") == true)
    #expect(SeedCheck.states(for: "android.permission.READ_CONTACTS")?.contains("sensor-off") == false)
  }

  // MARK: dumpsys sensor_privacy

  @Test func sensorPrivacyThirteenAndLater() throws {
    let scan = DumpsysScan.scan(try Fixture.data("android13-camera-sensor-off.txt"))
    let capture = try #require(scan.sensorCaptures.first)
    #expect(scan.sensorCaptures.count == 1)
    #expect(capture.entries.map(\.sensor) == [1, 2])
    #expect(capture.entries.map(\.blocked) == [false, true])
    #expect(capture.entries.allSatisfy { $0.user == 0 })
    #expect(capture.state(of: 2, user: 0).blocked == true)
    #expect(capture.state(of: 2, user: 10).blocked == false, "no entry: never switched off")
    #expect(scan.entries.count == 4, "the permission lines are still read")
    let blocked = try Self.check(
      try Self.text("android13-camera-sensor-off.txt"), "camera", want: "sensor-off", package: "com.example.scanner"
    ).get()
    #expect(blocked.taken && blocked.sensorBlocked == true)
    #expect(blocked.sensor?.contains("sensor=2 toggle_type=1 state_type=1") == true)
    let other = try Self.check(
      try Self.text("android13-camera-sensor-off.txt"), "camera", want: "sensor-off", user: 10,
      package: "com.example.scanner"
    ).get()
    #expect(!other.taken && other.found == "granted")
  }

  @Test func sensorPrivacyTwelve() throws {
    let scan = DumpsysScan.scan(try Fixture.data("android12-camera-sensor-off.txt"))
    let capture = try #require(scan.sensorCaptures.first)
    #expect(capture.entries.count == 1)
    #expect(capture.entries[0].sensor == 2 && capture.entries[0].blocked == true && capture.entries[0].user == 0)
    let text = try Self.text("android12-camera-sensor-off.txt")
    #expect(try Self.check(text, "camera", want: "sensor-off", package: nil).get().taken)
    #expect(try Self.check(text, "microphone", want: "granted", package: nil).get().taken)
  }

  /// Android 12's user-level `is_enabled` is the global switch, not the camera's; 13's dump keeps
  /// one toggle per sensor, so a hardware toggle not blocking says nothing (issue 29, review M9).
  @Test func sensorPrivacyGlobalLineAndHardwareToggle() throws {
    let twelve = """
      SENSOR PRIVACY MANAGER STATE (dumpsys sensor_privacy)
      {
        users=[
          {
            user_id=0
            is_enabled=true
          }
        ]
      }
      android.permission.CAMERA: granted=true, flags=[ USER_SET]
      """
    let global = try Self.check(twelve, "camera", want: "sensor-off", package: nil).get()
    #expect(!global.taken && global.found == "granted", "the user's own is_enabled is not the camera switch")
    let hardware = """
      SENSOR PRIVACY MANAGER STATE (dumpsys sensor_privacy)
      {
        storage_implementation=com.android.server.sensorprivacy.SensorPrivacyStateControllerImpl
        users={
          user_id=0
          sensors=[
            {
              sensor=2
              toggles={
                toggle_type=2
                state_type=2
                last_change=1764234140577
              }
            }
          ]
        }
      }
      android.permission.CAMERA: granted=true, flags=[ USER_SET]
      """
    let scan = DumpsysScan.scan(Data(hardware.utf8))
    #expect(
      scan.sensorCaptures.first?.entries.first?.blocked == nil, "a hardware toggle off says nothing of the software one"
    )
    let unknown = try Self.check(hardware, "camera", want: "granted", package: nil).get()
    #expect(unknown.sensor?.contains("toggle_type=2 state_type=2") == true)
  }

  @Test func sensorOffNeedsTheSensorPrivacyOutput() {
    let line = "android.permission.CAMERA: granted=true, flags=[ \(Self.sensitive)]"
    #expect(
      Self.check(line, "camera", want: "sensor-off", package: nil) == .failure(.noSensorPrivacy(permission: "camera")))
  }

  /// A dump cut short keeps the sensors whose blocks closed; one nested past any real dump, or
  /// listing more sensors than any device has, stops with a problem; the rest of the log reads.
  @Test func oddSensorPrivacyOutputIsBounded() {
    let cut = """
      SENSOR PRIVACY MANAGER STATE (dumpsys sensor_privacy)
      {
        users={
          user_id=0
          individual_enabled_sensor={
            sensor=2
            is_enabled=true
          }
      DUMP OF SERVICE package:
        android.permission.CAMERA: granted=true
      """
    let scan = DumpsysScan.scan(Data(cut.utf8))
    #expect(scan.sensorCaptures.count == 1 && scan.entries.count == 1)
    let deep =
      "SENSOR PRIVACY MANAGER STATE\n" + String(repeating: "x={\n", count: 10_000)
      + "android.permission.CAMERA: granted=true\n"
    let deepScan = DumpsysScan.scan(Data(deep.utf8))
    #expect(deepScan.problems.contains { $0.message.contains("nests deeper") })
    #expect(deepScan.entries.count == 1)
    let many =
      "SENSOR PRIVACY MANAGER STATE\n{\n"
      + String(repeating: "individual_enabled_sensor={\nsensor=2\nis_enabled=true\n}\n", count: 1000) + "}\n"
    let manyScan = DumpsysScan.scan(Data(many.utf8))
    #expect(manyScan.problems.contains { $0.message.contains("more than 256 sensor entries") })
    #expect(manyScan.sensorCaptures.first?.entries.count == 256)
  }

  // MARK: Read-backs and records

  /// Lines printed together are one read-back; a permission printed again starts the next.
  @Test func readBacksGroupTheLinesPrintedTogether() {
    let log = """
      $ ./seed-location.sh precise
      [ro.build.version.sdk]: [29]
      android.permission.ACCESS_FINE_LOCATION: granted=true
      android.permission.ACCESS_COARSE_LOCATION: granted=true
      android.permission.ACCESS_FINE_LOCATION: granted=false
      android.permission.ACCESS_COARSE_LOCATION: granted=true
      $ ./seed-location.sh blocked
      android.permission.ACCESS_COARSE_LOCATION: granted=false, flags=[ USER_SET|USER_FIXED]
      """
    let seeds = SeedLogReader.read(Data(log.utf8), from: Fixture.file("seed.log")).seeds
    #expect(seeds.map(\.readBack) == [0, 0, 1, 1, 2])
    #expect(seeds.allSatisfy { $0.sdk == 29 })
  }

  @Test func compositeRecordsRoundTripAndAreCheckedAgain() throws {
    let text = try Self.text("android14-gallery-two-users.txt")
    let result = try Self.check(text, "location", want: "approximate").get()
    let line = try result.record(time: "t", sdk: 34).jsonLine()
    #expect(
      line.contains(#""permission":"location""#) && line.contains(#""otherLines":["#) && line.contains(#""sdk":34"#))
    let read = SeedRecordReader.read(Data(line.utf8), from: Fixture.file("seeds.jsonl", kind: .seedRecord))
    #expect(read.problems.isEmpty)
    #expect(read.seeds.map(\.permission) == [Self.fine, Self.coarse, Self.background])
    #expect(read.seeds.allSatisfy { $0.wanted == "approximate" && $0.sdk == 34 && $0.readBack == 1 })
    // A record whose lines say otherwise is reported, not trusted.
    let forged = line.replacingOccurrences(of: #""found":"approximate""#, with: #""found":"precise""#)
      .replacingOccurrences(of: #""taken":true"#, with: #""taken":false"#)
    let problems = SeedRecordReader.read(Data(forged.utf8), from: Fixture.file("s.jsonl", kind: .seedRecord)).problems
    #expect(problems.first?.message.contains("its lines read as approximate") == true)
    let foreign = line.replacingOccurrences(of: "ACCESS_COARSE_LOCATION:", with: "CAMERA:")
    #expect(
      SeedRecordReader.read(Data(foreign.utf8), from: Fixture.file("s.jsonl", kind: .seedRecord)).problems.first?
        .message
        .contains("not a dumpsys line for location") == true)
  }
}
