/// One input file as the auditor sees it: where it was found, what it is, its size and hash.
public struct FileRecord: Codable, Sendable, Hashable, Comparable {
  /// The evidence path given on the command line that this file was found under.
  public var root: String
  /// The path relative to `root` (the file's own name when `root` is the file).
  public var path: String
  public var kind: FileKind
  public var bytes: Int
  public var sha256: String
  public var status: ReadStatus
  /// What went wrong reading it, naming line and column where known.
  public var error: String?
  /// Every device the file names (a JUnit `device` property, an AGP device folder, a manifest's
  /// `deviceName`), sorted; whether or not its evidence proves anything.
  public var devices: [String]
  /// What the file was recognised as, more closely than `kind`: the JUnit dialect (`xcpretty`,
  /// `agp-connected`), the xcresulttool command that printed it, the tool that read a bundle and
  /// its version; nil when there is nothing to add.
  public var format: String?

  public init(
    root: String, path: String, kind: FileKind, bytes: Int, sha256: String,
    status: ReadStatus = .read, error: String? = nil, devices: [String] = [], format: String? = nil
  ) {
    self.root = root
    self.path = path
    self.kind = kind
    self.bytes = bytes
    self.sha256 = sha256
    self.status = status
    self.error = error
    self.devices = Array(Set(devices)).sorted()
    self.format = format
  }

  public static func < (lhs: FileRecord, rhs: FileRecord) -> Bool {
    (lhs.root, lhs.path) < (rhs.root, rhs.path)
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(root, forKey: .root)
    try container.encode(path, forKey: .path)
    try container.encode(kind, forKey: .kind)
    try container.encode(bytes, forKey: .bytes)
    try container.encode(sha256, forKey: .sha256)
    try container.encode(status, forKey: .status)
    try container.encode(error, forKey: .error)
    try container.encode(devices, forKey: .devices)
    try container.encode(format, forKey: .format)
  }
}
