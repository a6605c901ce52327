/// One sensor's privacy switch for one user, as `dumpsys sensor_privacy` printed it.
package struct SensorPrivacyEntry: Sendable, Hashable {
  /// `user_id=`; nil when the dump gave none.
  package var user: Int?
  /// `sensor=`: 1 microphone, 2 camera [A:SPPROTO].
  package var sensor: Int
  /// True when the switch blocks the sensor (Android 12 `is_enabled=true`; 13+ `state_type=1`),
  /// false when it does not (`is_enabled=false`, `state_type=2`), nil when the state is one
  /// StateProof does not know (automotive allow-list states 3 to 5).
  package var blocked: Bool?
  /// The 1-based line of its `sensor=` field.
  package var line: Int
  /// The fields that decided, for people: `sensor=2 is_enabled=true`.
  package var text: String

  package init(user: Int?, sensor: Int, blocked: Bool?, line: Int, text: String) {
    self.user = user
    self.sensor = sensor
    self.blocked = blocked
    self.line = line
    self.text = text
  }
}
