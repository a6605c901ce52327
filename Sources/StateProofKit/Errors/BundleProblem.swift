/// Why the evidence bundle (`--bundle`) cannot be written as asked.
public enum BundleProblem: Sendable, Hashable {
  /// The path cannot be resolved through its links.
  case unresolvable(PathProblem)
  /// The path can only name a folder (it ends in `/`, or is `.` or `..`), not the bundle's file.
  case namesFolder
  /// The folder it would be written in does not exist.
  case noFolder(String)
  /// The folder it would be written in cannot be written.
  case folderNotWritable(String)
  /// It would lie inside the evidence path `root`.
  case insideEvidence(root: String)
  /// It would lie inside the report folder it bundles.
  case insideReportFolder(String)
  /// A file is there that is not a bundle StateProof wrote.
  case notABundle
  /// The archive could not be written (`reason` says why).
  case archive(reason: String)
  /// Two evidence paths would unpack to the same folder `folder` of the bundle.
  case sameFolder(first: String, second: String, folder: String)
  /// Two evidence files would be the same entry `name`.
  case sameEntry(name: String)
  /// The evidence path `inner` lies inside `outer`.
  case nestedEvidencePaths(inner: String, outer: String)
  /// The file `member` of a result bundle cannot be packed as it is (`reason` says why).
  case resultBundleMember(member: String, reason: String)
}
