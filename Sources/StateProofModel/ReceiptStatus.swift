/// Whether a platform's receipt (the one test that taps the real system prompt) passed.
public enum ReceiptStatus: String, Codable, Sendable {
  case passed
  case failed
  case missing
}
