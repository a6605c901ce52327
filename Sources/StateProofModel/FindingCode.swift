/// The stable codes a finding can carry; documented for users in docs/findings.md.
public enum FindingCode: String, Codable, Sendable, CaseIterable {
  /// The evidence paths hold nothing StateProof reads (no JUnit, result bundle or xcresulttool
  /// JSON, seed log or record, attachments manifest or screenshot): an empty or failed artifact
  /// download, not real gaps. The first blocker, before the gaps it causes.
  case noEvidence = "no-evidence"
  case missingSeed = "missing-seed"
  case seedNotTaken = "seed-not-taken"
  case missingScreenshot = "missing-screenshot"
  case missingTest = "missing-test"
  case testFailed = "test-failed"
  case testFlaky = "test-flaky"
  case missingReceipt = "missing-receipt"
  case receiptFailed = "receipt-failed"
  case receiptOffReleaseDevice = "receipt-off-release-device"
  /// The receipt passed only on retry (its first run failed): it counts as passed with
  /// `"flaky": "pass"`, with this warning on the receipt card.
  case receiptFlaky = "receipt-flaky"
  /// A test run stopped before it finished (a crash, a failed install): tests after the stop
  /// never ran, whatever the file's passed tests say.
  case runIncomplete = "run-incomplete"
  case duplicateReceipt = "duplicate-receipt"
  case oneTimeGrant = "one-time-grant"
  case evidenceForUnreachableState = "evidence-for-unreachable-state"
  /// Evidence from a device whose OS version is outside the row's (notifications before
  /// Android 13): it proves nothing for the row.
  case evidenceOutsideOSRange = "evidence-outside-os-range"
  case unreadableEvidence = "unreadable-evidence"
  /// A screenshot no row claims: listed (as info) so nothing is dropped silently.
  case unmatchedEvidence = "unmatched-evidence"
  case conflictingEvidence = "conflicting-evidence"
  /// A configured release device that no evidence names: listed with the devices that were seen.
  case releaseDeviceUnseen = "release-device-unseen"
  /// A configured release device that more than one device in the evidence could be.
  case ambiguousDevice = "ambiguous-device"
  /// An attachments manifest lists an exported file that is not there.
  case missingAttachment = "missing-attachment"
  /// A seed log or record none of whose lines is the app's (another package's, a shared user the
  /// app does not declare, a user it is not installed for): listed (as info), proving nothing.
  case seedNotForApp = "seed-not-for-app"
  /// An Xcode result bundle that could not be read (no `xcrun` on this machine, or the tool
  /// failed): the finding names the commands to run on a Mac.
  case xcresultBundleUnread = "xcresult-bundle-unread"
  /// The `summary` and `tests` JSON of one run disagree on how many tests ran or how they ended.
  case xcresultMismatch = "xcresult-mismatch"
  /// A file in a format StateProof knows but does not read (AGP's `test-result.pb`,
  /// xcresulttool's `test-details`): listed with the form to give instead.
  case unsupportedEvidence = "unsupported-evidence"
  /// Evidence names another app version or variant than the configured build under test: it
  /// proves nothing for this release.
  case wrongBuild = "wrong-build"
  /// With no build configured, a platform's evidence names more than one build.
  case mixedBuilds = "mixed-builds"
  /// Evidence older than the configured window, measured back from the newest evidence or from
  /// `--built-at`: it proves nothing for this release.
  case staleEvidence = "stale-evidence"
  /// More than one configuration could apply (the working folder's, one at the top of an
  /// evidence path) and they differ: the report names the one it used and the one it did not.
  case configShadowed = "config-shadowed"
  /// A screenshot claimed for a row by its name that Apple's attachments manifest (or
  /// xcresulttool's activities) says was taken in a test not matched to the row: it proves
  /// nothing for the row.
  case screenshotFromOtherTest = "screenshot-from-other-test"
  /// With `perDevice`, or for the receipt on release devices, evidence that names no device: it
  /// proves no device, and the finding says how its producer records one.
  case deviceUnknown = "device-unknown"
  /// A seed log whose lines include the app's own block (or that holds no block and no line at
  /// all) but no runtime permission line of the app: it proves no row, and says why.
  case seedWithoutPermissionLines = "seed-without-permission-lines"
  /// A seed log that holds no line of the app and says why: dumpsys printed `Unable to find
  /// package: NAME`, so the seed step read back a package the device does not have (the app not
  /// installed, or another name than the configured `appId`).
  case seedPackageNotFound = "seed-package-not-found"
  /// The app's target SDK and the evidence disagree: a read-back's `targetSdk=` differs from the
  /// configured one (or from another read-back's), or a read-back shows a state the app's target
  /// makes unreachable.
  case targetSdkConflict = "target-sdk-conflict"
  /// A row proven by a read-back whose shape is UNVERIFIED (read off source code, never seen on
  /// a device): the message says what capture would settle it.
  case unverifiedProof = "unverified-proof"
  /// The app's own files declare a permission (a `<uses-permission>`, an `Info.plist` privacy
  /// key) that the sign-off neither covers nor excludes with a reason: a state the app can reach
  /// that nobody tested.
  case declaredNotCovered = "declared-not-covered"
  /// The sign-off covers a permission the app's own files never declare: its rows prove nothing
  /// about this app (`pm grant` refuses an undeclared permission; iOS refuses the request).
  case coveredNotDeclared = "covered-not-declared"
  /// With `--baseline`, a permission the app declares that the last sign-off's app did not.
  case declarationChanged = "declaration-changed"
  /// Files of different builds of the app declare different permissions (a release APK and a
  /// debug device's read-back): the report says which it decided on.
  case declarationsDisagree = "declarations-disagree"
  /// A glob of the configuration (a platform's `evidence`, a row's `screenshots` or `seeds`, a
  /// row's `tests` selector while its others matched) that matched nothing in the evidence: the
  /// message names the evidence paths it was tried against.
  case globMatchedNothing = "glob-matched-nothing"
}
