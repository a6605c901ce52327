import Foundation
import StateProofJSON
import StateProofSystem
import StateProofTestSupport
import Testing

/// RFC 8259 conformance of the pull parser: what it accepts, what it refuses and where it says
/// the problem is.
@Suite struct JSONPullParserTests {
  @Test func readsEveryKindOfValue() throws {
    #expect(
      try events(#" {"a": [1, -2.5e+3, true, false, null, "x"], "b": {}} "#) == [
        .objectStart, .key("a"), .arrayStart, .number(JSONNumber(text: "1")),
        .number(JSONNumber(text: "-2.5e+3")), .bool(true), .bool(false), .null, .string("x"), .arrayEnd,
        .key("b"), .objectStart, .objectEnd, .objectEnd,
      ])
    #expect(try events("0") == [.number(JSONNumber(text: "0"))])
    #expect(try events(#""""#) == [.string("")])
    #expect(try events("[]") == [.arrayStart, .arrayEnd])
  }

  @Test(arguments: [
    ("0", "0"), ("-0", "-0"), ("1E2", "1E2"), ("1e-2", "1e-2"), ("10.25", "10.25"),
    ("-123456789012345678901234567890", "-123456789012345678901234567890"),
  ])
  func keepsNumbersAsWritten(text: String, expected: String) throws {
    #expect(try events(text) == [.number(JSONNumber(text: expected))])
  }

  @Test(arguments: [
    (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
    (#""\u00e9\u00C9\u0000""#, "éÉ\u{0}"),
    (#""\ud83d\ude00 \uD83D\uDE00""#, "😀 😀"),
    ("\"é€😀\"", "é€😀"),
    ("\"\u{7F}\"", "\u{7F}"),
  ])
  func unescapesStrings(text: String, expected: String) throws {
    #expect(try events(text) == [.string(expected)])
  }

  @Test func skipsAUTF8ByteOrderMark() throws {
    #expect(try events("\u{FEFF}[1]") == [.arrayStart, .number(JSONNumber(text: "1")), .arrayEnd])
    let error = try #require(failure([0xEF, 0xBB, 0xBF, UInt8(ascii: "x")]))
    #expect(error.position == JSONPosition(offset: 3, line: 1, column: 1))
  }

  @Test func acceptsNestingUpToTheLimit() throws {
    let limits = JSONLimits(maximumDepth: 256)
    #expect(failure(String(repeating: "[", count: 256) + String(repeating: "]", count: 256), limits: limits) == nil)
    let error = try #require(failure(String(repeating: "[", count: 100_000), limits: limits))
    #expect(error.reason == .tooDeep(limit: 256))
    #expect(error.position.column == 257)
  }

  /// Each refusal with its reason and where it points (line, column).
  @Test(
    arguments: [
      ("", JSONError.Reason.empty, 1, 1),
      (" \n ", .empty, 2, 2),
      ("[1,]", .trailingComma, 1, 3),
      ("{\"a\": 1 ,\n}", .trailingComma, 1, 9),
      ("01", .leadingZero, 1, 1),
      ("[-007]", .leadingZero, 1, 2),
      ("1.", .unexpectedEnd(expected: "a digit after \".\""), 1, 3),
      ("1.e3", .unexpected(found: "\"e\"", expected: "a digit after \".\""), 1, 3),
      ("1e", .unexpectedEnd(expected: "a digit in the exponent"), 1, 3),
      ("-", .unexpectedEnd(expected: "a digit after \"-\""), 1, 2),
      (".5", .unexpected(found: "\".\"", expected: "a value"), 1, 1),
      ("+1", .unexpected(found: "\"+\"", expected: "a value"), 1, 1),
      ("NaN", .unexpected(found: "\"N\"", expected: "a value"), 1, 1),
      ("[Infinity]", .unexpected(found: "\"I\"", expected: "a value"), 1, 2),
      ("tru", .unexpectedEnd(expected: "true"), 1, 4),
      ("[nul1]", .unexpected(found: "\"nul1\"", expected: "null"), 1, 2),
      (#""a\x""#, .invalidEscape("\\x"), 1, 3),
      (#""\u12G4""#, .invalidEscape("\\u12G"), 1, 2),
      (#""\ud800""#, .loneSurrogate("\\uD800"), 1, 2),
      (#""\udc00\ud800""#, .loneSurrogate("\\uDC00"), 1, 2),
      (#"["x", "\ud83dx"]"#, .loneSurrogate("\\uD83D"), 1, 8),
      (#""\ud83d\u0041""#, .loneSurrogate("\\uD83D"), 1, 2),
      ("\"a\tb\"", .unescapedControlCharacter(0x09), 1, 3),
      ("[\"a\nb\"]", .unescapedControlCharacter(0x0A), 1, 4),
      (#""abc"#, .unexpectedEnd(expected: "\" to close the string"), 1, 5),
      (#"{"a": [1, 2"#, .unexpectedEnd(expected: "\",\" or \"]\""), 1, 12),
      ("{\"a\" 1}", .unexpected(found: "\"1\"", expected: "\":\" after the key"), 1, 6),
      ("{a: 1}", .unexpected(found: "\"a\"", expected: "a key in double quotes or \"}\""), 1, 2),
      (
        "{'a': 1}",
        .unexpected(found: "\"'\" (strings take double quotes)", expected: "a key in double quotes or \"}\""), 1, 2
      ),
      ("[1 2]", .unexpected(found: "\"2\"", expected: "\",\" or \"]\""), 1, 4),
      ("{\"a\": 1 \"b\": 2}", .unexpected(found: "'\"'", expected: "\",\" or \"}\""), 1, 9),
      ("[1]]", .unexpected(found: "\"]\"", expected: "the end of the document"), 1, 4),
      ("{} {}", .unexpected(found: "\"{\"", expected: "the end of the document"), 1, 4),
      ("// note\n{}", .unexpected(found: "\"/\" (JSON has no comments)", expected: "a value"), 1, 1),
      ("[\u{201C}a\u{201D}]", .unexpected(found: "a non-ASCII character", expected: "a value"), 1, 2),
      ("{\n  \"a\": 1,\n  \"b\" 2\n}", .unexpected(found: "\"2\"", expected: "\":\" after the key"), 3, 7),
      ("{\r\n\"a\":x}", .unexpected(found: "\"x\"", expected: "a value"), 2, 5),
      ("{\r\"a\":\r\rx}", .unexpected(found: "\"x\"", expected: "a value"), 4, 1),
      ("[\"é😀\", x]", .unexpected(found: "\"x\"", expected: "a value"), 1, 8),
    ] as [(String, JSONError.Reason, Int, Int)])
  func refusesWithLineAndColumn(text: String, reason: JSONError.Reason, line: Int, column: Int) throws {
    let error = try #require(failure(text))
    #expect(error.reason == reason)
    #expect(error.position.line == line)
    #expect(error.position.column == column)
    #expect("\(error)".hasPrefix("line \(line), column \(column): "))
  }

  /// Bytes that are not UTF-8, inside a string: overlong forms, encoded surrogates, code points
  /// past U+10FFFF, stray continuation bytes, cut sequences.
  @Test(
    arguments: [
      [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80],
      [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xBF], [0xFF], [0xE2, 0x82],
      [0xE2, 0x82, 0x22],
    ] as [[UInt8]])
  func refusesInvalidUTF8(sequence: [UInt8]) throws {
    let error = try #require(failure([UInt8(ascii: "\""), UInt8(ascii: "a")] + sequence + [UInt8(ascii: "\"")]))
    #expect(error.reason == .invalidUTF8)
    #expect(error.position == JSONPosition(offset: 2, line: 1, column: 3))
  }

  @Test(
    arguments: [
      ([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], "UTF-16"),
      ([0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], "UTF-16"),
      ([0x5B, 0x00, 0x5D, 0x00], "UTF-16"),
      ([0xFF, 0xFE, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00], "UTF-32"),
      ([0x00, 0x00, 0x00, 0x5B], "UTF-32"),
    ] as [([UInt8], String)])
  func refusesOtherEncodings(bytes: [UInt8], encoding: String) throws {
    #expect(failure(bytes)?.reason == .notUTF8(encoding: encoding))
  }

  @Test func limitsWhatItHolds() throws {
    let limits = JSONLimits(maximumStringBytes: 8, maximumKeyBytes: 4, maximumNumberBytes: 5)
    #expect(failure(#"["12345678"]"#, limits: limits) == nil)
    let string = try #require(failure(#"[1, "123456789"]"#, limits: limits))
    #expect(string.reason == .stringTooLong(limit: 8))
    #expect(string.position.column == 5)
    #expect(failure(#"{"abcde": 1}"#, limits: limits)?.reason == .keyTooLong(limit: 4))
    #expect(failure("-1234", limits: limits) == nil)
    #expect(failure("123456", limits: limits)?.reason == .numberTooLong(limit: 5))
    // A 5 MB number and a 20 MB string under the default limits.
    #expect(failure([UInt8](repeating: UInt8(ascii: "7"), count: 5 << 20))?.reason == .numberTooLong(limit: 1024))
    let huge = [UInt8(ascii: "\"")] + [UInt8](repeating: UInt8(ascii: "x"), count: 20 << 20) + [UInt8(ascii: "\"")]
    #expect(failure(huge)?.reason == .stringTooLong(limit: 10 << 20))
  }

  /// A document handed over one and three bytes at a time reads the same as at once, with the
  /// same positions, since every token then straddles a chunk boundary.
  @Test(arguments: [1, 3])
  func readsAcrossChunkBoundaries(step: Int) throws {
    let text = "\u{FEFF}{\"ké😀y\": [\"\\ud83d\\ude00\\n€\", -12.5e-3, true, null],\r\n \"b\": {\"c\": false}}"
    var whole = JSONPullParser(bytes: Array(text.utf8))
    var trickled = JSONPullParser(TrickleSource(Array(text.utf8), step: step))
    while true {
      let expected = try whole.next()
      #expect(try trickled.next() == expected)
      #expect(trickled.position == whole.position)
      if expected == nil { break }
    }
    let broken = Array("[\"é\",\n \"\\u12\"]".utf8)
    var parser = JSONPullParser(TrickleSource(broken, step: step))
    let expected = try #require(failure(broken))
    #expect(throws: expected) { _ = try events(&parser) }
  }

  /// Offsets, lines and columns stay right past the parser's own chunk size.
  @Test func countsPositionsPastManyChunks() throws {
    var text = "[\n"
    for index in 0..<30_000 { text += "  {\"n\": \(index), \"s\": \"é\"},\n" }
    text += "  x]"
    let error = try #require(failure(text))
    #expect(error.position.offset == text.utf8.count - 2)
    #expect(error.position.line == 30_002)
    #expect(error.position.column == 3)
    #expect(error.path == JSONPath([.index(30_000)]))
  }

  @Test func saysWhereItStands() throws {
    var parser = JSONPullParser(bytes: Array(#"{"a": [{"b": 1}, {"c": [true]}]}"#.utf8))
    var seen: [String] = []
    while let event = try parser.next() {
      seen.append("\(event) \(parser.depth) \(parser.path)")
    }
    #expect(
      seen == [
        "objectStart 1 ", "key(\"a\") 1 a", "arrayStart 2 a", "objectStart 3 a[0]", "key(\"b\") 3 a[0].b",
        "number(1) 3 a[0].b", "objectEnd 2 a[0]", "objectStart 3 a[1]", "key(\"c\") 3 a[1].c",
        "arrayStart 4 a[1].c", "bool(true) 4 a[1].c[0]", "arrayEnd 3 a[1].c", "objectEnd 2 a[1]",
        "arrayEnd 1 a", "objectEnd 0 ",
      ])
  }

  @Test func keyAndIndexNameTheInnermostContainer() throws {
    var parser = JSONPullParser(bytes: Array(#"{"list": ["x", "y"]}"#.utf8))
    _ = try parser.next()
    _ = try parser.next()
    #expect(parser.key == "list" && parser.index == nil)
    _ = try parser.next()
    #expect(parser.key == nil && parser.index == nil)
    _ = try parser.next()
    _ = try parser.next()
    #expect(parser.index == 1 && parser.key == nil)
  }

  @Test func skipsValuesWithoutHoldingThem() throws {
    let limits = JSONLimits(maximumStringBytes: 4)
    var parser = JSONPullParser(
      bytes: Array(#"{"skip": {"long string": ["0123456789", {"x": [1, 2]}]}, "next": "kept", "after": 1}"#.utf8),
      limits: limits)
    #expect(try parser.next() == .objectStart)
    #expect(try parser.next() == .key("skip"))
    try parser.skipValue()
    #expect(parser.depth == 1)
    #expect(try parser.next() == .key("next"))
    #expect(try parser.next() == .string("kept"))
    #expect(try parser.next() == .key("after"))
    try parser.skipValue()
    #expect(try parser.next() == .objectEnd)
    #expect(try parser.next() == nil)
  }

  @Test func skipsTheRestOfAContainer() throws {
    var parser = JSONPullParser(bytes: Array(#"[{"type": "x", "children": [[], {"a": null}]}, 7]"#.utf8))
    #expect(try parser.next() == .arrayStart)
    #expect(try parser.next() == .objectStart)
    #expect(try parser.next() == .key("type"))
    #expect(try parser.next() == .string("x"))
    try parser.skipRestOfContainer()
    #expect(parser.depth == 1)
    #expect(try parser.next() == .number(JSONNumber(text: "7")))
    try parser.skipRestOfContainer()
    #expect(parser.depth == 0)
    #expect(try parser.next() == nil)
  }

  @Test func skippingStillChecksTheDocument() throws {
    var parser = JSONPullParser(bytes: Array("{\"a\": [\"ok\", \"\\q\"], \"b\": 1}".utf8))
    _ = try parser.next()
    _ = try parser.next()
    let error = #expect(throws: JSONError.self) { try parser.skipValue() }
    #expect(error?.reason == .invalidEscape("\\q"))
    #expect(error?.position.column == 15)
    #expect(error?.path == JSONPath([.key("a")]), "keys inside a skipped value are not kept")
    var whole = JSONPullParser(bytes: Array("[1, 2] 3".utf8))
    try whole.skipValue()
    #expect(throws: JSONError.self) { _ = try whole.next() }
  }

  @Test func anErrorStays() throws {
    var parser = JSONPullParser(bytes: Array("[1, ?, 2]".utf8))
    _ = try parser.next()
    _ = try parser.next()
    let first = #expect(throws: JSONError.self) { _ = try parser.next() }
    let second = #expect(throws: JSONError.self) { _ = try parser.next() }
    #expect(first == second)
  }

  @Test func reportsASourceThatCannotBeRead() throws {
    var parser = JSONPullParser(TrickleSource(Array("[1, ".utf8), step: .max, failure: "Input/output error"))
    let error = #expect(throws: JSONError.self) { _ = try events(&parser) }
    #expect(error?.reason == .unreadable("Input/output error"))
    #expect(error?.position.offset == 4)
  }

  @Test func readsAFileDescriptor() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stateproof-json-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let count = 200_000
    try Data(("[" + (0..<count).map { "{\"i\": \($0)}" }.joined(separator: ",") + "]").utf8).write(to: url)
    let descriptor = open(url.path, O_RDONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var parser = JSONPullParser(FileDescriptorSource(descriptor))
    var last: Int?
    while let event = try parser.next() {
      if case .number(let number) = event { last = number.int }
    }
    #expect(last == count - 1)
  }
}
