import StateProofSystem

/// One input file as the auditor sees it: where it was found, what it is, its size and hash.
public struct FileRecord: Codable, Sendable, Hashable, Comparable {
  /// The evidence path given on the command line that this file was found under.
  public var root: String
  /// The path relative to `root` (the file's own name when `root` is the file).
  public var path: String
  public var kind: FileKind
  public var bytes: Int
  /// SHA-256 of the file's bytes, 64 lowercase hex digits; nil when the file was not hashed (it
  /// could not be opened, it is StateProof's own output, or it changed while it was read). A
  /// result bundle's is its tree's (`ResultBundleTree`), and its ``bytes`` its files' total.
  /// `report.json` writes an empty string for nil.
  public var sha256: String? {
    get { digest?.text }
    set { digest = newValue.map(DigestText.init) }
  }
  /// ``sha256``'s storage: 32 bytes inline rather than 64 characters on the heap per file.
  private var digest: DigestText?
  public var status: ReadStatus
  /// What went wrong reading it, or why an ignored file was not read.
  public var error: FileError?
  /// Every device the file names (a JUnit `device` property, an AGP device folder, a manifest's
  /// `deviceName`), sorted; whether or not its evidence proves anything.
  public var devices: [String]
  /// What the file was recognised as, more closely than `kind`: the JUnit dialect (`xcpretty`,
  /// `agp-connected`), the xcresulttool command that printed it (its ``XCResultCommand/commandLine``),
  /// the tool that read a bundle and its version; nil when there is nothing to add. Setting it
  /// clears ``xcresultCommand``.
  public var format: String? {
    get { command?.commandLine ?? formatText }
    set {
      formatText = newValue
      command = nil
    }
  }
  /// The xcresulttool command that printed the file, for xcresulttool JSON; nil for other files.
  /// `report.json` writes it as ``format``.
  public var xcresultCommand: XCResultCommand? {
    get { command }
    set {
      command = newValue
      if newValue != nil { formatText = nil }
    }
  }
  /// ``format``'s storage: the text, or the command it writes.
  private var formatText: String?
  private var command: XCResultCommand?
  /// The builds of the app the file names (a `dumpsys package` block's version, AGP's variant
  /// folder), sorted; empty when it names none.
  public var builds: [BuildIdentity] = []
  /// The first and last time the file names (its suites' `timestamp`, an Xcode run's start and
  /// finish, its attachments' `timestamp`); nil when it names none.
  public var time: EvidenceSpan? {
    get { timeBox?.value }
    set { timeBox = newValue.map(Boxed.init) }
  }
  /// ``time``'s storage: most files name no time, and the span is large beside a pointer.
  private var timeBox: Boxed<EvidenceSpan>?

  public init(
    root: String, path: String, kind: FileKind, bytes: Int, sha256: String?,
    status: ReadStatus = .read, error: FileError? = nil, devices: [String] = [], format: String? = nil
  ) {
    self.root = root
    self.path = path
    self.kind = kind
    self.bytes = bytes
    self.digest = sha256.map(DigestText.init)
    self.status = status
    self.error = error
    self.devices = Array(Set(devices)).sorted()
    self.formatText = format
    self.command = nil
  }

  /// By root, then path, each compared as bytes (as ``PathKey`` compares them), without
  /// copying them: `verify` checks the order of a million records this way.
  public static func < (lhs: FileRecord, rhs: FileRecord) -> Bool {
    lhs.root.utf8.elementsEqual(rhs.root.utf8)
      ? lhs.path.utf8.lexicographicallyPrecedes(rhs.path.utf8)
      : lhs.root.utf8.lexicographicallyPrecedes(rhs.root.utf8)
  }

  private enum CodingKeys: String, CodingKey {
    case root, path, kind, bytes, sha256, status, error, devices, format, builds, time
  }

  /// Reads what ``encode(to:)`` writes: an empty `sha256` is nil, and `error` is typed by the
  /// file's status and path (see ``FileError``).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    root = try container.decode(String.self, forKey: .root)
    path = try container.decode(String.self, forKey: .path)
    kind = try container.decode(FileKind.self, forKey: .kind)
    bytes = try container.decode(Int.self, forKey: .bytes)
    let hash = try container.decodeIfPresent(String.self, forKey: .sha256)
    digest = hash?.isEmpty == false ? hash.map(DigestText.init) : nil
    status = try container.decode(ReadStatus.self, forKey: .status)
    devices = try container.decodeIfPresent([String].self, forKey: .devices) ?? []
    let format = try container.decodeIfPresent(String.self, forKey: .format)
    // The schema writes the command as its command line: read it back as the command.
    command = XCResultCommand.allCases.first { $0.commandLine == format }
    formatText = command == nil ? format : nil
    builds = try container.decodeIfPresent([BuildIdentity].self, forKey: .builds) ?? []
    time = try container.decodeIfPresent(EvidenceSpan.self, forKey: .time)
    error = nil
    if let text = try container.decodeIfPresent(String.self, forKey: .error) {
      error = FileError(description: text, of: self)
    }
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(root, forKey: .root)
    try container.encode(path, forKey: .path)
    try container.encode(kind, forKey: .kind)
    try container.encode(bytes, forKey: .bytes)
    try container.encode(sha256 ?? "", forKey: .sha256)
    try container.encode(status, forKey: .status)
    try container.encode(error?.description, forKey: .error)
    try container.encode(devices, forKey: .devices)
    try container.encode(format, forKey: .format)
    try container.encode(builds, forKey: .builds)
    try container.encode(time, forKey: .time)
  }
}
