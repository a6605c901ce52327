/// The identity of one matrix row: `<platform>/<permission>/<state>`, e.g. `android/camera/blocked`.
public struct RowID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
  public var platform: Platform
  public var permission: String
  public var state: String

  public init(platform: Platform, permission: String, state: String) {
    self.platform = platform
    self.permission = permission
    self.state = state
  }

  /// Parses `platform/permission/state`; nil when the text has another shape.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3, let platform = Platform(rawValue: parts[0]),
      !parts[1].isEmpty, !parts[2].isEmpty
    else { return nil }
    self.init(platform: platform, permission: parts[1], state: parts[2])
  }

  public var description: String { "\(platform.rawValue)/\(permission)/\(state)" }

  public static func < (lhs: RowID, rhs: RowID) -> Bool {
    (lhs.platform, lhs.permission, lhs.state) < (rhs.platform, rhs.permission, rhs.state)
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let id = RowID(text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "not a row id: \(text)"))
    }
    self = id
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
