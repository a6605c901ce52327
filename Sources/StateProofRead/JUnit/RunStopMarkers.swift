import StateProofModel

/// The phrases producers write when a test run stopped before it finished, looked for in a
/// suite's `system-err` and in failure and error messages. Each is specific to a test runner's
/// own report of a stop, so ordinary log output (Gradle JVM tests print their logs to
/// `system-err`) does not match.
enum RunStopMarkers {
  static let phrases: [[UInt8]] = [
    // Android: ddmlib and UTP (AGP's connected tests), the package manager's install errors.
    "Test run failed to complete",
    "Test failed to run to completion",
    "Instrumentation run failed",
    "INSTRUMENTATION_FAILED",
    "Process crashed",
    "Failed to install split APK",
    "Failed to install APK",
    "INSTALL_FAILED_",
    "INSTALL_PARSE_FAILED_",
    // Xcode: xcodebuild's restart, and the runner errors xcresult converters pass on.
    "Restarting after unexpected exit",
    "Early unexpected exit",
    "crashed with signal",
    "test runner exited",
    "Test runner exited",
    "test runner hung",
    "Test runner hung",
  ].map { Array($0.utf8) }

  /// The longest phrase, in bytes: a phrase split across two pieces of text lies within this
  /// many bytes of the split.
  static let longest = phrases.map(\.count).max() ?? 0

  /// The offset of the earliest phrase in `bytes`, or nil when none is there.
  static func firstMatch(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var earliest: Int?
    for phrase in phrases {
      let found = phrase.withUnsafeBytes { ByteSearch.firstOffset(of: $0, in: UnsafeRawBufferPointer(bytes)) }
      if let found, earliest.map({ found < $0 }) ?? true { earliest = found }
    }
    return earliest
  }
}
