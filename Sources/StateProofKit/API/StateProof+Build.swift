import StateProofSystem

extension StateProof {
  /// The git commit this binary was built from: `scripts/release` and `scripts/install` write it
  /// here in the copy they build; nil in a working copy (`swift build`).
  public static let commit: String? = nil
  /// When that commit was made (ISO 8601, UTC), written beside it; nil in a working copy.
  public static let builtAt: String? = nil

  /// What this binary is and what it can read: `stateproof --version --json`.
  public static var toolInfo: ToolInfo {
    ToolInfo(
      version: version, commit: commit, builtAt: builtAt,
      libraries: OptionalLibrary.onThisPlatform.map(ToolInfo.Library.init))
  }

  /// Where StateProof's source and release files are published: each version's tag `vVERSION`
  /// and its release files (`stateproof-VERSION-linux-x86_64.tar.gz` with `SHA256SUMS`), so the
  /// version a report names can be fetched again to verify it.
  public static let repository = "https://github.com/stateproof/stateproof"

  /// How to get the StateProof version that made a report, in words: its tag and release file,
  /// and the binary's SHA-256 to check it by when the report recorded one.
  public static func howToGet(version: String, build: ToolBuild?) -> String {
    var text =
      "get StateProof \(version) from \(repository)/releases/tag/v\(version) "
      + "(stateproof-\(version)-linux-x86_64.tar.gz, checked against its SHA256SUMS) or build tag v\(version) "
      + "with scripts/install"
    if let commit = build?.commit { text += " (commit \(commit))" }
    if let sha = build?.executableSHA256 { text += "; the binary that made it has SHA-256 \(sha)" }
    return text
  }
}
