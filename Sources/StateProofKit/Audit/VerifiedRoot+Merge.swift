import StateProofModel

extension VerifiedRoot {
  /// Compares the files a report recorded under one evidence path, handed one at a time in the
  /// order of their paths' bytes (as `report.json` lists them), with those found under the path
  /// it is checked at now, in the same order: merged, so `verify` holds neither the recorded list
  /// nor a table keyed by path for a report of a million files. Two names that differ only in
  /// Unicode normalisation are two files; of a path given twice, the first record counts.
  package struct Merge {
    private let recorded: String
    private let checkedAt: String?
    /// The files found now, and the order of their paths' bytes in it.
    private let current: [FileRecord]
    private let order: [Int]
    private var nextCurrent = 0
    private var files: [VerifiedFile] = []
    /// The path of the last recorded file taken.
    private var last: String?

    /// - Parameter current: The files found now at `checkedAt`, where `indices` of them are
    ///   this path's (in any order); none are looked at when `checkedAt` is nil.
    package init(recorded: String, checkedAt: String?, current: [FileRecord], indices: [Int]) {
      self.recorded = recorded
      self.checkedAt = checkedAt
      self.current = current
      // Stably: a path found twice keeps its first first.
      order =
        checkedAt == nil
        ? []
        : indices.sorted { lhs, rhs in
          let (left, right) = (current[lhs].path.utf8, current[rhs].path.utf8)
          return left.lexicographicallyPrecedes(right) || (left.elementsEqual(right) && lhs < rhs)
        }
      files.reserveCapacity(order.count)
    }

    /// Takes the next recorded file; its path must not sort before the last one's.
    package mutating func add(_ file: FileRecord) {
      if let last, last.utf8.elementsEqual(file.path.utf8) { return }
      last = file.path
      guard checkedAt != nil else {
        files.append(
          VerifiedFile(path: file.path, state: .notChecked, recordedBytes: file.bytes, recordedSHA256: file.sha256))
        return
      }
      takeCurrent { $0.utf8.lexicographicallyPrecedes(file.path.utf8) }
      var found: FileRecord?
      if nextCurrent < order.count, current[order[nextCurrent]].path.utf8.elementsEqual(file.path.utf8) {
        found = current[order[nextCurrent]]
        skipCurrent(found!.path)
      }
      // The path's text is the one found now, when it is there: one copy for both lists.
      var verified = VerifiedFile(
        path: found?.path ?? file.path, recorded: (file.bytes, file.sha256),
        current: found.map { ($0.bytes, $0.sha256) })
      if file.status == .read, file.sha256 ?? "" == "" {
        verified.state = .unhashedEvidence
        verified.note = "the report read it and used it, yet recorded no SHA-256: what it proved cannot be checked"
      }
      files.append(verified)
    }

    /// The root: every file recorded or found, in the order of their paths' bytes. The merge
    /// is done then: its list is handed over, not copied.
    package mutating func finish() -> VerifiedRoot {
      takeCurrent { _ in true }
      defer { files = [] }
      return VerifiedRoot(recorded: recorded, checkedAt: checkedAt, sortedFiles: files)
    }

    /// Takes the files found now whose paths are `before` the next recorded one's: each is `new`.
    private mutating func takeCurrent(while before: (String) -> Bool) {
      while nextCurrent < order.count, case let now = current[order[nextCurrent]], before(now.path) {
        files.append(VerifiedFile(path: now.path, recorded: nil, current: (now.bytes, now.sha256)))
        skipCurrent(now.path)
      }
    }

    /// Moves past the files found now at `path`.
    private mutating func skipCurrent(_ path: String) {
      while nextCurrent < order.count, current[order[nextCurrent]].path.utf8.elementsEqual(path.utf8) {
        nextCurrent += 1
      }
    }
  }
}
