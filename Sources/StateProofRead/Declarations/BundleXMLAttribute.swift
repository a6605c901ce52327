/// One `XmlAttribute` of aapt2's protocol-buffers XML: its namespace, name and resource id, and
/// its value, the compiled one (`Item`: `ref` 1, `str` 2, `raw_str` 3, `prim` 7 with
/// `int_decimal_value` 6, `int_hexadecimal_value` 7, `boolean_value` 8) before the source text.
struct BundleXMLAttribute {
  var namespace = ""
  var name = ""
  var id: UInt32 = 0
  var value: ManifestValue?

  init(_ bytes: [UInt8], _ range: Range<Int>) throws(ProtoError) {
    var fields = ProtoFields(bytes, range)
    var text: String?
    while let field = try fields.next() {
      switch (field.number, field.value) {
      case (1, .bytes(let value)): namespace = fields.string(value)
      case (2, .bytes(let value)): name = fields.string(value)
      case (3, .bytes(let value)): text = fields.string(value)
      case (5, .varint(let value)): id = UInt32(truncatingIfNeeded: value)
      case (6, .bytes(let value)): self.value = try Self.compiled(bytes, value)
      default: break
      }
    }
    if value == nil, let text, !text.isEmpty { value = .text(text) }
  }

  /// The value of the `Item` in `range`, when it is one a manifest's facts use.
  private static func compiled(_ bytes: [UInt8], _ range: Range<Int>) throws(ProtoError) -> ManifestValue? {
    var item = ProtoFields(bytes, range)
    while let field = try item.next() {
      guard case .bytes(let inner) = field.value else { continue }
      var fields = ProtoFields(bytes, inner)
      while let member = try fields.next() {
        switch (field.number, member.number, member.value) {
        case (1, 2, .varint(let id)): return .reference(UInt32(truncatingIfNeeded: id))
        case (2, 1, .bytes(let text)), (3, 1, .bytes(let text)): return .text(fields.string(text))
        // int32 is sent as a 64-bit varint, sign-extended; its low 32 bits are the number.
        case (7, 6, .varint(let number)): return .integer(Int(Int32(truncatingIfNeeded: number)))
        case (7, 7, .varint(let number)): return .integer(Int(UInt32(truncatingIfNeeded: number)))
        case (7, 8, .varint(let flag)): return .integer(flag == 0 ? 0 : 1)
        default: break
        }
      }
    }
    return nil
  }
}
