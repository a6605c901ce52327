/// A configuration as `report.json` records it: its JSON with the comments (`"//"` keys) taken
/// out. Encoded with sorted keys, so configurations that differ only in comments, white space or
/// key order are recorded alike; reading it back gives the configuration that decided the report.
public enum ConfigurationValue: Codable, Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([ConfigurationValue])
  case object([String: ConfigurationValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([ConfigurationValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: ConfigurationValue].self))
    }
  }

  /// Whole numbers are written without a fraction (`3`, not `3.0`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value):
      if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
        try container.encode(Int64(value))
      } else {
        try container.encode(value)
      }
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}
