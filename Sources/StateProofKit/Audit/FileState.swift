/// What `verify` found for one file, against what the report recorded for it.
public enum FileState: String, Codable, Sendable, CaseIterable {
  /// Same size and SHA-256 as recorded.
  case unchanged
  /// There, with other bytes than recorded.
  case changed
  /// Recorded, and not there now.
  case missing
  /// There now, and not recorded.
  case new
  /// The report could not hash it (it could not be read, or changed while read): there is
  /// nothing to compare it with, as the report says.
  case notHashed = "not-hashed"
  /// The report read it and used what it held (`status: read`), yet recorded no SHA-256 for it:
  /// the decision rests on bytes nobody can check, so `verify` fails.
  case unhashedEvidence = "unhashed-evidence"
  /// Recorded under an evidence path that was not given to `verify`: not looked for.
  case notChecked = "not-checked"

  /// Whether this state makes `verify` fail.
  public var differs: Bool {
    switch self {
    case .unchanged, .notHashed: false
    case .changed, .missing, .new, .unhashedEvidence, .notChecked: true
    }
  }
}
