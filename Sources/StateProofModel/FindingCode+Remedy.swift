extension FindingCode {
  /// What to do about a finding with this code, in one line: the report shows it beside every
  /// finding, and docs/findings.md's table says the same (a test compares them).
  public var remedy: String {
    switch self {
    case .noEvidence:
      "check that the step that gathers or downloads the evidence ran and put its files under the paths given; every other gap follows from this one"
    case .missingSeed:
      "run the seed script's read-back (stateproof seed-check --record) and keep its output with the evidence"
    case .seedNotTaken: "fix the device or the seeding: the test ran in the wrong state"
    case .missingScreenshot: "save a screenshot of the recovery screen named for the state, or add a glob"
    case .missingTest: "run the test, or fix the selector"
    case .testFailed: "fix the app or the test"
    case .testFlaky: "find out why it is flaky before it hides a real failure"
    case .missingReceipt: "run the receipt test on a release device before signing off"
    case .receiptFailed: "the real system prompt and the app no longer connect: investigate"
    case .runIncomplete:
      "read the quoted cause (and the device's logcat or crash log), fix the crash or the install and run again; only when the missing tests are proven elsewhere, accept it with --allow run-incomplete:PLATFORM=REASON"
    case .receiptOffReleaseDevice: "run the receipt test on a device from releaseDevices"
    case .receiptFlaky:
      "find out why the first run failed (a dialog left by an earlier test, a slow device); set \"flaky\": \"fail\" to block the release on it"
    case .duplicateReceipt:
      "keep exactly one receipt test, so the suite depends on the OS's prompt wording in one place"
    case .oneTimeGrant:
      "reinstall the app (pm grant leaves ONE_TIME in place, and pm cannot clear it), then seed with pm grant rather than inheriting what a receipt left"
    case .evidenceForUnreachableState:
      "check what the test really seeded; delete rows the platform cannot reach"
    case .conflictingEvidence: "find which run is stale"
    case .seedNotForApp:
      "keep only the app's read-back (dumpsys package APPID), or set platforms.android.appId"
    case .seedWithoutPermissionLines:
      "check that the build under test declares the permissions the matrix seeds (<uses-permission> in its merged manifest) and that the read-back prints the runtime permissions: section (dumpsys package APPID, not a grep of install permissions)"
    case .seedPackageNotFound:
      "install the build under test before the seed step runs, and have the seed step read back the configured platforms.android.appId (dumpsys package APPID)"
    case .unreadableEvidence: "fix or remove the file; the message names it and the line"
    case .unmatchedEvidence: "name the screenshot for its row, add a glob, or ignore it"
    case .releaseDeviceUnseen:
      "write the release device as the evidence names it (see Devices), or run on it"
    case .ambiguousDevice: "name one of them exactly, with its OS, in releaseDevices"
    case .deviceUnknown:
      "keep the evidence where its producer names the device (the message says how), or run it on a release device that does"
    case .missingAttachment:
      "keep the whole xcresulttool export attachments folder with the evidence, or export again"
    case .evidenceOutsideOSRange:
      "run the test on a device the row applies to, or limit the row with \"android\": \">=13\" if the app does not support it there"
    case .xcresultBundleUnread:
      "install the library the message names (Debian: libzstd1, libsqlite3-0), or run the three commands from the message on a Mac with Xcode 16 or later and give StateProof the files they write, or run StateProof there"
    case .xcresultMismatch:
      "the tree may be cut short or from another run: export both again from the same .xcresult bundle"
    case .unsupportedEvidence:
      "give StateProof the JUnit XML (Android) or xcrun xcresulttool get test-results tests … --format json (iOS) instead, as the message says"
    case .wrongBuild:
      "run the tests and the seed read-backs again on the build under test, and keep other builds' output out of the evidence; if the configured build is wrong, fix platforms.P.versionName, versionCode or variant"
    case .mixedBuilds:
      "name the build under test (platforms.P.versionName, versionCode, variant) so evidence of other builds is refused, or keep one build's evidence"
    case .staleEvidence:
      "run the tests again on this release candidate, or remove the old files from the evidence; when the build time is known, pass it with --built-at"
    case .configShadowed:
      "pass --config FILE to say which configuration decides the sign-off, or remove the one that should not apply"
    case .screenshotFromOtherTest:
      "take the screenshot in the row's own test, or, if it does show the row's screen, claim it with a screenshots glob (listed in the report's Configuration section)"
    case .targetSdkConflict:
      "check which build the read-backs are of; set platforms.android.targetSdk to the app's real targetSdkVersion; if the read-back is of the right build, the row's target condition is wrong for this device: keep the dump and report it"
    case .unverifiedProof:
      "look at the row's test and screenshot yourself, and keep the capture the message names so the shape can be settled"
    case .declaredNotCovered:
      "cover the permission (add it to permissions, or a permission of your own for one StateProof has no model of), or, if the app never asks for it (an SDK's purpose string), exclude it with its reason in the configuration's exclude list"
    case .coveredNotDeclared:
      "check that the evidence holds the build under test's manifest, APK or Info.plist; if the app really does not ask for the permission, drop its rows"
    case .declarationChanged:
      "find what brought the permission in (a library's merged manifest, an SDK's purpose string), then cover it or exclude it with its reason"
    case .declarationsDisagree:
      "keep only the build under test's manifest, APK or read-back with the evidence, or name the build under test (versionName, versionCode, variant) in the configuration"
    case .globMatchedNothing:
      "write the glob relative to an evidence path or to the folder above the evidence paths (android/screenshots/… for evidence/android), check its spelling against the files the report lists, or remove it"
    }
  }
}
