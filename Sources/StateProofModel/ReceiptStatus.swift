/// Whether a platform's receipt (the one test that taps the real system prompt) passed.
public enum ReceiptStatus: String, Codable, Sendable {
  case passed
  /// It passed, but not on a release device (or the device is unknown).
  case offReleaseDevice = "off-release-device"
  case failed
  case missing
}
