/// One `dumpsys sensor_privacy` output found in a log, and the switches it shows.
package struct SensorPrivacyCapture: Sendable, Hashable {
  /// The 1-based lines it spans.
  package var firstLine: Int
  package var lastLine: Int
  package var entries: [SensorPrivacyEntry]

  package init(firstLine: Int, lastLine: Int, entries: [SensorPrivacyEntry]) {
    self.firstLine = firstLine
    self.lastLine = lastLine
    self.entries = entries
  }

  /// What the capture says of `sensor` for `user`: an entry's state, or, when it has none, that
  /// the switch was never turned off (Android 13+ prints only switches that were set
  /// [A:SPSCI]; 12 prints a sensor only once it was set [A:SPS12]).
  package func state(of sensor: Int, user: Int) -> (blocked: Bool?, text: String) {
    let entry = entries.last { $0.sensor == sensor && ($0.user ?? 0) == user }
    guard let entry else {
      return (
        false,
        "dumpsys sensor_privacy (line \(firstLine)): no entry for sensor=\(sensor), user \(user): never switched off"
      )
    }
    return (
      entry.blocked,
      "dumpsys sensor_privacy line \(entry.line): user_id=\(entry.user.map(String.init) ?? "none") \(entry.text)"
    )
  }

  /// How far the capture is from line `line`, for pairing a permission line with the capture
  /// printed beside it.
  package func distance(to line: Int) -> Int {
    line < firstLine ? firstLine - line : line > lastLine ? line - lastLine : 0
  }
}
