/// Why ``ScratchFolder`` made no temporary folder: each names the path and says what to do.
package enum ScratchFolderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// StateProof's private folder (`$TMPDIR/stateproof-scratch-<uid>`) is there but is not one
  /// this user alone owns: a link, not a folder, or another user's. It is used only when it is.
  case notPrivate(path: String, reason: String)
  /// A folder or the run's lock file could not be made; `reason` is the system's message.
  case cannotCreate(path: String, reason: String)

  package var description: String {
    switch self {
    case .notPrivate(let path, let reason):
      "\(path) is \(reason); StateProof keeps its temporary files only in a folder of this user's own there (remove it, or set TMPDIR to another folder)"
    case .cannotCreate(let path, let reason): "\(path) could not be made: \(reason)"
    }
  }
}
