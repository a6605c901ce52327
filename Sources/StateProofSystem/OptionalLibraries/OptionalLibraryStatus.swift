/// Whether a run found an ``OptionalLibrary``, and which version: what `--version --json`
/// prints and `report.json` records.
public struct OptionalLibraryStatus: Sendable, Hashable, Codable {
  public var library: OptionalLibrary
  /// The version the library reports of itself; nil when it was not found.
  public var version: String?

  public init(library: OptionalLibrary, version: String?) {
    self.library = library
    self.version = version
  }

  public var found: Bool { version != nil }

  /// Every key, `null` included, so the schema is the same whatever the machine has.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(library, forKey: .library)
    try container.encode(version, forKey: .version)
  }
}
