/// The text of `junit.xml` as it is written: handed on a chunk (about a megabyte) at a time, so
/// the evidence case of a run of 100,000 files is never held whole.
struct JUnitChunkWriter<Failure: Error> {
  private var text = ""
  private let sink: (String) throws(Failure) -> Void
  static var chunkSize: Int { 1 << 20 }

  init(sink: @escaping (String) throws(Failure) -> Void) {
    self.sink = sink
    text.reserveCapacity(Self.chunkSize + 4096)
  }

  static func += (xml: inout JUnitChunkWriter, piece: String) throws(Failure) {
    xml.text += piece
    if xml.text.utf8.count >= chunkSize { try xml.flush() }
  }

  /// Hands on what is left.
  mutating func flush() throws(Failure) {
    guard !text.isEmpty else { return }
    try sink(text)
    text.removeAll(keepingCapacity: true)
  }
}
