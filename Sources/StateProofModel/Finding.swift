import StateProofSystem

/// One thing the report wants a reader to know, tied to the platform, row and files behind it.
public struct Finding: Codable, Sendable, Hashable, Comparable {
  public var code: FindingCode
  public var severity: Severity
  public var platform: Platform?
  public var row: RowID? {
    get { rowBox?.value }
    set { rowBox = newValue.map(Boxed.init) }
  }
  /// The device it is about: the release device a per-device row was checked on, the device a
  /// run stopped or a receipt ran on, the release device a device finding names; nil otherwise.
  public var device: String?
  public var message: String {
    get { parts.1.isEmpty && parts.2.isEmpty && parts.3.isEmpty ? parts.0 : parts.0 + parts.1 + parts.2 + parts.3 }
    set { parts = (newValue, "", "", "") }
  }
  public var files: [String] {
    get {
      switch fileList {
      case .one(let file): [file]
      case .many(let files): files
      }
    }
    set { fileList = newValue.count == 1 ? .one(newValue[0]) : .many(newValue) }
  }
  /// Set when a known gap was accepted (`--allow`, or `allow` in the configuration): the finding
  /// is still shown, with the reason, but no longer decides the verdict.
  public var accepted: Acceptance? {
    get { acceptedBox?.value }
    set { acceptedBox = newValue.map(Boxed.init) }
  }

  // The storage: a report of 1,000,000 unreadable files holds a finding for each, so the rare
  // fields are a pointer, one file is no array, and the message is kept in the parts it is
  // made of (shared with the file's record) until it is read.
  private var rowBox: Boxed<RowID>?
  private var parts: (String, String, String, String)
  private var fileList: FileList
  private var acceptedBox: Boxed<Acceptance>?

  /// ``files`` as kept: most findings name one file.
  private enum FileList: Sendable {
    case one(String)
    case many([String])
  }

  public init(
    code: FindingCode, severity: Severity, platform: Platform? = nil, row: RowID? = nil,
    device: String? = nil, message: String, files: [String] = []
  ) {
    self.init(
      code: code, severity: severity, platform: platform, row: row, device: device, joining: (message, "", "", ""),
      files: files)
  }

  /// A finding whose message is the four `parts` joined, kept apart until it is read: a
  /// message per file that repeats the file's path and a shared text holds neither again.
  package init(
    code: FindingCode, severity: Severity, platform: Platform? = nil, row: RowID? = nil,
    device: String? = nil, joining parts: (String, String, String, String), files: [String] = []
  ) {
    self.code = code
    self.severity = severity
    self.platform = platform ?? row?.platform
    self.rowBox = row.map(Boxed.init)
    self.device = device
    self.parts = parts
    self.fileList = files.count == 1 ? .one(files[0]) : .many(files.sorted())
  }

  public static func == (lhs: Finding, rhs: Finding) -> Bool {
    lhs.code == rhs.code && lhs.severity == rhs.severity && lhs.platform == rhs.platform && lhs.row == rhs.row
      && lhs.device == rhs.device && lhs.message == rhs.message && lhs.files == rhs.files
      && lhs.accepted == rhs.accepted
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(severity)
    hasher.combine(platform)
    hasher.combine(row)
    hasher.combine(device)
    hasher.combine(message)
    hasher.combine(files)
    hasher.combine(accepted)
  }

  /// By severity, then platform, row, code and message; `no-evidence` first among its severity,
  /// since every other gap follows from it.
  public static func < (lhs: Finding, rhs: Finding) -> Bool {
    (
      lhs.severity, lhs.code == .noEvidence ? 0 : 1, lhs.platform?.rawValue ?? "", lhs.row?.description ?? "",
      lhs.code.rawValue, lhs.message
    )
      < (
        rhs.severity, rhs.code == .noEvidence ? 0 : 1, rhs.platform?.rawValue ?? "", rhs.row?.description ?? "",
        rhs.code.rawValue, rhs.message
      )
  }

  private enum CodingKeys: String, CodingKey {
    case code, severity, platform, row, device, message, files, accepted
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      code: try container.decode(FindingCode.self, forKey: .code),
      severity: try container.decode(Severity.self, forKey: .severity),
      platform: try container.decodeIfPresent(Platform.self, forKey: .platform),
      row: try container.decodeIfPresent(RowID.self, forKey: .row),
      device: try container.decodeIfPresent(String.self, forKey: .device),
      message: "")
    // As written: the files' order and a platform with no row are kept, not made again.
    platform = try container.decodeIfPresent(Platform.self, forKey: .platform)
    files = try container.decode([String].self, forKey: .files)
    parts = Self.parts(of: try container.decode(String.self, forKey: .message), naming: files.first)
    accepted = try container.decodeIfPresent(Acceptance.self, forKey: .accepted)
  }

  /// The finding with its one file, and the message's part that names it, held as `path` when
  /// they are the same bytes: a report read back then holds each unreadable file's path once,
  /// in its record, rather than again in its finding.
  package mutating func share(path: String) {
    guard case .one(let file) = fileList, file.utf8.elementsEqual(path.utf8) else { return }
    fileList = .one(path)
    if parts.1.utf8.elementsEqual(path.utf8) { parts.1 = path }
  }

  /// `message` split around the first place it names `file`, the text either side shared with
  /// equal texts (``SharedText``): a report read back holds one message per unreadable file,
  /// "Could not read PATH:1:1: malformed XML: …", that way as the report that wrote it did.
  private static func parts(of message: String, naming file: String?) -> (String, String, String, String) {
    guard let file, !file.isEmpty, message.utf8.count > 15 else { return (message, "", "", "") }
    let (bytes, needle) = (Array(message.utf8), Array(file.utf8))
    let found = bytes.withUnsafeBytes { haystack in
      needle.withUnsafeBytes { needle in ByteSearch.firstOffset(of: needle, in: haystack) }
    }
    guard let start = found else { return (message, "", "", "") }
    let before = String(decoding: bytes[..<start], as: UTF8.self)
    let after = String(decoding: bytes[(start + file.utf8.count)...], as: UTF8.self)
    return (SharedText.shared(before), file, SharedText.shared(after), "")
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(code, forKey: .code)
    try container.encode(severity, forKey: .severity)
    try container.encode(platform, forKey: .platform)
    try container.encode(row, forKey: .row)
    try container.encode(device, forKey: .device)
    try container.encode(message, forKey: .message)
    try container.encode(files, forKey: .files)
    try container.encode(accepted, forKey: .accepted)
  }

  /// Whether the finding counts against the verdict: errors that nobody accepted.
  public var blocksRelease: Bool { severity == .error && accepted == nil }

  /// The identity used to compare findings across reports: what, where, and not the wording.
  public var key: String { "\(code.rawValue) \(platform?.rawValue ?? "-") \(row?.description ?? "-")" }
}
