import StateProofModel
import StateProofSystem

/// One evidence path the report records, checked file by file where it is now.
public struct VerifiedRoot: Codable, Sendable, Hashable {
  /// The evidence path as the report records it.
  public var recorded: String
  /// Where it was checked now; nil when no path given to `verify` stands for it (its files were
  /// not checked, and that counts as a difference).
  public var checkedAt: String?
  /// Every file recorded or found, by path, sorted.
  public var files: [VerifiedFile]

  public init(recorded: String, checkedAt: String?, files: [VerifiedFile]) {
    self.recorded = recorded
    self.checkedAt = checkedAt
    self.files = files.sorted()
  }

  /// `files` as they are, sorted already by ``Merge``, so a list of a million is not copied.
  init(recorded: String, checkedAt: String?, sortedFiles files: [VerifiedFile]) {
    self.recorded = recorded
    self.checkedAt = checkedAt
    self.files = files
  }

  /// Compares the files a report recorded under one evidence path with those found under the
  /// path it is checked at now, each in any order (see ``Merge``).
  package init(
    recorded root: String, checkedAt: String?, recordedFiles: some Collection<FileRecord>,
    currentFiles: some Collection<FileRecord>
  ) {
    let current = Array(currentFiles)
    var merge = Merge(recorded: root, checkedAt: checkedAt, current: current, indices: Array(current.indices))
    // Stably: a path recorded twice keeps its first first.
    let recorded = recordedFiles.enumerated().sorted { lhs, rhs in
      let (left, right) = (lhs.element.path.utf8, rhs.element.path.utf8)
      return left.lexicographicallyPrecedes(right) || (left.elementsEqual(right) && lhs.offset < rhs.offset)
    }
    for file in recorded { merge.add(file.element) }
    self = merge.finish()
  }

  /// Whether anything here makes `verify` fail: a file that differs, or the path not checked.
  public var differs: Bool { files.contains { $0.state.differs } }
}
