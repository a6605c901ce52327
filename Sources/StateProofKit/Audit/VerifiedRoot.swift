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
  /// path it is checked at now.
  package init(recorded root: String, checkedAt: String?, recordedFiles: [FileRecord], currentFiles: [FileRecord]) {
    // By the paths' bytes: two names that differ only in Unicode normalisation are two files.
    var current: [PathKey: FileRecord] = [:]
    for file in currentFiles { current[PathKey(file.path)] = file }
    var files: [VerifiedFile] = []
    var seen: Set<PathKey> = []
    for file in recordedFiles where seen.insert(PathKey(file.path)).inserted {
      guard checkedAt != nil else {
        files.append(
          VerifiedFile(path: file.path, state: .notChecked, recordedBytes: file.bytes, recordedSHA256: file.sha256))
        continue
      }
      let now = current[PathKey(file.path)]
      files.append(
        VerifiedFile(path: file.path, recorded: (file.bytes, file.sha256), current: now.map { ($0.bytes, $0.sha256) }))
    }
    for file in currentFiles where seen.insert(PathKey(file.path)).inserted {
      files.append(VerifiedFile(path: file.path, recorded: nil, current: (file.bytes, file.sha256)))
    }
    self.init(recorded: root, checkedAt: checkedAt, files: files)
  }

  /// Whether anything here makes `verify` fail: a file that differs, or the path not checked.
  public var differs: Bool { files.contains { $0.state.differs } }
}
