/// Why a templates folder (`--templates`, `STATEPROOF_TEMPLATES`) cannot be used.
public enum TemplateFolderProblem: Sendable, Hashable {
  /// The path is not a folder.
  case notAFolder
  /// It lacks the file every shipped templates folder holds (`marker`).
  case notATemplatesFolder(marker: String)
  /// The template at `file` is not UTF-8 text.
  case notUTF8(file: String)
  /// The SHA-256 of the template at `file` could not be computed.
  case digestFailed(file: String)
}
