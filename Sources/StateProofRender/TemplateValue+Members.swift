import Mustache

extension TemplateValue {
  /// The items of a list; empty for anything else.
  var items: [TemplateValue] {
    if case .list(let items) = self { items } else { [] }
  }

  /// The member `key` of an object; nil for anything else.
  subscript(key: String) -> TemplateValue? {
    if case .object(let members) = self { members[key] } else { nil }
  }

  /// Whether the member `key` is null or missing.
  func lacks(_ key: String) -> Bool {
    (self[key] ?? .null) == .null
  }

  /// The text of a string; nil for anything else.
  var text: String? {
    if case .string(let text) = self { text } else { nil }
  }

  /// The number of an integer; nil for anything else.
  var integer: Int? {
    if case .int(let value) = self { value } else { nil }
  }

  /// This object with `members` added (replacing members of the same name); anything else as is.
  func adding(_ members: [String: TemplateValue]) -> TemplateValue {
    guard case .object(var fields) = self else { return self }
    fields.merge(members) { _, new in new }
    return .object(fields)
  }
}
