/// What a discovered file holds, decided from its content rather than its name.
public enum FileKind: String, Codable, Sendable, CaseIterable {
  /// JUnit XML (root `testsuites` or `testsuite`).
  case junit
  /// Text holding dumpsys permission lines, e.g. the seed script's output.
  case seedLog = "seed-log"
  /// JSON lines written by `stateproof seed-check --record`.
  case seedRecord = "seed-record"
  /// An image (PNG, JPEG, HEIC), or a file named like one.
  case screenshot
  /// An `xcresulttool export attachments` manifest.
  case attachmentManifest = "attachment-manifest"
  /// JSON that `xcrun xcresulttool get test-results` printed (`tests`, `summary`, `activities`),
  /// recognised by its keys whatever the file is called.
  case xcresultJSON = "xcresult-json"
  /// An Xcode result bundle (a `*.xcresult` folder, or a folder of another name holding a
  /// bundle's `Info.plist` and `Data/` or `database.sqlite3`): read by StateProof's own reader or
  /// through `xcrun xcresulttool`, never walked into as ordinary files.
  case xcresultBundle = "xcresult-bundle"
  /// A test runner's own record of where a test ran: Marathon's per-test result
  /// (`test_result/<pool>/<serial>/<test>.json`) or device (`devices/<pool>/<serial>.json`),
  /// naming the device its JUnit per pool does not.
  case runnerRecord = "runner-record"
  /// A format StateProof knows but does not read (AGP's `test-result.pb`, xcresulttool's
  /// `test-details` or `get object --legacy` output): listed with what to give instead.
  case unsupported
  /// An app's own declarations: a merged `AndroidManifest.xml`, an APK or App Bundle, `aapt2
  /// dump` output, or a built app's `Info.plist` (in a `.app` folder or an `.ipa`).
  case appManifest = "app-manifest"
  /// A StateProof configuration file found among the evidence.
  case config
  /// StateProof's own output (a report file or a folder it wrote), found among
  /// the evidence: listed as ignored, never read, so a report cannot prove itself.
  case stateproofReport = "stateproof-report"
  /// A file that is none of the above; listed, never an error.
  case other
}
