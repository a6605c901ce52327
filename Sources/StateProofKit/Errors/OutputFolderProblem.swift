/// Why the report folder (`--out`, ``ReportRun/write(to:)``) cannot be written as asked; nothing
/// was written.
public enum OutputFolderProblem: Sendable, Hashable {
  /// The path cannot be resolved through its links.
  case unresolvable(PathProblem)
  /// The path cannot be looked at (`reason` is the system's message).
  case cannotInspect(reason: String)
  /// It is a file, which StateProof does not replace.
  case notAFolder
  /// The folder cannot be listed.
  case cannotList(reason: String)
  /// The folder holds these files, none written by StateProof, and no marker.
  case foreignFiles([String])
  /// The folder holds this file (relative to it), which its marker does not list.
  case foreignFile(String)
  /// The folder's marker cannot be trusted.
  case marker(MarkerProblem)
  /// The folder is, or lies inside, the evidence path `root`.
  case insideEvidence(root: String)
  /// The folder holds the evidence path `root`.
  case holdsEvidence(root: String)
  /// Another run has held the lock on the folder (the path is the folder locked) this long.
  case busy(seconds: Int)
}
