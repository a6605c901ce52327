import Foundation
import Testing

@testable import StateProofModel
@testable import StateProofRender
import StateProofTestSupport

/// `report.json` is written by SortedJSONEncoder: the same bytes Foundation's encoder writes
/// with pretty printing, sorted keys and unescaped slashes, for the report and for hostile text.
@Suite struct SortedJSONEncoderTests {
  private func foundation(_ value: some Encodable) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return [UInt8](try encoder.encode(value))
  }

  /// Every control character, quotes, slashes, DEL, line separators, non-BMP text.
  static let hostile: String = {
    var text = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
    text += "\"\\/\u{7F}\u{2028}\u{2029}é😀<script>&'\u{202E}"
    return text
  }()

  @Test(arguments: [0, 7, 60])
  func matchesFoundationOnReports(rows: Int) throws {
    let report = SyntheticReport.make(rows: rows) { "\(Self.hostile) \($0)" }
    #expect(try [UInt8](SortedJSONEncoder.encode(report)) == foundation(report))
  }

  @Test func matchesFoundationOnNestingAndEmptiness() throws {
    struct Sample: Encodable {
      var keys: [String: Int] = ["b": 1, "B": 2, "a10": 3, "a9": 4, "_x": 5, "é": 6, "aB": 7, "ab": 8]
      var empty: [Int] = []
      var emptyObject: [String: [Int]] = [:]
      var nested: [[String: [Int]]] = [["x": [], "y": [1, 2]], [:]]
      var optional: Int? = nil
      var flag = true
      var numbers: [Double] = [0, 1, -3, 11.2, 0.5]
      var integers: [Int64] = [Int64.min, Int64.max]
    }
    #expect(try [UInt8](SortedJSONEncoder.encode(Sample())) == foundation(Sample()))
    #expect(try [UInt8](SortedJSONEncoder.encode(Self.hostile)) == foundation(Self.hostile))
  }

  /// A value whose containers are handed out before they are filled.
  struct Nested: Encodable {
    enum Key: String, CodingKey { case z, a, m }
    func encode(to encoder: any Encoder) throws {
      var top = encoder.container(keyedBy: Key.self)
      var list = top.nestedUnkeyedContainer(forKey: .z)
      try top.encode("first", forKey: .m)
      var inner = list.nestedContainer(keyedBy: Key.self)
      try list.encode(2)
      try inner.encode([1, 2], forKey: .m)
      try inner.encode(true, forKey: .a)
      var object = top.nestedContainer(keyedBy: Key.self, forKey: .a)
      try object.encode("x/y", forKey: .z)
    }
  }

  /// Containers handed out before they are filled land where they were asked for.
  @Test func matchesFoundationOnNestedContainers() throws {
    #expect(try [UInt8](SortedJSONEncoder.encode(Nested())) == foundation(Nested()))
  }

  /// A root whose keys come in order is written as it goes, its arrays element by element,
  /// an element its caller fills later included.
  @Test func matchesFoundationOnARootWrittenAsItGoes() throws {
    struct Element: Encodable {
      var name: String
      var values: [Int]
    }
    struct FilledLate: Encodable {
      func encode(to encoder: any Encoder) throws {
        var list = encoder.unkeyedContainer()
        try list.encode(1)
        var object = list.nestedContainer(keyedBy: Ordered.Key.self)
        try list.encode(Element(name: "after", values: [2]))
        try object.encode("late", forKey: .beta)
      }
    }
    struct Ordered: Encodable {
      enum Key: String, CodingKey { case aa, alpha, beta, empty, gamma, zeta }
      func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: Key.self)
        try root.encode(FilledLate(), forKey: .aa)
        try root.encode([Element(name: "a/b", values: [1]), Element(name: "\u{1}", values: [])], forKey: .alpha)
        try root.encode("two", forKey: .beta)
        try root.encode([Int](), forKey: .empty)
        try root.encode(["k": [1, 2]], forKey: .zeta)
        var list = root.nestedUnkeyedContainer(forKey: .gamma)
        try list.encode(1)
        var object = list.nestedContainer(keyedBy: Key.self)
        try list.encode(3)
        try object.encode("late", forKey: .beta)
      }
    }
    #expect(try [UInt8](SortedJSONEncoder.encode(Ordered())) == foundation(Ordered()))
  }

  /// An object member whose turn comes writes its own members as their turn comes, at every
  /// depth: keys out of order, values that are objects, arrays and nested containers, an empty
  /// object.
  @Test func matchesFoundationOnObjectsWrittenAsTheyGo() throws {
    struct Inner: Encodable {
      enum Key: String, CodingKey { case zz, b, a, list, empty, late }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode("last", forKey: .zz)
        try container.encode(["y": 1, "x": 2], forKey: .b)
        try container.encode([String: Int](), forKey: .empty)
        try container.encode(["a/b", "\u{1}"], forKey: .a)
        try container.encode([["k": [1]], [:]], forKey: .list)
        var late = container.nestedContainer(keyedBy: Key.self, forKey: .late)
        try late.encode(true, forKey: .b)
      }
    }
    struct Middle: Encodable {
      enum Key: String, CodingKey { case c, a, b }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(3, forKey: .c)
        try container.encode(Inner(), forKey: .a)
        try container.encode(Inner(), forKey: .b)
      }
    }
    struct Root: Encodable {
      enum Key: String, CodingKey { case a, b, c }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Middle(), forKey: .a)
        try container.encode([Middle(), Middle()], forKey: .c)
        try container.encode([String: Int](), forKey: .b)
      }
    }
    #expect(try [UInt8](SortedJSONEncoder.encode(Root())) == foundation(Root()))
    #expect(try [UInt8](SortedJSONEncoder.encode(Middle())) == foundation(Middle()))
  }

  /// A long array inside an object member (the attestation's evidence, inside its predicate)
  /// reaches the sink while it is still being encoded, and the text is the same as a whole.
  @Test func anArrayInsideAnObjectStreams() throws {
    final class Probe: @unchecked Sendable {
      var received = 0
      var receivedBeforeLast = 0
    }
    struct Element: Encodable {
      var index: Int
      var last: Bool
      var probe: Probe
      enum Key: String, CodingKey { case index, name }
      func encode(to encoder: any Encoder) throws {
        if last { probe.receivedBeforeLast = probe.received }
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(index, forKey: .index)
        try container.encode(String(repeating: "x", count: 200), forKey: .name)
      }
    }
    struct Predicate: Encodable {
      var elements: [Element]
      enum Key: String, CodingKey { case tool, evidence, app }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(["name": "x"], forKey: .tool)
        try container.encode("app", forKey: .app)
        try container.encode(elements, forKey: .evidence)
      }
    }
    struct Statement: Encodable {
      var predicate: Predicate
      enum Key: String, CodingKey { case subject, predicate }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(["a", "b"], forKey: .subject)
        try container.encode(predicate, forKey: .predicate)
      }
    }
    let probe = Probe()
    let count = 3 * SortedJSONTop.chunkSize / 200
    let statement = Statement(
      predicate: Predicate(elements: (0..<count).map { Element(index: $0, last: $0 == count - 1, probe: probe) }))
    var streamed = Data()
    try SortedJSONEncoder.encode(statement) { chunk in
      probe.received += chunk.count
      streamed += chunk
    }
    #expect(probe.receivedBeforeLast >= 2 * SortedJSONTop.chunkSize)
    #expect([UInt8](streamed) == (try foundation(statement)))
  }

  @Test func refusesNumbersJSONCannotHold() {
    #expect(throws: EncodingError.self) { try SortedJSONEncoder.encode([Double.nan]) }
  }

  /// report.json written a chunk at a time (as the report folder gets it) is the same text as
  /// the whole, over several chunks.
  @Test func streamedInChunksItIsTheSameText() throws {
    let report = SyntheticReport.make(rows: 3_000)
    let whole = try JSONRenderer.render(report)
    #expect(whole.count > 2 * SortedJSONTop.chunkSize, "several chunks")
    var chunks: [Data] = []
    try JSONRenderer.render(report) { chunks.append($0) }
    #expect(chunks.count > 2)
    #expect(
      chunks.dropLast(2).allSatisfy { $0.count >= SortedJSONTop.chunkSize }, "only the end and the line end are short")
    #expect(chunks.reduce(Data(), +) == whole)
  }
}
