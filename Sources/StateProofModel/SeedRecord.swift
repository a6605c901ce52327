/// One Android permission line read back after seeding, classified into a matrix state.
public struct SeedRecord: Codable, Sendable, Hashable {
  public var location: EvidenceLocation
  /// The line exactly as it was read (log prefixes and colour codes removed).
  public var raw: String
  /// The Android permission name, e.g. `android.permission.CAMERA`.
  public var permission: String
  public var package: String?
  public var user: Int?
  public var device: String?
  public var granted: Bool
  public var flags: [String]
  /// The classified state, e.g. `blocked` or `policy-fixed`.
  public var state: String
  /// A refinement of the state, e.g. `one-time` or `by-role` for a grant.
  public var variant: String?
  /// The state the seed step asked for, when the evidence says (e.g. `seed did not take: wanted X`).
  public var wanted: String?

  public init(
    location: EvidenceLocation, raw: String, permission: String, package: String? = nil,
    user: Int? = nil, device: String? = nil, granted: Bool, flags: [String], state: String,
    variant: String? = nil, wanted: String? = nil
  ) {
    self.location = location
    self.raw = raw
    self.permission = permission
    self.package = package
    self.user = user
    self.device = device
    self.granted = granted
    self.flags = flags
    self.state = state
    self.variant = variant
    self.wanted = wanted
  }

  /// False when the seed step wanted a state the device did not end up in.
  public var taken: Bool { wanted == nil || wanted == state }
}
