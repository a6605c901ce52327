import Foundation

/// The output of a document whose root is an object, written as it is encoded: each top-level
/// member goes out as soon as every member that sorts before it is out, and a member whose turn
/// has come is encoded straight into the output (an array element by element). With the model
/// emitting its keys in sorted order, `report.json` is never held twice.
final class SortedJSONTop {
  private(set) var data = Data()
  /// Where the text goes once a chunk of it has built up, so a big report's text is never held
  /// whole; nil keeps it all in `data`.
  private let sink: ((Data) throws -> Void)?
  /// The first error the sink threw; nothing is written after it.
  private(set) var sinkError: (any Error)?
  /// How much text builds up before it goes to the sink.
  static let chunkSize = 1 << 20
  /// The root's keys in the order they are written; from a first pass over the value.
  private let keys: [String]
  private var written = 0
  /// Members encoded before their turn, as text.
  private var waiting: [String: SortedJSONChunks] = [:]
  /// Off once a caller asks for a nested container at the root: it fills that later, so
  /// nothing after it may be written early.
  private var streaming = true
  /// The object's nesting depth: 0 for the document's root, more for a member of an object
  /// that is itself written as it is encoded.
  let depth: Int

  init(keys: [String], depth: Int = 0, sink: ((Data) throws -> Void)? = nil) {
    self.keys = Array(Set(keys)).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    self.depth = depth
    self.sink = sink
  }

  /// Hands the text built up so far to the sink, once there is a chunk of it.
  private func drain(force: Bool = false) {
    guard let sink, sinkError == nil, force || data.count >= Self.chunkSize else { return }
    do {
      try sink(data)
    } catch {
      sinkError = error
    }
    data.removeAll(keepingCapacity: !force)
  }

  /// Whether the member `key` is the next to write.
  func isNext(_ key: String) -> Bool {
    streaming && written < keys.count && keys[written] == key
  }

  /// Starts writing the member `key`, whose turn it is; ``advance()`` when its value is out.
  func begin(_ key: String) {
    data += written == 0 ? [UInt8(ascii: "{"), 0x0A] : [UInt8(ascii: ","), 0x0A]
    data += SortedJSONText.indent(depth + 1)
    data += SortedJSONText.string(key)
    data += Array(" : ".utf8)
  }

  func advance() {
    written += 1
    flush()
  }

  func append(_ bytes: [UInt8]) {
    data += bytes
    drain()
  }

  func append(_ chunks: consuming SortedJSONChunks) {
    chunks.write(to: &data)
    drain()
  }

  /// Takes a member encoded before its turn (or a container its caller still fills).
  func offer(_ key: String, _ value: SortedJSONChunks, stillFilling: Bool = false) {
    if stillFilling { streaming = false }
    waiting[key] = value
    flush()
  }

  private func flush() {
    while streaming, written < keys.count, var value = waiting.removeValue(forKey: keys[written]) {
      begin(keys[written])
      value.write(to: &data)
      written += 1
      drain()
    }
  }

  /// Writes what is still waiting, in order, and closes the object.
  func finish() -> Data {
    let rest = waiting.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    for key in rest {
      var value = waiting.removeValue(forKey: key)!
      begin(key)
      value.write(to: &data)
      written += 1
    }
    data += (written == 0 ? Array("{\n\n".utf8) : [0x0A]) + SortedJSONText.indent(depth) + [UInt8(ascii: "}")]
    drain(force: true)
    return data
  }
}
