/// Why `seed-check` could not decide.
public enum SeedCheckProblem: Sendable, Hashable {
  /// The dumpsys output does not show what was asked (`reason` says what is missing).
  case check(reason: String)
  /// `--want-version` was given but the output prints no versionName for the package.
  case noVersionName(wanted: String, package: String?)
}
