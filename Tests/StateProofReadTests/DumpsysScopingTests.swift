import Foundation
import StateProofModel
import StateProofEvidence
import Testing

@testable import StateProofRead

@Suite struct DumpsysScopingTests {
  func scan(_ name: String) throws -> DumpsysScan {
    DumpsysScan.scan(try Fixture.data(name))
  }

  func seeds(_ name: String) throws -> [SeedRecord] {
    let result = SeedLogReader.read(try Fixture.data(name), from: Fixture.file(name))
    #expect(result.problems.isEmpty)
    return result.seeds
  }

  /// (permission suffix, user, state) for compact comparisons.
  func summary(_ seeds: [SeedRecord]) -> [String] {
    seeds.map {
      "\($0.permission.split(separator: ".").last ?? "")@\($0.user.map(String.init) ?? "-")=\($0.state)"
    }
  }

  @Test func mPreviewHexDump() throws {
    let seeds = try seeds("m-preview-hex.txt")
    #expect(
      summary(seeds) == [
        "CAMERA@0=blocked", "READ_CONTACTS@0=denied-once", "RECORD_AUDIO@0=granted",
        "ACCESS_FINE_LOCATION@0=not-asked",
      ])
    #expect(seeds.allSatisfy { $0.package == "com.example.scanner" })
    #expect(seeds[0].raw == "android.permission.CAMERA, granted=false, flags=0x3")
    #expect(seeds[0].location == EvidenceLocation(root: "evidence", path: "m-preview-hex.txt", line: 12))
    #expect(seeds[3].flags == ["1024", "524288"])
  }

  @Test func installPermissionsAreNeverSeedEvidence() throws {
    let scan = try scan("android9-space-separated.txt")
    let install = scan.entries.filter { $0.section == .install }.map(\.line.name)
    #expect(install == ["android.permission.INTERNET", "android.permission.WAKE_LOCK"])
    let seeds = try seeds("android9-space-separated.txt")
    #expect(
      summary(seeds) == [
        "CAMERA@0=blocked", "READ_CONTACTS@0=granted", "ACCESS_FINE_LOCATION@0=denied-legacy",
      ])
    #expect(seeds[2].flags == ["REVOKED_COMPAT", "REVIEW_REQUIRED"])
    #expect(seeds[2].raw.contains("REVOKE_ON_UPGRADE"))
  }

  @Test func sharedUserBlockBelongsToTheLinkedPackage() throws {
    let seeds = try seeds("android9-shared-user.txt")
    #expect(summary(seeds) == ["CALL_PHONE@0=system-fixed", "CAMERA@0=denied-once", "CAMERA@10=granted"])
    #expect(seeds.allSatisfy { $0.block == .sharedUser && $0.package == nil && $0.sharedUser == "com.example.shared" })
    // Each member carries the build its own block names (the dialer's versionCode=12).
    let dialer = BuildIdentity(versionCode: "12", source: "dumpsys package")
    #expect(
      seeds.map(\.sharedUserPackages) == [
        [SharedUserMember(package: "com.example.dialer", installed: true, build: dialer)],
        [SharedUserMember(package: "com.example.dialer", installed: true, build: dialer)],
        [SharedUserMember(package: "com.example.dialer", installed: nil, build: dialer)],
      ])
    #expect(seeds.allSatisfy { $0.build == nil }, "a shared user's line takes its build from the app, later")
    let entries = try scan("android9-shared-user.txt").entries.filter(\.isRuntimeEvidence)
    #expect(entries.allSatisfy { $0.block == .sharedUser && $0.sharedUser == "com.example.shared" })
  }

  @Test func sharedUserWithoutALinkHasNoPackage() throws {
    let text = try String(decoding: Fixture.data("android9-shared-user.txt"), as: UTF8.self)
      .replacingOccurrences(of: "    sharedUser=SharedUserSetting{91e4a7b com.example.shared/10123}\n", with: "")
    let seeds = SeedLogReader.read(Data(text.utf8), from: Fixture.file("x.txt")).seeds
    #expect(seeds.count == 3)
    #expect(seeds.allSatisfy { $0.package == nil && $0.sharedUserPackages.isEmpty })
  }

  @Test func everyUserKeepsItsOwnLines() throws {
    let seeds = try seeds("android14-multiuser.txt")
    #expect(
      summary(seeds) == [
        "POST_NOTIFICATIONS@0=granted", "ACCESS_FINE_LOCATION@0=auto-revoked",
        "ACCESS_COARSE_LOCATION@0=granted", "ACCESS_BACKGROUND_LOCATION@0=not-asked",
        "CAMERA@0=blocked",
        "POST_NOTIFICATIONS@10=not-asked", "ACCESS_FINE_LOCATION@10=not-asked", "CAMERA@10=not-asked",
        "CAMERA@11=not-asked",
      ])
    #expect(seeds[2].flags.contains("524288"))
  }

  @Test func installLinesWithUserIdTakeThatUser() throws {
    let install = try scan("android14-multiuser.txt").entries.filter { $0.section == .install }
    #expect(install.map(\.user) == [nil, nil, 10])
    #expect(install.allSatisfy { $0.package == "com.example.scanner" && $0.block == .package })
  }

  @Test func queriesAndPackageChangesUserLinesAreNotPermissionBlocks() throws {
    var text = try String(decoding: Fixture.data("android14-multiuser.txt"), as: UTF8.self)
    text += "    android.permission.CAMERA: granted=true\n"
    let entries = DumpsysScan.scan(Data(text.utf8)).entries
    let last = try #require(entries.last)
    #expect(last.block == .loose)
    #expect(last.user == nil && last.package == nil && last.section == .unspecified)
  }

  @Test func notInstalledUserWithoutFlagsAndWorkProfilePolicy() throws {
    let seeds = try seeds("android13-work-profile-policy.txt")
    #expect(
      summary(seeds) == [
        "POST_NOTIFICATIONS@0=not-asked", "CAMERA@0=not-asked",
        "POST_NOTIFICATIONS@10=policy-granted", "CAMERA@10=policy-denied",
      ])
    #expect(seeds[0].flags.isEmpty)
  }

  @Test func oneTimeExpiredAndRestrictionExempt() throws {
    let seeds = try seeds("android11-one-time-expired.txt")
    #expect(
      summary(seeds) == [
        "ACCESS_FINE_LOCATION@0=one-time", "CAMERA@0=granted",
        "ACCESS_BACKGROUND_LOCATION@0=denied-once",
      ])
    #expect(seeds[1].variant == "one-time")
  }

  @Test func oemIndentationDoesNotEndTheUserBlock() throws {
    let seeds = try seeds("android11-oem-indent.txt")
    #expect(summary(seeds) == ["ACCESS_FINE_LOCATION@0=granted", "ACCESS_BACKGROUND_LOCATION@0=not-asked"])
    #expect(seeds.allSatisfy { $0.package == "com.example.scanner" })
  }

  @Test func packageBlockWinsOverHiddenSystemCopy() throws {
    let seeds = try seeds("android14-hidden-system.txt")
    #expect(summary(seeds) == ["CAMERA@0=granted", "RECORD_AUDIO@0=denied-once"])
    #expect(seeds[0].location.line == 7)
    let blocks = try scan("android14-hidden-system.txt").entries.map(\.block)
    #expect(blocks == [.package, .hiddenSystemPackage, .hiddenSystemPackage])
  }

  @Test func excerptWithoutPackageHeaders() throws {
    let scan = try scan("legacy-excerpt-no-headers.txt")
    #expect(scan.entries.count == 5)
    #expect(scan.entries.prefix(3).allSatisfy { $0.section == .unspecified && $0.user == nil })
    let seeds = try seeds("legacy-excerpt-no-headers.txt")
    #expect(
      summary(seeds) == [
        "ACCESS_WIFI_STATE@-=granted", "WAKE_LOCK@-=granted", "INTERNAL_WRITE@-=granted",
        "ACCESS_FINE_LOCATION@0=system-fixed", "RECORD_AUDIO@0=system-fixed",
      ])
  }

  @Test func aSecondDumpStartsAFreshScope() throws {
    let first = try Fixture.data("android14-multiuser.txt")
    let second = try Fixture.data("android13-work-profile-policy.txt")
    let entries = DumpsysScan.scan(first + second).entries.filter(\.isRuntimeEvidence)
    #expect(Set(entries.map(\.dump)).count == 2)
    #expect(entries.last?.user == 10)
    #expect(entries.last?.line.flags.contains("POLICY_FIXED") == true)
  }

  /// A full dump of a device without the app: its CAMERA lines sit only in shared users of
  /// system packages. Each keeps its block and the package that declares it, nothing more.
  @Test func fullDumpKeepsEachSharedUsersDeclaringPackage() throws {
    let seeds = try seeds("android14-full-dump-app-absent.txt")
    let camera = seeds.filter { $0.permission == "android.permission.CAMERA" }
    #expect(camera.map(\.sharedUser) == ["android.uid.system", "android.uid.phone", "android.uid.systemui"])
    #expect(camera.allSatisfy { $0.block == .sharedUser && $0.package == nil && $0.user == 0 })
    #expect(
      camera.map { $0.sharedUserPackages.map(\.package) }
        == [["com.android.settings"], ["com.android.phone"], ["com.android.systemui"]])
    #expect(camera.allSatisfy { $0.sharedUserPackages.allSatisfy { $0.installed == true } })
    let messaging = seeds.filter { $0.package == "com.google.android.apps.messaging" }
    #expect(messaging.map(\.permission) == ["android.permission.READ_SMS", "android.permission.RECORD_AUDIO"])
    #expect(messaging.allSatisfy { $0.block == .package && $0.installed == true })
  }

  /// The app declares a shared user with a companion: the shared user's line names both as
  /// declaring it; another package's line stays that package's.
  @Test func sharedUserDeclaredByTheAppAndACompanion() throws {
    let seeds = try seeds("android14-app-shared-user.txt")
    #expect(summary(seeds) == ["CAMERA@0=granted", "CAMERA@0=system-fixed", "CAMERA@0=blocked"])
    #expect(seeds[0].block == .package && seeds[0].package == "com.example.other")
    #expect(seeds[1].sharedUser == "android.uid.system" && seeds[1].sharedUserPackages.isEmpty)
    #expect(seeds[2].sharedUser == "com.example.suite")
    #expect(
      seeds[2].sharedUserPackages == [
        SharedUserMember(
          package: "com.example.scanner", installed: true,
          build: BuildIdentity(versionName: "4.2.0", versionCode: "420", source: "dumpsys package")),
        SharedUserMember(
          package: "com.example.suite.companion", installed: true,
          build: BuildIdentity(versionCode: "12", source: "dumpsys package")),
      ])
    // The other package's line names its own block's build, never the app's.
    #expect(seeds[0].build == BuildIdentity(versionCode: "3", source: "dumpsys package"))
  }

  @Test func installedFalseIsKeptPerUser() throws {
    let seeds = try seeds("android14-not-installed-for-user.txt")
    #expect(summary(seeds) == ["CAMERA@0=not-asked", "CAMERA@10=blocked"])
    #expect(seeds.map(\.installed) == [false, true])
    #expect(seeds.allSatisfy { $0.block == .package && $0.package == "com.example.scanner" })
  }

  /// What a seed script prints is headerless; a stray line after a dump is outside every block.
  @Test func headerlessAndOutsideLines() throws {
    let bare = SeedLogReader.read(
      Data(
        "$ ./seed-camera.sh blocked\n    android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED]\n".utf8),
      from: Fixture.file("seed.log")
    ).seeds
    #expect(bare.map(\.block) == [.headerless])
    var text = try String(decoding: Fixture.data("android14-multiuser.txt"), as: UTF8.self)
    text += "    android.permission.CAMERA: granted=true\n"
    let after = SeedLogReader.read(Data(text.utf8), from: Fixture.file("x.txt")).seeds
    #expect(after.last?.block == .outside)
  }

  /// Seed logs in an AGP device folder name that device.
  @Test func agpDeviceFolderNamesTheSeedsDevice() {
    let path =
      "app/build/outputs/connected_android_test_additional_output/debugAndroidTest/connected/Pixel 8 - 14/seed.log"
    let seeds = SeedLogReader.read(
      Data("android.permission.CAMERA: granted=true\n".utf8), from: Fixture.file(path)
    ).seeds
    #expect(seeds.map(\.device) == ["Pixel 8 - 14"])
  }
}
