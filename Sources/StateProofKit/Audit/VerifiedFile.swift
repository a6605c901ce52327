import StateProofModel

/// One file as `verify` saw it: its path (relative to the report folder or to its evidence
/// path), what it found, and the size and SHA-256 recorded and found. Files are told apart and
/// sorted by their paths' bytes (``PathKey``), never by canonical `String` equality.
public struct VerifiedFile: Codable, Sendable, Hashable, Comparable {
  public var path: String
  public var state: FileState
  public var recordedBytes: Int?
  public var recordedSHA256: String? {
    get { recordedDigest?.text }
    set { recordedDigest = newValue.map(DigestText.init) }
  }
  public var currentBytes: Int?
  public var currentSHA256: String? {
    get { currentDigest?.text }
    set { currentDigest = newValue.map(DigestText.init) }
  }
  /// The SHA-256s' storage, 32 bytes each inline: `verify` of 1,000,000 files holds one of these
  /// per file.
  private var recordedDigest: DigestText?
  private var currentDigest: DigestText?
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
    self.recordedDigest = recordedSHA256.map(DigestText.init)
    self.currentBytes = currentBytes
    self.currentDigest = currentSHA256.map(DigestText.init)
  }

  private enum CodingKeys: String, CodingKey {
    case path, state, recordedBytes, recordedSHA256, currentBytes, currentSHA256, note
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      path: try container.decode(String.self, forKey: .path),
      state: try container.decode(FileState.self, forKey: .state),
      recordedBytes: try container.decodeIfPresent(Int.self, forKey: .recordedBytes),
      recordedSHA256: try container.decodeIfPresent(String.self, forKey: .recordedSHA256),
      currentBytes: try container.decodeIfPresent(Int.self, forKey: .currentBytes),
      currentSHA256: try container.decodeIfPresent(String.self, forKey: .currentSHA256),
      note: try container.decodeIfPresent(String.self, forKey: .note))
  }

  /// The keys a synthesized encoding writes: absent values are left out.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    try container.encode(state, forKey: .state)
    try container.encodeIfPresent(recordedBytes, forKey: .recordedBytes)
    try container.encodeIfPresent(recordedSHA256, forKey: .recordedSHA256)
    try container.encodeIfPresent(currentBytes, forKey: .currentBytes)
    try container.encodeIfPresent(currentSHA256, forKey: .currentSHA256)
    try container.encodeIfPresent(note, forKey: .note)
  }

  /// Compares a recorded file with the one found now (either may be absent, not both). A file
  /// the report could not hash has nothing to be compared with, whatever is there now.
  package init(path: String, recorded: (bytes: Int, sha256: String?)?, current: (bytes: Int, sha256: String?)?) {
    let state: FileState
    switch (recorded, current) {
    case (nil, _): state = .new
    case (let recorded?, _) where recorded.sha256 == nil: state = .notHashed
    case (_, nil): state = .missing
    case (let recorded?, let current?):
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
