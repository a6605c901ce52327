import Mustache

/// One value being encoded by ``TemplateValueEncoder``: the `Encoder` a type's `encode(to:)` is
/// given. Members and elements are kept as finished values as soon as they are encoded; only a
/// nested container its caller fills later stays a node until ``value`` is read.
final class TemplateValueNode: Encoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// Members of this object that are not encoded at all.
  let leavingOut: Set<String>

  enum Part {
    case value(TemplateValue)
    case node(TemplateValueNode)

    var value: TemplateValue {
      switch self {
      case .value(let value): value
      case .node(let node): node.value
      }
    }
  }

  private enum Content {
    case empty
    case scalar(TemplateValue)
    case object([String: Part])
    case list([Part])
  }

  private var content = Content.empty

  init(codingPath: [any CodingKey], leavingOut: Set<String> = []) {
    self.codingPath = codingPath
    self.leavingOut = leavingOut
  }

  /// The value encoded; an object for a value that encoded nothing, as JSON writes it (`{}`).
  var value: TemplateValue {
    switch content {
    case .empty: .object([:])
    case .scalar(let value): value
    case .object(let members): .object(members.mapValues(\.value))
    case .list(let items): .list(items.map(\.value))
    }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .object = content {} else { content = .object([:]) }
    return KeyedEncodingContainer(TemplateValueKeyedContainer<Key>(node: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .list = content {} else { content = .list([]) }
    return TemplateValueUnkeyedContainer(node: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    TemplateValueSingleValue(node: self)
  }

  func set(_ value: TemplateValue) {
    content = .scalar(value)
  }

  func set(_ part: Part, forKey key: String) {
    guard case .object(var members) = content else { return }
    content = .empty
    members[key] = part
    content = .object(members)
  }

  func append(_ part: Part) {
    guard case .list(var items) = content else { return }
    content = .empty
    items.append(part)
    content = .list(items)
  }

  /// `value` encoded by a fresh node one level down.
  func encodeChild(_ value: some Encodable, key: (any CodingKey)?) throws -> TemplateValue {
    let child = nested(key: key)
    try value.encode(to: child)
    return child.value
  }

  func nested(key: (any CodingKey)?) -> TemplateValueNode {
    TemplateValueNode(codingPath: codingPath + (key.map { [$0] } ?? []))
  }
}
