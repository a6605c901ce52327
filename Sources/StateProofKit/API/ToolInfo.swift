import StateProofSystem

/// What `stateproof --version --json` prints: the version, the commit and build date of a
/// released binary (null in a working copy), and each optional library it looked for.
public struct ToolInfo: Sendable, Hashable, Encodable {
  public var version: String
  public var commit: String?
  public var builtAt: String?
  public var libraries: [Library]

  /// One optional library: whether it was found (and its version), the package that provides
  /// it, and what it is for.
  public struct Library: Sendable, Hashable, Encodable {
    public var name: String
    public var found: Bool
    public var version: String?
    public var package: String
    public var purpose: String

    init(_ library: OptionalLibrary) {
      name = library.rawValue
      version = library.version
      found = version != nil
      package = library.package
      purpose = library.purpose
    }

    private enum CodingKeys: String, CodingKey { case name, found, version, package, purpose }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(found, forKey: .found)
      try container.encode(version, forKey: .version)
      try container.encode(package, forKey: .package)
      try container.encode(purpose, forKey: .purpose)
    }
  }

  public init(version: String, commit: String?, builtAt: String?, libraries: [Library]) {
    self.version = version
    self.commit = commit
    self.builtAt = builtAt
    self.libraries = libraries
  }

  private enum CodingKeys: String, CodingKey { case version, commit, builtAt, libraries }

  /// Every key, `null` included.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(version, forKey: .version)
    try container.encode(commit, forKey: .commit)
    try container.encode(builtAt, forKey: .builtAt)
    try container.encode(libraries, forKey: .libraries)
  }
}
