/// Writes Android binary XML (`ResourceTypes.h`'s chunks) for the manifest reader's tests: a
/// string pool in UTF-16 or UTF-8, a resource map for the attribute names that have ids, a
/// namespace, and start and end element chunks in document order. The offsets it used are kept,
/// so a test can then break one field.
struct AXMLBuilder {
  /// One attribute: its namespace (nil for none), name, resource id (nil: not in the map), and
  /// typed value (`Res_value`: type and data; for text, the string's index is filled in).
  struct Attribute {
    var namespace: String? = android
    var name: String
    var id: UInt32?
    var type: UInt8
    var data: UInt32 = 0
    var text: String?

    static func text(_ name: String, _ id: UInt32?, _ value: String, namespace: String? = android) -> Attribute {
      Attribute(namespace: namespace, name: name, id: id, type: 0x03, text: value)
    }

    static func number(_ name: String, _ id: UInt32?, _ value: Int, type: UInt8 = 0x10) -> Attribute {
      Attribute(name: name, id: id, type: type, data: UInt32(truncatingIfNeeded: value))
    }
  }

  /// An element and what it holds.
  struct Element {
    var name: String
    var attributes: [Attribute] = []
    var children: [Element] = []
  }

  static let android = "http://schemas.android.com/apk/res/android"

  var utf8 = false
  /// Whether to write the resource map (without it, attributes are found by name).
  var resourceMap = true
  /// Offsets of the chunks written: "pool", "map", "namespace", then "element N" per start tag.
  private(set) var offsets: [String: Int] = [:]

  /// The document holding `root`.
  mutating func build(_ root: Element) -> [UInt8] {
    // Attribute names with ids first, as aapt does: the map covers the pool's first strings.
    var identified: [(String, UInt32)] = []
    var strings: [String] = []
    func collect(_ element: Element) {
      for attribute in element.attributes {
        if let id = attribute.id, !identified.contains(where: { $0 == (attribute.name, id) }) {
          identified.append((attribute.name, id))
        }
      }
      element.children.forEach(collect)
    }
    collect(root)
    strings = identified.map(\.0)
    func index(_ string: String) -> UInt32 {
      if let found = strings.firstIndex(of: string) { return UInt32(found) }
      strings.append(string)
      return UInt32(strings.count - 1)
    }
    var body: [UInt8] = []
    let prefix = index("android")
    let uri = index(Self.android)
    body += Self.chunk(0x0100, headerSize: 16, [2, 0xFFFF_FFFF, prefix, uri].flatMap(Self.uint32))
    var elementCount = 0
    var elementOffsets: [Int] = []
    func write(_ element: Element) {
      elementOffsets.append(body.count)
      elementCount += 1
      var attributes: [UInt8] = []
      for attribute in element.attributes {
        let namespace = attribute.namespace.map(index) ?? 0xFFFF_FFFF
        // An attribute with an id keeps the identified string's index, even if its name is empty.
        let name =
          attribute.id.flatMap { id in identified.firstIndex { $0 == (attribute.name, id) }.map(UInt32.init) }
          ?? index(attribute.name)
        let text = attribute.text.map(index)
        let data = text ?? attribute.data
        attributes += [namespace, name, text ?? 0xFFFF_FFFF].flatMap(Self.uint32)
        attributes += Self.uint16(8) + [0, attribute.type] + Self.uint32(data)
      }
      let header =
        [0xFFFF_FFFF, index(element.name)].flatMap(Self.uint32)
        + Self.uint16(20) + Self.uint16(20) + Self.uint16(element.attributes.count) + Self.uint16(0)
        + Self.uint16(0) + Self.uint16(0)
      body += Self.chunk(0x0102, headerSize: 16, [1, 0xFFFF_FFFF].flatMap(Self.uint32) + header + attributes)
      element.children.forEach(write)
      body += Self.chunk(
        0x0103, headerSize: 16, [1, 0xFFFF_FFFF, 0xFFFF_FFFF, index(element.name)].flatMap(Self.uint32))
    }
    write(root)
    body += Self.chunk(0x0101, headerSize: 16, [3, 0xFFFF_FFFF, prefix, uri].flatMap(Self.uint32))
    let pool = stringPool(strings)
    let map =
      resourceMap && !identified.isEmpty
      ? Self.chunk(0x0180, headerSize: 8, identified.map(\.1).flatMap(Self.uint32)) : []
    offsets["pool"] = 8
    offsets["map"] = 8 + pool.count
    let bodyStart = 8 + pool.count + map.count
    offsets["namespace"] = bodyStart
    for (number, offset) in elementOffsets.enumerated() { offsets["element \(number)"] = bodyStart + offset }
    let content = pool + map + body
    return Self.uint16(0x0003) + Self.uint16(8) + Self.uint32(UInt32(8 + content.count)) + content
  }

  private func stringPool(_ strings: [String]) -> [UInt8] {
    var data: [UInt8] = []
    var offsets: [UInt32] = []
    for string in strings {
      offsets.append(UInt32(data.count))
      if utf8 {
        let bytes = Array(string.utf8)
        data += Self.length8(string.utf16.count) + Self.length8(bytes.count) + bytes + [0]
      } else {
        let units = Array(string.utf16)
        data +=
          (units.count > 0x7FFF ? Self.uint16(0x8000 | units.count >> 16) : []) + Self.uint16(units.count & 0xFFFF)
        data += units.flatMap { Self.uint16(Int($0)) } + [0, 0]
      }
    }
    while data.count % 4 != 0 { data.append(0) }
    let header =
      [UInt32(strings.count), 0, utf8 ? 0x100 : 0, UInt32(28 + 4 * strings.count), 0].flatMap(Self.uint32)
    return Self.chunk(0x0001, headerSize: 28, header + offsets.flatMap(Self.uint32) + data)
  }

  /// A chunk: type, header size, total size, then `content` (the rest of the header included).
  static func chunk(_ type: Int, headerSize: Int, _ content: [UInt8]) -> [UInt8] {
    uint16(type) + uint16(headerSize) + uint32(UInt32(8 + content.count)) + content
  }

  static func uint16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

  static func uint32(_ value: UInt32) -> [UInt8] { uint16(Int(value & 0xFFFF)) + uint16(Int(value >> 16)) }

  private static func length8(_ count: Int) -> [UInt8] {
    count > 0x7F ? [UInt8(0x80 | count >> 8), UInt8(count & 0xFF)] : [UInt8(count)]
  }
}
