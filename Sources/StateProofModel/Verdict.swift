/// The sign-off answer: ready only when no error-level finding remains.
public enum Verdict: String, Codable, Sendable {
  case ready
  case notReady = "not-ready"
}
