/// The evidence window a report checked every piece of evidence against (`"window": "48h"`):
/// what it was measured back from and the time before which evidence proves nothing.
public struct WindowCheck: Codable, Sendable, Hashable {
  /// What the window is measured back from.
  public enum Reference: String, Codable, Sendable, Hashable {
    /// The candidate's build time, `--built-at`.
    case builtAt = "built-at"
    /// The newest time any evidence names.
    case newestEvidence = "newest-evidence"
  }

  public var window: EvidenceWindow
  public var reference: Reference
  /// The time it is measured back from; nil when no evidence names a time (and no `--built-at`).
  public var from: EvidenceTime?
  /// Evidence collected before this instant (UTC) lies outside the window; nil with `from`.
  public var cutoff: String?

  public init(window: EvidenceWindow, reference: Reference, from: EvidenceTime?) {
    self.window = window
    self.reference = reference
    self.from = from
    cutoff = from.map { EvidenceTime.iso($0.earliest - window.seconds) }
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(window, forKey: .window)
    try container.encode(reference, forKey: .reference)
    try container.encode(from, forKey: .from)
    try container.encode(cutoff, forKey: .cutoff)
  }
}
