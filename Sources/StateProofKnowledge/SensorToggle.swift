/// The Android 12+ privacy switches that cut a sensor off for every app while its permission
/// stays granted, as `dumpsys sensor_privacy` numbers them.
/// [A:SPPROTO] SensorPrivacySensorProto.Sensor { UNKNOWN = 0; MICROPHONE = 1; CAMERA = 2 }
package enum SensorToggle: Int, Sendable, Hashable, CaseIterable {
  case microphone = 1
  case camera = 2

  /// The name `cmd sensor_privacy` takes, `camera` or `microphone` [A:SPS].
  package var name: String {
    switch self {
    case .microphone: "microphone"
    case .camera: "camera"
    }
  }
}

extension SensorToggle {
  /// `adb shell cmd sensor_privacy enable 0 NAME`: the switch off for user 0, the sensor cut off
  /// [A:SPS12], [A:SPS].
  package var switchOff: String { "adb shell cmd sensor_privacy enable 0 \(name)" }
  /// `adb shell cmd sensor_privacy disable 0 NAME`: the switch back on, as every state but
  /// `sensor-off` needs it; it exits 0 where the device has no switch.
  package var switchOn: String { "adb shell cmd sensor_privacy disable 0 \(name)" }
}
