import StateProofJSON
import StateProofModel

/// A configuration's JSON as `report.json` records it, and back: comments (keys starting with
/// `"//"`, at any depth) are taken out, nothing else changes, so the record decodes to the same
/// ``Configuration``.
extension ConfigurationValue {
  /// `json` without its comments.
  package init(removingComments json: JSONNode) {
    switch json.value {
    case .null: self = .null
    case .bool(let value): self = .bool(value)
    case .number(let value): self = .number(value.double)
    case .string(let value): self = .string(value)
    case .array(let items): self = .array(items.map(ConfigurationValue.init(removingComments:)))
    case .object(let members):
      self = .object(
        members.filter { !$0.key.hasPrefix("//") }.mapValues(ConfigurationValue.init(removingComments:)))
    }
  }
}

extension JSONNode {
  /// A recorded configuration as the JSON reader gives it, for ``Configuration/init(_:)``; it was
  /// read from no file, so every position is the start (``Configuration/init(recorded:)`` leaves
  /// them out of its errors). Numbers are written as `report.json` writes them.
  package init(_ value: ConfigurationValue) {
    let start = JSONPosition(offset: 0, line: 1, column: 1)
    switch value {
    case .null: self.init(.null, at: start)
    case .bool(let value): self.init(.bool(value), at: start)
    case .number(let value):
      let text = value.rounded() == value && abs(value) < 9_007_199_254_740_992 ? String(Int64(value)) : "\(value)"
      self.init(.number(JSONNumber(text: text)), at: start)
    case .string(let value): self.init(.string(value), at: start)
    case .array(let items): self.init(.array(items.map(JSONNode.init)), at: start)
    case .object(let members): self.init(.object(members.mapValues(JSONNode.init)), at: start)
    }
  }
}
