import Mustache

/// Encodes a model value straight into template data: the tree the templates would see had the
/// value been written as `report.json` (``SortedJSONEncoder``) and read back, with the same keys
/// and values (`null` where the model writes it, whole numbers as integers), but without the
/// text in between.
package enum TemplateValueEncoder {
  /// `value` as template data.
  package static func encode(_ value: some Encodable) throws -> TemplateValue {
    if let value = value as? TemplateValue { return value }
    let node = TemplateValueNode(codingPath: [])
    try value.encode(to: node)
    return node.value
  }

  /// `scalar` as it reads back from JSON text: whole numbers (as ``SortedJSONText`` writes them,
  /// without a fraction) as integers.
  static func value(_ scalar: EncodedScalar, codingPath: [any CodingKey]) throws -> TemplateValue {
    switch scalar {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .string(let value): return .string(value)
    case .int(let value): return .int(Int(value))
    case .unsigned(let value): return value <= UInt64(Int.max) ? .int(Int(value)) : .double(Double(value))
    case .double(let value):
      guard value.isFinite else {
        throw EncodingError.invalidValue(
          value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
      }
      return value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .double(value)
    }
  }
}
