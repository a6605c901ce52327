import StateProofModel

/// One evidence path the report records, checked file by file where it is now.
public struct VerifiedRoot: Codable, Sendable, Hashable {
  /// The evidence path as the report records it.
  public var recorded: String
  /// Where it was checked now; nil when no path given to `verify` stands for it (its files were
  /// not checked, and that counts as a difference).
  public var checkedAt: String?
  /// Every file recorded or found, by path, sorted.
  public var files: [VerifiedFile]
  /// How ``checkedAt`` was found when it is not a path given as it was: inside a folder given
  /// for it, or near a path given that holds none of the files the report cites there.
  public var note: String?
  /// Folders near the path given that hold some of the files the report cites there, when it
  /// holds none and no one folder holds them all: what the caller may have meant.
  public var didYouMean: [String]?

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

  /// Whether anything here makes `verify` fail: a file that differs, or the path not checked.
  public var differs: Bool { files.contains { $0.state.differs } }
}
