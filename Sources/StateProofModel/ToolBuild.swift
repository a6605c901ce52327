/// The StateProof binary that made a report, beyond its version: so an auditor can fetch that
/// very binary again (the release of its version, checked by SHA-256) to verify the report with.
public struct ToolBuild: Codable, Sendable, Hashable {
  /// The commit it was built from; nil when it was built from a working copy (`swift build`)
  /// rather than by `scripts/release` or `scripts/install`.
  public var commit: String?
  /// The SHA-256 of the executable that ran; nil when the report was made through the library
  /// (the executable is the caller's).
  public var executableSHA256: String?

  public init(commit: String?, executableSHA256: String?) {
    self.commit = commit
    self.executableSHA256 = executableSHA256
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(commit, forKey: .commit)
    try container.encode(executableSHA256, forKey: .executableSHA256)
  }
}
