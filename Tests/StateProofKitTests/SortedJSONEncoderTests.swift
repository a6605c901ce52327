import Foundation
import Testing

@testable import StateProofModel
@testable import StateProofRender

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
    #expect(try SortedJSONEncoder.encode(report) == foundation(report))
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
    #expect(try SortedJSONEncoder.encode(Sample()) == foundation(Sample()))
    #expect(try SortedJSONEncoder.encode(Self.hostile) == foundation(Self.hostile))
  }

  /// Containers handed out before they are filled land where they were asked for.
  @Test func matchesFoundationOnNestedContainers() throws {
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
    #expect(try SortedJSONEncoder.encode(Nested()) == foundation(Nested()))
  }

  @Test func refusesNumbersJSONCannotHold() {
    #expect(throws: EncodingError.self) { try SortedJSONEncoder.encode([Double.nan]) }
  }
}
