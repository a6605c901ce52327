import Testing

@testable import StateProofMatch
@testable import StateProofModel

@Suite struct MatrixTests {
  @Test func builtInCameraMatrixHasTheArticlesRows() throws {
    let matrix = try Matrix(configuration: Configuration())
    #expect(
      matrix.rows.map(\.id.description) == [
        "android/camera/not-asked", "android/camera/granted", "android/camera/denied-once",
        "android/camera/blocked", "android/camera/policy-fixed", "ios/camera/not-determined",
        "ios/camera/authorized", "ios/camera/denied", "ios/camera/denied-twice",
        "ios/camera/restricted",
      ])
    let rows = Dictionary(uniqueKeysWithValues: matrix.rows.map { ($0.id.description, $0) })
    #expect(rows["android/camera/blocked"]?.requires == [.seed, .screenshot, .test])
    #expect(rows["android/camera/blocked"]?.whatHappened == "denied twice")
    #expect(rows["android/camera/blocked"]?.screen == "open-settings")
    #expect(rows["android/camera/blocked"]?.platformPermission == "android.permission.CAMERA")
    #expect(rows["android/camera/policy-fixed"]?.requires == [.test])
    #expect(rows["ios/camera/restricted"]?.requires == [.screenshot, .test])
    #expect(rows["ios/camera/restricted"]?.screen == "explainLimitation")
    let twice = try #require(rows["ios/camera/denied-twice"])
    #expect(!twice.reachable)
    #expect(twice.requires.isEmpty)
    #expect(twice.reason?.contains("saves the first answer") == true)
  }

  @Test func photosBringTheirExtraStatesAsData() throws {
    var configuration = Configuration()
    configuration.permissions = [.init(id: "photos")]
    let ids = try Matrix(configuration: configuration).rows.map(\.id.description)
    #expect(ids.contains("android/photos/partial"))
    #expect(ids.contains("ios/photos/limited"))
    #expect(ids.count == 12)
  }

  @Test func includeNarrowsAndRowsOverrideEvidence() throws {
    var camera = Configuration.PermissionSettings(id: "camera")
    camera.include = ["android/blocked", "restricted"]
    var blocked = Configuration.RowSettings()
    blocked.requires = [.test]
    blocked.tests = ["*#blocked*"]
    camera.rows["blocked"] = blocked
    var configuration = Configuration()
    configuration.permissions = [camera]
    let rows = try Matrix(configuration: configuration).rows
    #expect(rows.map(\.id.description) == ["android/camera/blocked", "ios/camera/restricted"])
    #expect(rows[0].requires == [.test])
    #expect(rows[0].tests == ["*#blocked*"])
  }

  @Test func unknownPermissionNeedsPlatformNames() throws {
    var configuration = Configuration()
    configuration.permissions = [.init(id: "bluetooth")]
    #expect(throws: ConfigurationError.self) { try Matrix(configuration: configuration) }
    var bluetooth = Configuration.PermissionSettings(id: "bluetooth")
    bluetooth.android = "android.permission.BLUETOOTH_CONNECT"
    configuration.permissions = [bluetooth]
    let rows = try Matrix(configuration: configuration).rows
    #expect(rows.count == 5)
    #expect(rows.allSatisfy { $0.id.platform == .android })
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
          "Android's states for camera are not-asked, granted, denied-once, blocked, policy-fixed; a new row needs \"whatHappened\", \"appReads\" and \"screen\"")
    ) { try Matrix(configuration: configuration) }
    row.appReads = "Granted (foreground)"
    row.screen = "viewfinder"
    camera.rows["android/foreground-only"] = row
    configuration.permissions = [camera]
    let added = try #require(
      try Matrix(configuration: configuration).rows.first { $0.id.state == "foreground-only" })
    #expect(added.requires == [.seed, .screenshot, .test])
  }

  /// `android/denied` names iOS's state on Android: the error lists the states Android has.
  @Test(arguments: [
    (
      "camera", "android/denied",
      "\"denied\" is an iOS state; Android's states for camera are not-asked, granted, denied-once, blocked, policy-fixed; a new row needs \"whatHappened\", \"appReads\" and \"screen\""
    ),
    (
      "photos", "ios/partial",
      "\"partial\" is an Android state; iOS's states for photos are not-determined, authorized, denied, denied-twice, restricted, limited; a new row needs \"whatHappened\", \"appReads\" and \"screen\""
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
