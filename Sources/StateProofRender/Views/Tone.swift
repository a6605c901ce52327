import StateProofModel

/// How a row, receipt, finding or group reads at a glance: the colour and icon the report
/// templates give it, encoded as its word (`ok`, `info`, `warning`, `error`, `muted`).
enum Tone: String, Encodable, Sendable {
  case ok, info, warning, error, muted

  /// An open finding's tone: its severity's.
  init(_ severity: Severity) {
    switch severity {
    case .error: self = .error
    case .warning: self = .warning
    case .info: self = .info
    }
  }
}
