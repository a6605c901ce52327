import Foundation

/// Encodes a value as JSON with sorted keys, two-space indentation and `" : "` after keys: the
/// bytes Foundation's `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes]` on Linux (keys in UTF-8 byte order), on every platform.
///
/// Foundation builds a tree of every value before it writes a byte, about four times the size of
/// the text; this writes each array element's text as the element is encoded, keeps an object's
/// members as text until the object is complete and can be sorted, and writes the root object's
/// members into the output as their turn comes (``SortedJSONTop``). A report of 100,000 files
/// then costs little more than its own bytes. For the report model: `Date`, `Data` and
/// `URL` get no special treatment.
package enum SortedJSONEncoder {
  /// The value's JSON text. A root object is encoded twice: once for its keys alone, then for
  /// real, each member written out as soon as its turn comes.
  package static func encode(_ value: some Encodable) throws -> Data {
    try encode(value, sink: nil)
  }

  /// The value's JSON text handed to `sink` a chunk (about a megabyte) at a time, so not even
  /// the text is held whole; `sink` is called at least once.
  package static func encode(_ value: some Encodable, into sink: @escaping (Data) throws -> Void) throws {
    let rest = try encode(value, sink: sink)
    if !rest.isEmpty { try sink(rest) }
  }

  private static func encode(_ value: some Encodable, sink: ((Data) throws -> Void)?) throws -> Data {
    let recorder = SortedJSONNode(depth: 0, codingPath: [])
    recorder.recordedKeys = []
    try value.encode(to: recorder)
    guard recorder.isObject, let keys = recorder.recordedKeys else {
      let node = SortedJSONNode(depth: 0, codingPath: [])
      try value.encode(to: node)
      var data = Data()
      node.write(to: &data)
      return data
    }
    let top = SortedJSONTop(keys: keys, sink: sink)
    try value.encode(to: SortedJSONNode(depth: 0, codingPath: [], root: top))
    let rest = top.finish()
    if let error = top.sinkError { throw error }
    return rest
  }
}
