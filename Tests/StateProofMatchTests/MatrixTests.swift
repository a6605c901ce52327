import Testing

@testable import StateProofKnowledge
@testable import StateProofMatch
@testable import StateProofModel

@Suite struct MatrixTests {
  @Test func builtInCameraMatrixHasEveryCameraState() throws {
    let matrix = try Matrix(configuration: Configuration())
    #expect(
      matrix.rows.map(\.id.description) == [
        "android/camera/not-asked", "android/camera/granted", "android/camera/denied-once",
        "android/camera/blocked", "android/camera/policy-denied", "android/camera/policy-granted",
        "android/camera/one-time", "android/camera/auto-revoked", "android/camera/sensor-off",
        "ios/camera/not-determined", "ios/camera/authorized", "ios/camera/denied", "ios/camera/denied-twice",
        "ios/camera/restricted",
      ])
    let rows = Dictionary(uniqueKeysWithValues: matrix.rows.map { ($0.id.description, $0) })
    #expect(rows["android/camera/blocked"]?.requires == [.seed, .screenshot, .test])
    #expect(rows["android/camera/blocked"]?.screen == "open-settings")
    #expect(rows["android/camera/blocked"]?.platformPermission == "android.permission.CAMERA")
    #expect(rows["android/camera/policy-denied"]?.requires == [.test])
    #expect(rows["android/camera/policy-granted"]?.requires == [.test])
    #expect(rows["android/camera/one-time"]?.requires == [.screenshot, .test])
    #expect(rows["android/camera/one-time"]?.os == "Android 11 and later")
    #expect(rows["android/camera/sensor-off"]?.os == "Android 12 and later")
    #expect(rows["android/camera/sensor-off"]?.requires == [.seed, .screenshot, .test])
    #expect(rows["ios/camera/restricted"]?.requires == [.screenshot, .test])
    #expect(rows["ios/camera/restricted"]?.screen == "explainLimitation")
    let twice = try #require(rows["ios/camera/denied-twice"])
    #expect(!twice.reachable)
    #expect(twice.requires.isEmpty)
    #expect(twice.reason?.contains("never shows the prompt again") == true)
  }

  @Test func photosBringTheirOwnStatesAsData() throws {
    var configuration = Configuration()
    configuration.permissions = [.init(id: "photos")]
    let rows = try Matrix(configuration: configuration).rows
    let ids = rows.map(\.id.description)
    #expect(ids.contains("android/photos/partial"))
    #expect(ids.contains("ios/photos/limited"))
    #expect(!ids.contains("android/photos/one-time"), "one-time is for camera, microphone and location only")
    #expect(rows.first { $0.id.state == "partial" }?.os == "Android 14 and later")
    #expect(rows.first { $0.id.state == "limited" }?.os == "iOS 14 and later")
  }

  @Test func includeNarrowsAndRowsOverrideEvidence() throws {
    var camera = Configuration.PermissionSettings(id: "camera")
    camera.include = ["android/blocked", "restricted"]
    camera.reason = "two rows"
    var blocked = Configuration.RowSettings()
    blocked.requires = [.test]
    blocked.reason = "the test is the point"
    blocked.tests = ["*#blocked*"]
    camera.rows["blocked"] = blocked
    var configuration = Configuration()
    configuration.permissions = [camera]
    let rows = try Matrix(configuration: configuration).rows
    #expect(rows.map(\.id.description) == ["android/camera/blocked", "ios/camera/restricted"])
    #expect(rows[0].requires == [.test])
    #expect(rows[0].tests == ["*#blocked*"])
  }

  /// `policy-fixed` is the former name of `policy-denied`: as a row key and in `include`.
  @Test func policyFixedStillNamesTheDeniedRow() throws {
    var camera = Configuration.PermissionSettings(id: "camera")
    camera.include = ["android/policy-fixed"]
    camera.reason = "one row"
    var row = Configuration.RowSettings()
    row.tests = ["*#policyFixed*"]
    row.reason = "the host test"
    camera.rows["android/policy-fixed"] = row
    var configuration = Configuration()
    configuration.permissions = [camera]
    let rows = try Matrix(configuration: configuration).rows
    #expect(rows.map(\.id.description) == ["android/camera/policy-denied"])
    #expect(rows[0].tests == ["*#policyFixed*"])
    camera.rows["policy-denied"] = row
    camera.rows["policy-fixed"] = row
    configuration.permissions = [camera]
    #expect(throws: ConfigurationError.self) { try Matrix(configuration: configuration) }
  }

  @Test func customPermissionNeedsPlatformNamesAndGetsTheCommonStates() throws {
    var configuration = Configuration()
    // `calendar` is built in since issue 29: a custom id of its own.
    configuration.permissions = [.init(id: "agenda")]
    #expect(throws: ConfigurationError.self) { try Matrix(configuration: configuration) }
    var calendar = Configuration.PermissionSettings(id: "agenda")
    calendar.android = "android.permission.READ_CALENDAR"
    configuration.permissions = [calendar]
    let rows = try Matrix(configuration: configuration).rows
    #expect(
      rows.map(\.id.state) == [
        "not-asked", "granted", "denied-once", "blocked", "policy-denied", "policy-granted", "auto-revoked",
      ])
    #expect(rows.allSatisfy { $0.id.platform == .android })
    #expect(rows.allSatisfy { $0.platformPermission == "android.permission.READ_CALENDAR" })
    // A custom permission's words name no feature: no viewfinder, no map.
    #expect(rows.first { $0.id.state == "granted" }?.screen == "feature-on")
  }

  @Test func aBuiltInSingleLinePermissionTakesAnotherAndroidName() throws {
    var bluetooth = Configuration.PermissionSettings(id: "bluetooth")
    bluetooth.android = "android.permission.BLUETOOTH_SCAN"
    var configuration = Configuration()
    configuration.permissions = [bluetooth]
    let matrix = try Matrix(configuration: configuration)
    #expect(matrix.readings["bluetooth"]?.names == ["android.permission.BLUETOOTH_SCAN"])
    #expect(matrix.rows.first?.platformPermission == "android.permission.BLUETOOTH_SCAN")
    var location = Configuration.PermissionSettings(id: "location")
    location.android = "android.permission.ACCESS_COARSE_LOCATION"
    configuration.permissions = [location]
    #expect(throws: ConfigurationError.self) { try Matrix(configuration: configuration) }
  }

  @Test func customRowsNeedTheirDescription() throws {
    var camera = Configuration.PermissionSettings(id: "camera")
    var row = Configuration.RowSettings()
    row.whatHappened = "allowed while in use"
    camera.rows["android/foreground-only"] = row
    var configuration = Configuration()
    configuration.permissions = [camera]
    #expect(
      throws: ConfigurationError(
        path: "permissions[0].rows.android/foreground-only",
        message:
          "Android's states for camera are not-asked, granted, denied-once, blocked, policy-denied, policy-granted, one-time, auto-revoked, sensor-off; a new row needs \"whatHappened\", \"appReads\" and \"screen\""
      )
    ) { try Matrix(configuration: configuration) }
    row.appReads = "Granted (foreground)"
    row.screen = "viewfinder"
    camera.rows["android/foreground-only"] = row
    configuration.permissions = [camera]
    let added = try #require(
      try Matrix(configuration: configuration).rows.first { $0.id.state == "foreground-only" })
    #expect(added.requires == [.seed, .screenshot, .test])
  }

  /// A known row's `screen`, `whatHappened` and `appReads` keys replace the built-in words.
  @Test func aKnownRowTakesTheConfiguredWords() throws {
    var location = Configuration.PermissionSettings(id: "location")
    var row = Configuration.RowSettings()
    row.screen = "store-finder-with-pin"
    row.whatHappened = "shared their position"
    location.rows["android/precise"] = row
    var configuration = Configuration()
    configuration.permissions = [location]
    let matrix = try Matrix(configuration: configuration)
    let precise = try #require(matrix.rows.first { $0.id.description == "android/location/precise" })
    #expect(precise.screen == "store-finder-with-pin")
    #expect(precise.whatHappened == "shared their position")
    // The OS version's words never replace the configured ones.
    #expect(matrix.worded(precise, on: [.android(api: 34)]).whatHappened == "shared their position")
    #expect(matrix.worded(precise, on: [.android(api: 34)]).appReads.contains("ACCESS_FINE_LOCATION"))
  }

  /// `android/denied` names iOS's state on Android: the error lists the states Android has.
  @Test(arguments: [
    (
      "camera", "android/denied",
      "\"denied\" is an iOS state; Android's states for camera are not-asked, granted, denied-once, blocked, policy-denied, policy-granted, one-time, auto-revoked, sensor-off; a new row needs \"whatHappened\", \"appReads\" and \"screen\""
    ),
    (
      "photos", "ios/partial",
      "\"partial\" is an Android state; iOS's states for photos are not-determined, authorized, limited, denied, denied-twice, restricted; a new row needs \"whatHappened\", \"appReads\" and \"screen\""
    ),
  ])
  func aStateOfTheOtherPlatformSaysWhichStatesExist(permission: String, key: String, message: String) throws {
    var settings = Configuration.PermissionSettings(id: permission)
    var row = Configuration.RowSettings()
    row.tests = ["*#denied*"]
    settings.rows[key] = row
    var configuration = Configuration()
    configuration.permissions = [settings]
    #expect(throws: ConfigurationError(path: "permissions[0].rows.\(key)", message: message)) {
      try Matrix(configuration: configuration)
    }
  }
}
