/// What the app's own files declare on one platform, beside what the sign-off covers: the files
/// read and each permission with its answer.
public struct AppDeclarationSummary: Codable, Sendable, Hashable {
  public var files: [DeclarationFile]
  /// Every declared permission, and every covered one nothing declares, modelled ones first.
  public var permissions: [DeclaredPermission]
  /// The API level the declarations say the app targets (Android), when they agree.
  public var targetSdk: Int?

  public init(files: [DeclarationFile], permissions: [DeclaredPermission], targetSdk: Int? = nil) {
    self.files = files.sorted()
    self.permissions = permissions.sorted()
    self.targetSdk = targetSdk
  }

  /// How many permissions have `answer`.
  public func count(_ answer: DeclarationAnswer) -> Int {
    permissions.count { $0.answer == answer }
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(files, forKey: .files)
    try container.encode(permissions, forKey: .permissions)
    try container.encode(targetSdk, forKey: .targetSdk)
  }
}
