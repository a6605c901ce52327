/// One device the evidence names, however many ways it is spelled (`iPhone 16 (18.6)` in a JUnit
/// property and `iPhone 16` in an attachments manifest are one device), with every file that
/// names it and the release devices it counts as.
public struct SeenDevice: Codable, Sendable, Hashable, Comparable {
  /// The fullest spelling: the one that names the OS, when one does.
  public var name: String
  /// The other spellings evidence used for it, sorted.
  public var aliases: [String]
  /// The OS version the name gives (`14`, `18.6`); nil when no spelling gives one.
  public var os: String?
  /// Whether it is an Android emulator (`(AVD)`, `emulator-5554`, `sdk_gphone…`).
  public var emulator: Bool
  public var platform: Platform?
  /// The configured release devices it counts as; empty when it is none of them.
  public var releaseDevices: [String]
  /// Every file that names it, sorted.
  public var files: [FileReference]

  public init(
    name: String, aliases: [String], os: String?, emulator: Bool, platform: Platform?,
    releaseDevices: [String], files: [FileReference]
  ) {
    self.name = name
    self.aliases = aliases.sorted()
    self.os = os
    self.emulator = emulator
    self.platform = platform
    self.releaseDevices = releaseDevices
    self.files = files.sorted()
  }

  public static func < (lhs: SeenDevice, rhs: SeenDevice) -> Bool {
    (lhs.name, lhs.aliases.joined(separator: "\n")) < (rhs.name, rhs.aliases.joined(separator: "\n"))
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(aliases, forKey: .aliases)
    try container.encode(os, forKey: .os)
    try container.encode(emulator, forKey: .emulator)
    try container.encode(platform, forKey: .platform)
    try container.encode(releaseDevices, forKey: .releaseDevices)
    try container.encode(files, forKey: .files)
  }
}
