import StateProofJSON
import StateProofModel

/// A configuration's JSON as `report.json` records it, and back: comments (keys starting with
/// `"//"`, at any depth) are taken out, nothing else changes, so the record decodes to the same
/// ``Configuration``.
extension ConfigurationValue {
  /// `json` without its comments.
  package init(removingComments json: JSONValue) {
    switch json {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .number(let value): self = .number(value)
    case .string(let value): self = .string(value)
    case .array(let items): self = .array(items.map(ConfigurationValue.init(removingComments:)))
    case .object(let members):
      self = .object(
        members.filter { !$0.key.hasPrefix("//") }.mapValues(ConfigurationValue.init(removingComments:)))
    }
  }
}

extension JSONValue {
  /// A recorded configuration as the JSON reader gives it, for ``ConfigurationDecoder``.
  package init(_ value: ConfigurationValue) {
    switch value {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .number(let value): self = .number(value)
    case .string(let value): self = .string(value)
    case .array(let items): self = .array(items.map(JSONValue.init))
    case .object(let members): self = .object(members.mapValues(JSONValue.init))
    }
  }
}
