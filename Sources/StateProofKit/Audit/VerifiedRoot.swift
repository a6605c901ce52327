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

  /// Compares the files a report recorded under one evidence path with those found under the
  /// path it is checked at now: both in the order of their paths' bytes (two names that differ
  /// only in Unicode normalisation are two files), merged, so no table keyed by path is built
  /// for a list of a million files.
  package init(
    recorded root: String, checkedAt: String?, recordedFiles: some Collection<FileRecord>,
    currentFiles: some Collection<FileRecord>
  ) {
    let recorded = Self.byPath(recordedFiles).map { recordedFiles[$0] }
    let current = checkedAt == nil ? [] : Self.byPath(currentFiles).map { currentFiles[$0] }
    var files: [VerifiedFile] = []
    files.reserveCapacity(Swift.max(recorded.count, current.count))
    var (next, nextCurrent) = (0, 0)
    while next < recorded.count || nextCurrent < current.count {
      let file = next < recorded.count ? recorded[next] : nil
      let now = nextCurrent < current.count ? current[nextCurrent] : nil
      // The earlier path of the two; each path is taken once (the first record of a path given twice).
      let path: String
      if let file, now.map({ !$0.path.utf8.lexicographicallyPrecedes(file.path.utf8) }) ?? true {
        path = file.path
        let found = now.map { $0.path.utf8.elementsEqual(file.path.utf8) } == true ? now : nil
        if checkedAt == nil {
          files.append(
            VerifiedFile(path: file.path, state: .notChecked, recordedBytes: file.bytes, recordedSHA256: file.sha256))
        } else {
          files.append(
            VerifiedFile(path: file.path, recorded: (file.bytes, file.sha256), current: found.map { ($0.bytes, $0.sha256) }))
        }
      } else if let now {
        path = now.path
        files.append(VerifiedFile(path: now.path, recorded: nil, current: (now.bytes, now.sha256)))
      } else {
        break
      }
      while next < recorded.count, recorded[next].path.utf8.elementsEqual(path.utf8) { next += 1 }
      while nextCurrent < current.count, current[nextCurrent].path.utf8.elementsEqual(path.utf8) { nextCurrent += 1 }
    }
    self.init(recorded: root, checkedAt: checkedAt, files: files)
  }

  /// The indices of `files` in the order of their paths' bytes, stably (a path given twice
  /// keeps its first first).
  private static func byPath<Files: Collection<FileRecord>>(_ files: Files) -> [Files.Index] {
    files.indices.sorted { lhs, rhs in
      let (left, right) = (files[lhs].path.utf8, files[rhs].path.utf8)
      return left.lexicographicallyPrecedes(right) || (left.elementsEqual(right) && lhs < rhs)
    }
  }

  /// Whether anything here makes `verify` fail: a file that differs, or the path not checked.
  public var differs: Bool { files.contains { $0.state.differs } }
}
