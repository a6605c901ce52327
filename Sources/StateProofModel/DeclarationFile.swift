/// A file of the app that declares what it may ask for, as a platform's declarations list it:
/// what it is, which app and build it belongs to, and whether the sign-off decided on it.
public struct DeclarationFile: Codable, Sendable, Hashable, Comparable {
  public var root: String
  public var path: String
  /// `merged AndroidManifest.xml`, `APK`, `Info.plist`, `dumpsys requested permissions`, …
  public var source: String
  public var appId: String?
  public var build: BuildIdentity?
  public var targetSdk: Int?
  /// For a read-back's `requested permissions:`, the device's API level it is filtered for.
  public var deviceSdk: Int?
  /// How many permissions it declares.
  public var declared: Int
  /// Whether the sign-off decided on it; nil when it did, else why not (another app, another
  /// build than the one under test).
  public var setAside: String?

  public init(
    root: String, path: String, source: String, appId: String? = nil, build: BuildIdentity? = nil,
    targetSdk: Int? = nil, deviceSdk: Int? = nil, declared: Int, setAside: String? = nil
  ) {
    self.root = root
    self.path = path
    self.source = source
    self.appId = appId
    self.build = build
    self.targetSdk = targetSdk
    self.deviceSdk = deviceSdk
    self.declared = declared
    self.setAside = setAside
  }

  public static func < (lhs: DeclarationFile, rhs: DeclarationFile) -> Bool {
    (lhs.root, lhs.path) < (rhs.root, rhs.path)
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(root, forKey: .root)
    try container.encode(path, forKey: .path)
    try container.encode(source, forKey: .source)
    try container.encode(appId, forKey: .appId)
    try container.encode(build, forKey: .build)
    try container.encode(targetSdk, forKey: .targetSdk)
    try container.encode(deviceSdk, forKey: .deviceSdk)
    try container.encode(declared, forKey: .declared)
    try container.encode(setAside, forKey: .setAside)
  }
}
