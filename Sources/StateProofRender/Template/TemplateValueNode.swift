import Mustache

/// One value being encoded by ``TemplateValueEncoder``: the `Encoder` a type's `encode(to:)` is
/// given. Members and elements are kept as finished values as soon as they are encoded; only a
/// nested container its caller fills later stays a node until ``value`` is read.
final class TemplateValueNode: EncodingNode {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  /// Members of this object that are not encoded at all: a view's own, while its model's are
  /// (``encodeMembers(of:except:)``).
  private var leavingOut: Set<String> = []

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

  init(codingPath: [any CodingKey]) {
    self.codingPath = codingPath
  }

  /// Encodes `model`'s members into this object, without those of `keys` (the view's own,
  /// encoded after them) nor those an enclosing view leaves out (a view of a view); template data
  /// already made is taken as it is.
  func encodeMembers<Keys: CodingKey & CaseIterable>(of model: some Encodable, except keys: Keys.Type) throws {
    let enclosing = leavingOut
    leavingOut.formUnion(keys.allCases.map(\.stringValue))
    defer { leavingOut = enclosing }
    if case .object(let members)? = model as? TemplateValue {
      if case .object = content {} else { content = .object([:]) }
      for (key, member) in members where !leavingOut.contains(key) { set(.value(member), forKey: key) }
      return
    }
    try model.encode(to: self)
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
    return KeyedEncodingContainer(NodeKeyedContainer<TemplateValueNode, Key>(node: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .list = content {} else { content = .list([]) }
    return NodeUnkeyedContainer(node: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    NodeSingleValueContainer(node: self)
  }

  func set(_ scalar: EncodedScalar) throws {
    content = .scalar(try TemplateValueEncoder.value(scalar, codingPath: codingPath))
  }

  func put(_ scalar: EncodedScalar, forKey key: any CodingKey) throws {
    guard !leavingOut.contains(key.stringValue) else { return }
    set(.value(try TemplateValueEncoder.value(scalar, codingPath: codingPath + [key])), forKey: key.stringValue)
  }

  func put(_ value: some Encodable, forKey key: any CodingKey) throws {
    guard !leavingOut.contains(key.stringValue) else { return }
    set(.value(try encodeChild(value, key: key)), forKey: key.stringValue)
  }

  /// A member its caller fills after this returns: kept as a node until the value is read.
  func pendingMember(_ key: (any CodingKey)?, name: String) -> TemplateValueNode {
    let child = nested(key: key)
    if !leavingOut.contains(name) { set(.node(child), forKey: name) }
    return child
  }

  func append(_ scalar: EncodedScalar) throws {
    append(.value(try TemplateValueEncoder.value(scalar, codingPath: codingPath)))
  }

  func append(_ value: some Encodable) throws {
    append(.value(try encodeChild(value, key: nil)))
  }

  func appendPending() -> TemplateValueNode {
    let child = nested(key: nil)
    append(.node(child))
    return child
  }

  private func set(_ part: Part, forKey key: String) {
    guard case .object(var members) = content else { return }
    content = .empty
    members[key] = part
    content = .object(members)
  }

  private func append(_ part: Part) {
    guard case .list(var items) = content else { return }
    content = .empty
    items.append(part)
    content = .list(items)
  }

  /// `value` encoded by a fresh node one level down.
  func encodeChild(_ value: some Encodable, key: (any CodingKey)?) throws -> TemplateValue {
    if let value = value as? TemplateValue { return value }
    let child = nested(key: key)
    try value.encode(to: child)
    return child.value
  }

  func nested(key: (any CodingKey)?) -> TemplateValueNode {
    TemplateValueNode(codingPath: codingPath + (key.map { [$0] } ?? []))
  }
}
