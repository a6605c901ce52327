/// Encodes a value as JSON with sorted keys, two-space indentation and `" : "` after keys: the
/// bytes Foundation's `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]` on Linux (keys in UTF-8 byte order), on every platform.
///
/// Foundation builds a tree of every value before it writes a byte, about four times the size of
/// the text; this writes each array element's text as the element is encoded, and keeps an
/// object's members as text until the object is complete and can be sorted. A report of 100,000
/// files then costs little more than its own bytes. For the report model: `Date`, `Data` and
/// `URL` get no special treatment.
package enum SortedJSONEncoder {
  package static func encode(_ value: some Encodable) throws -> [UInt8] {
    var text: [UInt8] = []
    try encode(value, into: &text)
    return text
  }

  /// Appends the value's text to `out` (e.g. a `Data`), without a copy of the whole.
  package static func encode<Output: RangeReplaceableCollection<UInt8>>(
    _ value: some Encodable, into out: inout Output
  ) throws {
    let node = SortedJSONNode(depth: 0, codingPath: [])
    try value.encode(to: node)
    node.write(to: &out)
  }
}
