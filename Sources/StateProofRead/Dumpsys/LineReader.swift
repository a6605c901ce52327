import StateProofModel
import StateProofSystem

/// The lines of a file (or of bytes in memory, or of a ``ByteSource``), one at a time through a
/// bounded buffer, so a 200 MB log costs no more memory than its longest kept line.
///
/// The text is read as UTF-8, or as UTF-16 when a byte-order mark says so (``TextTranscoder``,
/// chunk by chunk): a read-back Windows PowerShell saved reads as its UTF-8 twin, line for line.
///
/// Lines end at LF, CRLF or a lone CR (old Mac line ends, and progress output that rewrites a
/// line), are numbered from 1, and a final line end adds no empty line. A line longer than
/// ``maxLineBytes`` keeps only its last bytes (between half of that and all of it): before each
/// part is dropped, `dropping` sees the whole buffer and how much of its start is about to go.
package struct LineReader {
  /// The most of one line kept in memory.
  package static let maxLineBytes = 1 << 20
  /// How much is read from a file at a time.
  static let chunkBytes = 64 << 10

  /// One line: its number and (the last part of) its bytes, without the line end.
  package struct Line {
    package var number: Int
    package var bytes: [UInt8]
    /// How many bytes of the line's start were dropped to keep it within the limit.
    package var droppedBytes: Int
  }

  private enum Source {
    case file(RegularFile)
    case bytes([UInt8])
    case stream(any ByteSource)
  }

  private let source: Source
  private let maxLineBytes: Int

  package init(file: RegularFile, maxLineBytes: Int = LineReader.maxLineBytes) {
    source = .file(file)
    self.maxLineBytes = max(2, maxLineBytes)
  }

  package init(bytes: [UInt8], maxLineBytes: Int = LineReader.maxLineBytes) {
    source = .bytes(bytes)
    self.maxLineBytes = max(2, maxLineBytes)
  }

  /// The lines `source` delivers, read from where it stands; ``forEachLine(dropping:_:)`` reads
  /// it once, to its end.
  package init(source: some ByteSource, maxLineBytes: Int = LineReader.maxLineBytes) {
    self.source = .stream(source)
    self.maxLineBytes = max(2, maxLineBytes)
  }

  /// Hands every line to `body` in order.
  /// - Parameter dropping: told, before part of an over-long line is dropped, the line's
  ///   buffer and how many of its first bytes go.
  /// - Returns: the read error that ended the file early, or the UTF-16 that ends inside a
  ///   character; nil when every line was read.
  package func forEachLine(
    dropping: ([UInt8], Int) -> Void = { _, _ in }, _ body: (Line) -> Void
  ) -> TextReadError? {
    var splitter = Splitter(maxLineBytes: maxLineBytes)
    var transcoder = TextTranscoder()
    var readError: RegularFileError?
    switch source {
    case .bytes(let bytes):
      bytes.withUnsafeBytes { transcoder.feed($0) { splitter.feed($0, dropping: dropping, body) } }
    case .file(let file):
      readError = feedChunks(to: &transcoder, &splitter, dropping: dropping, body) { file.read(into: $0) }
    case .stream(let stream):
      var stream = stream
      readError = feedChunks(to: &transcoder, &splitter, dropping: dropping, body) { chunk in
        Result { () throws(ByteSourceError) in try stream.read(into: chunk) }
          .mapError { .cannotRead(reason: $0.reason) }
      }
    }
    let problem = transcoder.finish { splitter.feed($0, dropping: dropping, body) }
    splitter.finish(body)
    return readError.map(TextReadError.unreadable) ?? problem.map(TextReadError.encoding)
  }

  /// Feeds every chunk `read` gives through `transcoder` to `splitter`, to the end; returns the
  /// read error that ended it early, or nil.
  private func feedChunks(
    to transcoder: inout TextTranscoder, _ splitter: inout Splitter, dropping: ([UInt8], Int) -> Void,
    _ body: (Line) -> Void, read: (UnsafeMutableRawBufferPointer) -> Result<Int, RegularFileError>
  ) -> RegularFileError? {
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkBytes, alignment: 16)
    defer { chunk.deallocate() }
    while true {
      switch read(chunk) {
      case .success(0):
        return nil
      case .success(let count):
        transcoder.feed(UnsafeRawBufferPointer(rebasing: chunk[..<count])) {
          splitter.feed($0, dropping: dropping, body)
        }
      case .failure(let error):
        return error
      }
    }
  }

  /// Splits bytes fed in pieces into lines.
  private struct Splitter {
    let maxLineBytes: Int
    var line: [UInt8] = []
    var dropped = 0
    var number = 0
    /// The previous piece ended with a CR, so an LF starting this one belongs to it.
    var afterCR = false

    init(maxLineBytes: Int) {
      self.maxLineBytes = maxLineBytes
    }

    mutating func feed(
      _ bytes: UnsafeBufferPointer<UInt8>, dropping: ([UInt8], Int) -> Void, _ body: (Line) -> Void
    ) {
      var start = 0
      if afterCR, bytes.first == UInt8(ascii: "\n") { start = 1 }
      afterCR = false
      var index = start
      while index < bytes.count {
        let byte = bytes[index]
        guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
          index += 1
          continue
        }
        append(bytes[start..<index], dropping: dropping)
        emit(body)
        index += 1
        if byte == UInt8(ascii: "\r") {
          if index == bytes.count {
            afterCR = true
          } else if bytes[index] == UInt8(ascii: "\n") {
            index += 1
          }
        }
        start = index
      }
      append(bytes[start..<bytes.count], dropping: dropping)
    }

    /// Ends the input: a last line without a line end still counts.
    mutating func finish(_ body: (Line) -> Void) {
      if !line.isEmpty || dropped > 0 { emit(body) }
    }

    private mutating func append(
      _ bytes: Slice<UnsafeBufferPointer<UInt8>>, dropping: ([UInt8], Int) -> Void
    ) {
      var rest = bytes[...]
      while !rest.isEmpty {
        let room = maxLineBytes - line.count
        if room == 0 {
          let half = maxLineBytes / 2
          dropping(line, half)
          line.removeFirst(half)
          dropped += half
          continue
        }
        line += rest.prefix(room)
        rest = rest.dropFirst(room)
      }
    }

    private mutating func emit(_ body: (Line) -> Void) {
      number += 1
      body(Line(number: number, bytes: line, droppedBytes: dropped))
      line.removeAll(keepingCapacity: line.capacity <= Self.keptCapacity)
      dropped = 0
    }

    /// A buffer grown past this by one long line is given back rather than kept for the next.
    static let keptCapacity = 64 << 10
  }
}
