/// A template value encodes as the JSON it reads from, so views can hold data already made.
extension TemplateValue: Encodable {
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .int(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .double(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .list(let items):
      var container = encoder.singleValueContainer()
      try container.encode(items)
    case .object(let members):
      var container = encoder.singleValueContainer()
      try container.encode(members)
    }
  }
}
