/// One start-element chunk of Android binary XML (`ResXMLTree_attrExt`): its name and its table
/// of attributes (`ResXMLTree_attribute`, each a namespace, a name, a raw value and a typed
/// `Res_value`), checked to fit the chunk before any attribute is read.
struct BinaryXMLElement {
  private static let noString = 0xFFFF_FFFF

  private let bytes: [UInt8]
  /// The element's name, a string pool index.
  let name: Int
  private let attributesStart: Int
  private let attributeSize: Int
  private let attributeCount: Int
  /// The resource map's bytes: entry `i` is the resource id of string `i`.
  private let resourceMap: Range<Int>

  init(_ bytes: [UInt8], start: Int, headerSize: Int, size: Int, resourceMap: Range<Int>) throws(BinaryXMLError) {
    let extensionStart = start + headerSize
    let end = start + size
    guard end - extensionStart >= 20 else { throw .badElement(offset: start) }
    let attributeOffset = bytes.uint16(extensionStart + 8)
    attributeSize = bytes.uint16(extensionStart + 10)
    attributeCount = bytes.uint16(extensionStart + 12)
    attributesStart = extensionStart + attributeOffset
    guard
      attributeCount == 0
        || (attributeSize >= 20 && attributesStart <= end && attributeCount <= (end - attributesStart) / attributeSize)
    else { throw .badElement(offset: start) }
    self.bytes = bytes
    name = bytes.uint32(extensionStart + 4)
    self.resourceMap = resourceMap
  }

  /// The value of `attribute`: by its resource id when the element's attribute has one in the
  /// resource map, else by the `android` namespace and its name.
  func value(of attribute: AndroidAttribute, strings: inout BinaryXMLStringPool) throws(BinaryXMLError)
    -> ManifestValue?
  {
    for index in 0..<attributeCount {
      let start = attributesStart + index * attributeSize
      let nameIndex = bytes.uint32(start + 4)
      let id = resourceId(of: nameIndex)
      var matches = id == attribute.id
      if id == 0, try strings.string(nameIndex) == attribute.name {
        matches = try strings.string(bytes.uint32(start)) == AndroidAttribute.namespace
      }
      if matches { return try value(at: start, strings: &strings) }
    }
    return nil
  }

  /// The value of the attribute named `name` with no namespace (the root's `package`).
  func unqualified(_ name: String, strings: inout BinaryXMLStringPool) throws(BinaryXMLError) -> ManifestValue? {
    for index in 0..<attributeCount {
      let start = attributesStart + index * attributeSize
      let namespace = bytes.uint32(start)
      if namespace != Self.noString, try strings.string(namespace) != "" { continue }
      if try strings.string(bytes.uint32(start + 4)) == name { return try value(at: start, strings: &strings) }
    }
    return nil
  }

  /// The resource id the map gives string `index`, or 0.
  private func resourceId(of index: Int) -> UInt32 {
    guard index < resourceMap.count / 4 else { return 0 }
    return UInt32(bytes.uint32(resourceMap.lowerBound + 4 * index))
  }

  /// The attribute at `start`'s typed value (`Res_value`): text, a decimal, hex or boolean
  /// number, or a reference; for any other type, its raw text when it has one.
  private func value(at start: Int, strings: inout BinaryXMLStringPool) throws(BinaryXMLError) -> ManifestValue? {
    let data = bytes.uint32(start + 16)
    switch bytes[start + 15] {
    case 0x03: return try strings.string(data).map(ManifestValue.text)
    case 0x10: return .integer(Int(Int32(bitPattern: UInt32(data))))
    case 0x11, 0x12: return .integer(data)
    case 0x01: return .reference(UInt32(data))
    default: return try strings.string(bytes.uint32(start + 8)).map(ManifestValue.text)
    }
  }
}
