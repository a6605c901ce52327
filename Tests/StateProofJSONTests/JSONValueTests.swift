import StateProofJSON
import Testing

/// The tree built on the pull parser: whole small documents, with duplicate keys refused.
@Suite struct JSONValueTests {
  @Test func buildsTheTree() throws {
    let value = try JSONValue.parse(Array(#"{"a": [1, "x", null, true, {"b": []}], "c": {}}"#.utf8))
    #expect(
      value
        == .object([
          "a": .array([.number(1), .string("x"), .null, .bool(true), .object(["b": .array([])])]),
          "c": .object([:]),
        ]))
    #expect(try JSONValue.parse(Array("2.5".utf8)) == .number(2.5))
  }

  /// The key path of the second key, where it is, and where the first was.
  @Test(arguments: [
    (#"{"app": "a", "app": "b"}"#, "app", 1, 14, 1, 2),
    ("{\"rows\": {\n  \"blocked\": {},\n  \"blocked\": {\"tests\": []}}}", "rows.blocked", 3, 3, 2, 3),
    (#"{"allow": [{"code": "x"}, {"code": "y", "reason": "", "code": "z"}]}"#, "allow[1].code", 1, 55, 1, 28),
    (#"[[{"a": {"b": 1, "b": 1}}]]"#, "[0][0].a.b", 1, 18, 1, 10),
  ] as [(String, String, Int, Int, Int, Int)])
  func refusesDuplicateKeys(text: String, path: String, line: Int, column: Int, firstLine: Int, firstColumn: Int)
    throws
  {
    let error = #expect(throws: JSONError.self) { _ = try JSONValue.parse(Array(text.utf8)) }
    #expect(error?.path.description == path)
    #expect(error?.position.line == line && error?.position.column == column)
    guard case .duplicateKey(let first)? = error?.reason else {
      Issue.record("not a duplicate key: \(String(describing: error))")
      return
    }
    #expect(first.line == firstLine && first.column == firstColumn)
    #expect(error?.description.contains("\(path): key given twice (first at line \(firstLine), column \(firstColumn))") == true)
  }

  @Test func theSameKeyInTwoObjectsIsFine() throws {
    let value = try JSONValue.parse(Array(#"[{"id": 1}, {"id": 2, "sub": {"id": 3}}]"#.utf8))
    #expect(value == .array([.object(["id": .number(1)]), .object(["id": .number(2), "sub": .object(["id": .number(3)])])]))
  }

  @Test func refusesWhatFollowsTheDocument() throws {
    #expect(throws: JSONError.self) { _ = try JSONValue.parse(Array(#"{"a": 1} {"a": 2}"#.utf8)) }
    #expect(throws: JSONError.self) { _ = try JSONValue.parse(Array(#"{"a": 1"#.utf8)) }
  }

  @Test func readsOneValueOutOfAStream() throws {
    var parser = JSONPullParser(bytes: Array(#"{"meta": {"n": 1, "tags": ["x"]}, "rest": 2}"#.utf8))
    #expect(try parser.next() == .objectStart)
    #expect(try parser.next() == .key("meta"))
    #expect(try parser.readValue() == .object(["n": .number(1), "tags": .array([.string("x")])]))
    #expect(try parser.next() == .key("rest"))
    #expect(try parser.readValue() == .number(2))
    #expect(try parser.next() == .objectEnd)
  }
}
