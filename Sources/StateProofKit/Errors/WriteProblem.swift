/// What failed while StateProof wrote its own files (the report folder, the bundle, a starter
/// configuration, a job summary); the system's message is `reason`.
public enum WriteProblem: Sendable, Hashable {
  case create(reason: String)
  /// Opening it failed; `name` is what messages call it (`GITHUB_STEP_SUMMARY`).
  case open(name: String?, reason: String)
  case write(reason: String)
  /// A write to an open file or stream failed (`hint` says what usually causes it).
  case writeTo(reason: String, hint: String)
  /// Moving the finished report folder into place failed.
  case moveReport(reason: String)
  /// Moving the finished bundle into place failed.
  case moveBundle(reason: String)
  /// Moving the file `name` into the folder failed.
  case move(name: String, reason: String)
  /// Hashing the file `name` in the folder failed.
  case hash(name: String, reason: String)
  /// Writing the report into the folder failed.
  case writeReport(reason: String)
  /// Writing the folder's marker failed.
  case writeMarker(reason: String)
  /// Encoding the file's content failed.
  case encode(reason: String)
  /// The screenshot at the path could not be copied into the report.
  case copyScreenshot(reason: String)
  /// The screenshot at the path changed between reading and copying.
  case screenshotChanged(whenRead: String, whenCopied: String)
  /// The file exists and replacing it was not asked for.
  case exists
  /// The path can only name a folder (it ends in `/`, or is `.` or `..`), where a file is written.
  case namesFolder
  /// The progress lines could not be written (`reason` is the whole message).
  case progress(reason: String)
}
