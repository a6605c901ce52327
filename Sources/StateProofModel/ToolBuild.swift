/// The StateProof binary that made a report, beyond its version: so an auditor can fetch that
/// very binary again (the release of its version, checked by SHA-256) to verify the report with.
public struct ToolBuild: Codable, Sendable, Hashable {
  /// The commit it was built from; nil when it was built from a working copy (`swift build`)
  /// rather than by `scripts/release` or `scripts/install`.
  public var commit: String?
  /// When that commit was made, as `scripts/release` stamps it (ISO 8601, UTC): the same for every
  /// build of the commit, so builds are reproducible; nil in a working copy.
  public var builtAt: String?
  /// The SHA-256 of the executable that ran; nil when the report was made through the library
  /// (the executable is the caller's).
  public var executableSHA256: String?
  /// The optional libraries the executable found (zstd, SQLite, libheif) and their versions:
  /// what it could read and show. Nil when the report was made through the library.
  public var libraries: [LibraryRecord]?

  public init(
    commit: String?, builtAt: String? = nil, executableSHA256: String?, libraries: [LibraryRecord]? = nil
  ) {
    self.commit = commit
    self.builtAt = builtAt
    self.executableSHA256 = executableSHA256
    self.libraries = libraries
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(commit, forKey: .commit)
    try container.encode(builtAt, forKey: .builtAt)
    try container.encode(executableSHA256, forKey: .executableSHA256)
    try container.encode(libraries, forKey: .libraries)
  }
}
