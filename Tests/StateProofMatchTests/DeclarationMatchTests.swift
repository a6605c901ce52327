import Foundation
import Testing

@testable import StateProofEvidence
@testable import StateProofKnowledge
@testable import StateProofMatch
@testable import StateProofModel

/// What the app's own files declare decides what the sign-off must cover (issue 47): every rule
/// tested from `EvidenceSet` literals, the readers left out.
@Suite struct DeclarationMatchTests {
  static let app = "com.example.app"

  /// A configuration for `app` covering `permissions` (ids, or `(id, android name)` for one of
  /// its own), with release devices and exclusions.
  static func configuration(
    _ permissions: [Configuration.PermissionSettings], releaseDevices: [Platform: [String]] = [:],
    exclude: [DeclarationExclusion] = [], target: Int? = nil, build: BuildIdentity? = nil
  ) -> Configuration {
    var configuration = Configuration()
    for platform in Platform.allCases {
      var settings = Configuration.PlatformSettings()
      settings.appId = app
      settings.releaseDevices = releaseDevices[platform] ?? []
      if platform == .android {
        settings.targetSdk = target
        settings.build = build
      }
      configuration.platforms[platform] = settings
    }
    configuration.permissions = permissions
    configuration.exclude = exclude
    return configuration
  }

  static func permission(_ id: String, android: String? = nil, declarations: [String] = [])
    -> Configuration
    .PermissionSettings
  {
    var settings = Configuration.PermissionSettings(id: id)
    settings.android = android
    settings.declarations = declarations
    return settings
  }

  static func manifest(
    _ names: [String], platform: Platform = .android, source: DeclarationSource = .mergedManifest,
    path: String = "app/build/intermediates/merged_manifests/release/AndroidManifest.xml", target: Int? = nil,
    build: BuildIdentity? = nil, maxSdk: [String: Int] = [:]
  ) -> AppDeclarations {
    AppDeclarations(
      location: EvidenceLocation(root: "e", path: path), platform: platform, source: source, appId: app, build: build,
      targetSdk: target,
      declarations: names.enumerated().map { index, name in
        Declaration(name: name, maxSdk: maxSdk[name], line: index + 10)
      })
  }

  static func report(_ configuration: Configuration, _ files: [AppDeclarations], baseline: BaselineReport? = nil) throws
    -> Report
  {
    var evidence = EvidenceSet()
    evidence.declarations = files
    let matcher = try CoverageMatcher(configuration: configuration, today: "2026-12-07")
    return matcher.report(
      evidence, roots: ["e"], generatedAt: nil, baseline: baseline.map { (path: "previous/report.json", report: $0) })
  }

  static func findings(_ report: Report, _ code: FindingCode) -> [Finding] {
    report.findings.filter { $0.code == code }
  }

  static func row(_ report: Report, _ id: String) -> RowReport? {
    report.platforms.flatMap(\.rows).first { $0.id == RowID(id) }
  }

  // MARK: Findings

  @Test func aDeclaredPermissionTheSignOffDoesNotCoverIsAnError() throws {
    let report = try Self.report(
      Self.configuration([Self.permission("location")]),
      [
        Self.manifest([
          "android.permission.CAMERA", "android.permission.ACCESS_FINE_LOCATION",
          "android.permission.ACCESS_COARSE_LOCATION", "android.permission.INTERNET",
        ])
      ])
    let missing = Self.findings(report, .declaredNotCovered)
    #expect(missing.count == 1)
    #expect(missing.first?.severity == .error && missing.first?.platform == .android)
    #expect(
      missing.first?.message.contains("declares camera on Android (CAMERA in merged AndroidManifest.xml") == true,
      "\(missing)")
    let declared = try #require(report.platforms.first { $0.platform == .android }?.declared)
    #expect(
      declared.permissions.map { "\($0.id) \($0.answer.rawValue)" } == ["camera not-covered", "location covered"])
    #expect(report.verdict == .notReady)
  }

  @Test func aCoveredPermissionNothingDeclaresIsAWarning() throws {
    let report = try Self.report(
      Self.configuration([Self.permission("camera"), Self.permission("photos")]),
      [Self.manifest(["android.permission.CAMERA"])])
    let warnings = Self.findings(report, .coveredNotDeclared)
    #expect(warnings.map(\.platform) == [.android])
    #expect(warnings.first?.severity == .warning)
    #expect(warnings.first?.message.contains("covers photos on Android") == true)
    #expect(Self.findings(report, .declaredNotCovered).isEmpty)
    // No file of the iOS app: declarations say nothing there.
    #expect(report.platforms.first { $0.platform == .ios }?.declared == nil)
  }

  @Test func anExcludedDeclarationIsAnsweredWithItsReason() throws {
    let plist = Self.manifest(
      ["NSCameraUsageDescription", "NSFaceIDUsageDescription"], platform: .ios, source: .infoPlist,
      path: "ios/Scanner.app/Info.plist")
    let excluded = [
      DeclarationExclusion(
        permission: "camera", platform: .ios, reason: "the payment SDK's purpose string; never asked"),
      DeclarationExclusion(declaration: "NSFaceIDUsageDescription", reason: "sign-in uses the system sheet"),
    ]
    let report = try Self.report(Self.configuration([Self.permission("microphone")], exclude: excluded), [plist])
    #expect(Self.findings(report, .declaredNotCovered).isEmpty, "\(report.findings.map(\.message))")
    let declared = try #require(report.platforms.first { $0.platform == .ios }?.declared)
    #expect(
      declared.permissions.map(\.answer) == [.excluded, .notDeclared, .excluded],
      "camera, microphone, then the key no built-in models")
    #expect(declared.permissions.first?.reason == "the payment SDK's purpose string; never asked")
    // The same key without the exclusion is an error, naming it as one no built-in models.
    let bare = try Self.report(Self.configuration([Self.permission("camera")]), [plist])
    let missing = Self.findings(bare, .declaredNotCovered)
    #expect(missing.count == 1)
    #expect(missing.first?.message.contains("NSFaceIDUsageDescription (Face ID) on iOS") == true, "\(missing)")
  }

  @Test func aRuntimePermissionWithoutAModelNeedsOneOfTheConfigurationsOwn() throws {
    let phone = Self.manifest(["android.permission.READ_PHONE_STATE", "android.permission.CAMERA"])
    let bare = try Self.report(Self.configuration([Self.permission("camera")]), [phone])
    #expect(
      Self.findings(bare, .declaredNotCovered).first?.message.contains("which no built-in permission models") == true)
    let own = try Self.report(
      Self.configuration([
        Self.permission("camera"), Self.permission("phone", android: "android.permission.READ_PHONE_STATE"),
      ]),
      [phone])
    #expect(Self.findings(own, .declaredNotCovered).isEmpty, "\(own.findings.map(\.message))")
    #expect(
      own.platforms.first { $0.platform == .android }?.declared?.permissions.allSatisfy { $0.answer == .covered }
        == true)
  }

  @Test func aPermissionDeclaredOnlyBelowTheReleaseDevicesIsNotAsked() throws {
    let legacy = Self.manifest(
      ["android.permission.CAMERA", "android.permission.WRITE_EXTERNAL_STORAGE"],
      maxSdk: ["android.permission.WRITE_EXTERNAL_STORAGE": 28])
    let release = try Self.report(
      Self.configuration([Self.permission("camera")], releaseDevices: [.android: ["Pixel 8 - 14"]]), [legacy])
    #expect(Self.findings(release, .declaredNotCovered).isEmpty, "\(release.findings.map(\.message))")
    // Release devices of unknown version: it may be asked (and READ_EXTERNAL_STORAGE with it,
    // photos on 12L and earlier), so it must be answered.
    let unknown = try Self.report(Self.configuration([Self.permission("camera")]), [legacy])
    #expect(
      Self.findings(unknown, .declaredNotCovered).map(\.message).sorted().map { $0.prefix(32) } == [
        "The app declares android.permiss", "The app declares photos on Andro",
      ])
  }

  @Test func aSplitPermissionIsDeclaredForLowTargets() throws {
    let sensors = Self.manifest(["android.permission.BODY_SENSORS"], target: 32)
    let low = try Self.report(Self.configuration([Self.permission("sensors")]), [sensors])
    #expect(
      Self.findings(low, .declaredNotCovered).map(\.message).contains { $0.contains("declares sensorsbackground") },
      "\(low.findings.map(\.message))")
    let high = try Self.report(
      Self.configuration([Self.permission("sensors")]), [Self.manifest(["android.permission.BODY_SENSORS"], target: 34)]
    )
    #expect(Self.findings(high, .declaredNotCovered).isEmpty)
  }

  @Test func buildsThatDisagreeAreSaidAndTheBuildUnderTestDecides() throws {
    let release = Self.manifest(
      ["android.permission.CAMERA"], source: .apk, path: "app-release.apk",
      build: BuildIdentity(versionName: "4.2.0", versionCode: "420"))
    let debug = Self.manifest(
      ["android.permission.CAMERA", "android.permission.RECORD_AUDIO"], source: .requestedPermissions,
      path: "seed/dump.txt", build: BuildIdentity(versionName: "4.2.0-debug", versionCode: "421"))
    let unnamed = try Self.report(Self.configuration([Self.permission("camera")]), [release, debug])
    #expect(Self.findings(unnamed, .declarationsDisagree).count == 1)
    #expect(Self.findings(unnamed, .declaredNotCovered).count == 1, "the union is decided on")
    let named = try Self.report(
      Self.configuration([Self.permission("camera")], build: BuildIdentity(versionName: "4.2.0", versionCode: "420")),
      [release, debug])
    #expect(Self.findings(named, .declarationsDisagree).isEmpty)
    #expect(Self.findings(named, .declaredNotCovered).isEmpty)
    let files = try #require(named.platforms.first { $0.platform == .android }?.declared?.files)
    #expect(files.first { $0.path == "seed/dump.txt" }?.setAside?.contains("another build") == true)
  }

  @Test func filesAllSetAsideDecideNothing() throws {
    // Only another build's manifest, declaring no background location: no row is made
    // unreachable and no covered permission called undeclared on its word.
    let other = Self.manifest(
      ["android.permission.ACCESS_FINE_LOCATION", "android.permission.ACCESS_COARSE_LOCATION"], source: .apk,
      path: "app-4.1.0.apk", target: 34, build: BuildIdentity(versionName: "4.1.0", versionCode: "410"))
    let report = try Self.report(
      Self.configuration(
        [Self.permission("location"), Self.permission("camera")],
        build: BuildIdentity(versionName: "4.2.0", versionCode: "420")),
      [other])
    #expect(Self.row(report, "android/location/background")?.reachable == true)
    #expect(Self.findings(report, .coveredNotDeclared).isEmpty)
    let declared = try #require(report.platforms.first { $0.platform == .android }?.declared)
    #expect(declared.permissions.isEmpty)
    #expect(declared.files.map(\.path) == ["app-4.1.0.apk"])
    #expect(declared.files.first?.setAside?.contains("another build") == true)
  }

  @Test func requestedListsOfSeveralPackagesWithoutAnAppIdDecideNothing() throws {
    // A device's dumps name several packages and the configuration names none (as over
    // ../shared/corpus): no list is the app's, so nothing is said of what it declares.
    var configuration = Self.configuration([Self.permission("camera")])
    configuration.platforms[.android]?.appId = nil
    func requested(_ app: String, _ names: [String]) -> AppDeclarations {
      AppDeclarations(
        location: EvidenceLocation(root: "e", path: "dumpsys/\(app).txt"), platform: .android,
        source: .requestedPermissions, appId: app, build: nil, targetSdk: 30,
        declarations: names.map { Declaration(name: $0, maxSdk: nil, line: 3) })
    }
    let report = try Self.report(
      configuration,
      [requested("com.example.one", ["android.permission.INTERNET"]), requested("com.example.two", [])])
    #expect(Self.findings(report, .coveredNotDeclared).isEmpty)
    #expect(report.platforms.first { $0.platform == .android }?.declared == nil)
  }

  @Test func aPermissionDeclaredSinceTheLastSignOffIsNamed() throws {
    let configuration = Self.configuration([Self.permission("camera"), Self.permission("microphone")])
    let before = try Self.report(configuration, [Self.manifest(["android.permission.CAMERA"])])
    let baseline = try JSONDecoder().decode(BaselineReport.self, from: JSONEncoder().encode(before))
    let after = try Self.report(
      configuration, [Self.manifest(["android.permission.CAMERA", "android.permission.RECORD_AUDIO"])],
      baseline: baseline)
    let changed = Self.findings(after, .declarationChanged)
    #expect(
      changed.map(\.message).first?.contains("declares microphone on Android (RECORD_AUDIO)") == true, "\(changed)")
    #expect(changed.count == 1)
  }

  // MARK: Rows the declarations decide

  @Test func backgroundLocationRowsNeedTheDeclarationOrASplit() throws {
    let foreground = ["android.permission.ACCESS_FINE_LOCATION", "android.permission.ACCESS_COARSE_LOCATION"]
    let modern = try Self.report(
      Self.configuration([Self.permission("location")]), [Self.manifest(foreground, target: 34)])
    let row = try #require(Self.row(modern, "android/location/background"))
    #expect(!row.reachable && row.status == .unreachable)
    #expect(row.reason?.contains("does not request ACCESS_BACKGROUND_LOCATION") == true)
    #expect(row.declaration == row.reason)
    let legacy = try Self.report(
      Self.configuration([Self.permission("location")]), [Self.manifest(foreground, target: 28)])
    #expect(Self.row(legacy, "android/location/background")?.reachable == true, "the split adds it below target 29")
    let unknown = try Self.report(Self.configuration([Self.permission("location")]), [Self.manifest(foreground)])
    #expect(Self.row(unknown, "android/location/background")?.reachable == true, "an unknown target decides nothing")
    let declared = try Self.report(
      Self.configuration([Self.permission("location")]),
      [Self.manifest(foreground + ["android.permission.ACCESS_BACKGROUND_LOCATION"], target: 34)])
    let kept = try #require(Self.row(declared, "android/location/background"))
    #expect(kept.reachable && kept.declaration?.contains("declares ACCESS_BACKGROUND_LOCATION") == true)
  }

  @Test func coarseWithoutFineMakesApproximateTheGrantedRow() throws {
    let report = try Self.report(
      Self.configuration([Self.permission("location")], releaseDevices: [.android: ["Pixel 4 - 11"]]),
      [Self.manifest(["android.permission.ACCESS_COARSE_LOCATION"], target: 34)])
    #expect(Self.row(report, "android/location/precise")?.reachable == false)
    let approximate = try #require(Self.row(report, "android/location/approximate"))
    #expect(approximate.reachable, "on Android 11 too: the app never asks for fine location")
    #expect(approximate.os == nil && approximate.declaration?.contains("ACCESS_COARSE_LOCATION") == true)
  }

  @Test func photosPartialFollowsTheUserSelectedDeclaration() throws {
    let media = ["android.permission.READ_MEDIA_IMAGES", "android.permission.READ_MEDIA_VIDEO"]
    let without = try Self.report(Self.configuration([Self.permission("photos")]), [Self.manifest(media, target: 34)])
    #expect(Self.row(without, "android/photos/partial")?.reachable == false)
    #expect(Self.row(without, "android/photos/partial-compat")?.reachable == true)
    let with = try Self.report(
      Self.configuration([Self.permission("photos")]),
      [Self.manifest(media + ["android.permission.READ_MEDIA_VISUAL_USER_SELECTED"], target: 34)])
    #expect(Self.row(with, "android/photos/partial")?.reachable == true)
    #expect(Self.row(with, "android/photos/partial-compat")?.reachable == false)
    // A device's requested list names USER_SELECTED for every app (a split): it decides nothing.
    let device = try Self.report(
      Self.configuration([Self.permission("photos")]),
      [
        Self.manifest(
          media + ["android.permission.READ_MEDIA_VISUAL_USER_SELECTED"], source: .requestedPermissions,
          path: "dump.txt", target: 34)
      ])
    #expect(Self.row(device, "android/photos/partial-compat")?.reachable == true)
  }

  @Test func whenInUseOnlyHasNoAlwaysRows() throws {
    let plist = Self.manifest(
      ["NSLocationWhenInUseUsageDescription"], platform: .ios, source: .infoPlist, path: "Info.plist")
    let report = try Self.report(Self.configuration([Self.permission("location")]), [plist])
    #expect(Self.row(report, "ios/location/always")?.reachable == false)
    #expect(Self.row(report, "ios/location/provisional-always")?.reachable == false)
    #expect(Self.row(report, "ios/location/when-in-use")?.reachable == true)
    #expect(
      Self.row(report, "ios/location/always")?.reason?.contains("NSLocationAlwaysAndWhenInUseUsageDescription") == true)
  }

  @Test func maxSdkVersionEndsAPermissionsRows() throws {
    let report = try Self.report(
      Self.configuration([Self.permission("contacts")], releaseDevices: [.android: ["Pixel 8 - 14"]]),
      [Self.manifest(["android.permission.READ_CONTACTS"], maxSdk: ["android.permission.READ_CONTACTS": 32])])
    let row = try #require(Self.row(report, "android/contacts/granted"))
    #expect(!row.reachable)
    #expect(row.reason?.contains("android:maxSdkVersion=32") == true, "\(row.reason ?? "")")
  }
}
