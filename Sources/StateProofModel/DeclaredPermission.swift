/// One permission in a platform's declarations: StateProof's id for it (or, when StateProof has
/// no model of it, the platform's own name), what declares it, and the sign-off's answer.
public struct DeclaredPermission: Codable, Sendable, Hashable, Comparable {
  /// The permission's id (`camera`), or the declared name itself when no built-in permission
  /// models it (`android.permission.READ_PHONE_STATE`).
  public var id: String
  /// Whether a built-in or configured permission stands for it.
  public var modelled: Bool
  /// The names that declare it (`android.permission.CAMERA`, `NSCameraUsageDescription`); empty
  /// for a covered permission nothing declares.
  public var names: [String]
  public var answer: DeclarationAnswer
  /// The exclusion's reason, for an excluded one.
  public var reason: String?
  /// The files that declare it, relative to their evidence path.
  public var files: [String]

  public init(
    id: String, modelled: Bool, names: [String], answer: DeclarationAnswer, reason: String? = nil, files: [String] = []
  ) {
    self.id = id
    self.modelled = modelled
    self.names = names
    self.answer = answer
    self.reason = reason
    self.files = files
  }

  public static func < (lhs: DeclaredPermission, rhs: DeclaredPermission) -> Bool {
    (lhs.modelled ? 0 : 1, lhs.id) < (rhs.modelled ? 0 : 1, rhs.id)
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(modelled, forKey: .modelled)
    try container.encode(names, forKey: .names)
    try container.encode(answer, forKey: .answer)
    try container.encode(reason, forKey: .reason)
    try container.encode(files, forKey: .files)
  }
}
