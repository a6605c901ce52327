/// One file as `verify` saw it: its path (relative to the report folder or to its evidence
/// path), what it found, and the size and SHA-256 recorded and found. Files are told apart and
/// sorted by their paths' bytes (``PathKey``), never by canonical `String` equality.
public struct VerifiedFile: Codable, Sendable, Hashable, Comparable {
  public var path: String
  public var state: FileState
  public var recordedBytes: Int?
  public var recordedSHA256: String?
  public var currentBytes: Int?
  public var currentSHA256: String?
  /// Why, when the state needs a reason: why a report file could not be made again
  /// (`not-checked`), or what listed a file that is `missing`.
  public var note: String?

  public init(
    path: String, state: FileState, recordedBytes: Int? = nil, recordedSHA256: String? = nil,
    currentBytes: Int? = nil, currentSHA256: String? = nil, note: String? = nil
  ) {
    self.note = note
    self.path = path
    self.state = state
    self.recordedBytes = recordedBytes
    self.recordedSHA256 = recordedSHA256
    self.currentBytes = currentBytes
    self.currentSHA256 = currentSHA256
  }

  /// Compares a recorded file with the one found now (either may be absent, not both). A file
  /// the report could not hash has nothing to be compared with, whatever is there now.
  package init(path: String, recorded: (bytes: Int, sha256: String?)?, current: (bytes: Int, sha256: String?)?) {
    let state: FileState
    switch (recorded, current) {
    case (nil, _): state = .new
    case (let recorded?, _) where recorded.sha256 == nil: state = .notHashed
    case (_, nil): state = .missing
    case let (recorded?, current?):
      state = recorded.sha256 == current.sha256 && recorded.bytes == current.bytes ? .unchanged : .changed
    }
    self.init(
      path: path, state: state, recordedBytes: recorded?.bytes, recordedSHA256: recorded?.sha256,
      currentBytes: current?.bytes, currentSHA256: current?.sha256)
  }

  public static func < (lhs: VerifiedFile, rhs: VerifiedFile) -> Bool {
    lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8)
  }
}
