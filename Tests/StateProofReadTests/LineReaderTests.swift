import Foundation
import StateProofModel
import Testing
import StateProofSystem

@testable import StateProofRead

/// Lines streamed from files and memory: the same lines either way, line ends split across read
/// chunks, and over-long lines kept to their end without growing the buffer.
@Suite struct LineReaderTests {
  func lines(_ reader: LineReader) -> [String] {
    var lines: [String] = []
    _ = reader.forEachLine { lines.append(String(decoding: $0.bytes, as: UTF8.self)) }
    return lines
  }

  func file(_ bytes: [UInt8]) throws -> RegularFile {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try RegularFile.open(url.path).get()
  }

  @Test func splitsAtLFCRLFAndCR() throws {
    let bytes = Array("a\nb\r\nc\rd\n\ne".utf8)
    #expect(lines(LineReader(bytes: bytes)) == ["a", "b", "c", "d", "", "e"])
    #expect(lines(LineReader(file: try file(bytes))) == ["a", "b", "c", "d", "", "e"])
    #expect(lines(LineReader(bytes: Array("x\r".utf8))) == ["x"])
    #expect(lines(LineReader(bytes: [])).isEmpty)
  }

  /// A CRLF whose CR ends one read chunk and whose LF starts the next is one line end.
  @Test func crlfAcrossAReadChunk() throws {
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: LineReader.chunkBytes - 1)
    bytes += Array("\r\nb\r".utf8)
    let read = lines(LineReader(file: try file(bytes)))
    #expect(read.count == 2)
    #expect(read.last == "b")
  }

  @Test func numbersCountEveryLine() {
    var numbers: [Int] = []
    _ = LineReader(bytes: Array("\n\nx\n".utf8)).forEachLine { numbers.append($0.number) }
    #expect(numbers == [1, 2, 3])
  }

  /// A line over the limit keeps its last part only; the reader says how much went and shows
  /// each part before it goes.
  @Test func overLongLineKeepsItsEnd() {
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 1000) + Array("END".utf8)
    var kept: [LineReader.Line] = []
    var seen = 0
    _ = LineReader(bytes: long + Array("\nnext".utf8), maxLineBytes: 100).forEachLine(
      dropping: { buffer, count in
        #expect(buffer.count == 100 && count == 50)
        seen += count
      },
      { kept.append($0) })
    #expect(kept.count == 2)
    #expect(kept[0].bytes.count <= 100 && kept[0].bytes.count >= 50)
    #expect(String(decoding: kept[0].bytes, as: UTF8.self).hasSuffix("xEND"))
    #expect(kept[0].droppedBytes == seen && seen + kept[0].bytes.count == 1003)
    #expect(kept[1].droppedBytes == 0 && kept[1].bytes == Array("next".utf8))
  }
}
