/// One element of aapt2's protocol-buffers XML (`Resources.proto`: `XmlElement` with `name` 3,
/// `attribute` 4 and `child` 5), its attributes (`XmlAttribute`: `namespace_uri` 1, `name` 2,
/// `value` 3, `resource_id` 5, `compiled_item` 6) found when asked for.
struct BundleXMLElement {
  private let bytes: [UInt8]
  let name: String
  private let attributes: [Range<Int>]
  /// The `XmlNode`s of its children.
  let children: [Range<Int>]

  /// The element of the `XmlNode` in `range` (its field 1); nil for a text node.
  init?(_ bytes: [UInt8], node range: Range<Int>) throws(ProtoError) {
    var node = ProtoFields(bytes, range)
    var element: Range<Int>?
    while let field = try node.next() {
      if field.number == 1, case .bytes(let found) = field.value { element = found }
    }
    guard let element else { return nil }
    var fields = ProtoFields(bytes, element)
    var name = ""
    var attributes: [Range<Int>] = []
    var children: [Range<Int>] = []
    while let field = try fields.next() {
      guard case .bytes(let value) = field.value else { continue }
      switch field.number {
      case 3: name = fields.string(value)
      case 4: attributes.append(value)
      case 5: children.append(value)
      default: break
      }
    }
    self.bytes = bytes
    self.name = name
    self.attributes = attributes
    self.children = children
  }

  /// The value of `attribute`: by its resource id when the attribute carries one, else by the
  /// `android` namespace and its name.
  func value(of attribute: AndroidAttribute) throws(ProtoError) -> ManifestValue? {
    for range in attributes {
      let parsed = try BundleXMLAttribute(bytes, range)
      let matches =
        parsed.id != 0
        ? parsed.id == attribute.id : parsed.name == attribute.name && parsed.namespace == AndroidAttribute.namespace
      if matches { return parsed.value }
    }
    return nil
  }

  /// The value of the attribute named `name` with no namespace (the root's `package`).
  func unqualified(_ name: String) throws(ProtoError) -> ManifestValue? {
    for range in attributes {
      let parsed = try BundleXMLAttribute(bytes, range)
      if parsed.namespace.isEmpty && parsed.name == name { return parsed.value }
    }
    return nil
  }
}
