import StateProofJSON
import Testing

/// The tree built on the pull parser: whole small documents with where each part begins, with
/// duplicate keys refused.
@Suite struct JSONNodeTests {
  /// The tree as compact JSON with sorted keys, positions left out.
  private func shape(_ node: JSONNode) -> String {
    switch node.value {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .number(let number): number.text
    case .string(let text): "\"\(text)\""
    case .array(let items): "[" + items.map(shape).joined(separator: ",") + "]"
    case .object(let members):
      "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":" + shape($0.value) }.joined(separator: ",") + "}"
    }
  }

  @Test func buildsTheTree() throws {
    let node = try JSONNode.parse(Array(#"{"a": [1, "x", null, true, {"b": []}], "c": {}}"#.utf8))
    #expect(shape(node) == #"{"a":[1,"x",null,true,{"b":[]}],"c":{}}"#)
    #expect(shape(try JSONNode.parse(Array("2.5e0".utf8))) == "2.5e0")
  }

  /// Every value keeps the line and column of its first token, so a caller can say where it is.
  @Test func keepsWhereEachValueBegins() throws {
    let node = try JSONNode.parse(Array("{\"a\": [1,\n  {\"b\": true}]}".utf8))
    guard case .object(let members) = node.value, let list = members["a"], case .array(let items) = list.value,
      case .object(let inner) = items[1].value, let flag = inner["b"]
    else {
      Issue.record("unexpected tree \(shape(node))")
      return
    }
    #expect(node.position.line == 1 && node.position.column == 1)
    #expect(list.position.line == 1 && list.position.column == 7)
    #expect(items[0].position.column == 8)
    #expect(items[1].position.line == 2 && items[1].position.column == 3)
    #expect(flag.position.line == 2 && flag.position.column == 9 && flag.typeDescription == "a boolean")
  }

  /// The key path of the second key, where it is, and where the first was.
  @Test(
    arguments: [
      (#"{"app": "a", "app": "b"}"#, "app", 1, 14, 1, 2),
      ("{\"rows\": {\n  \"blocked\": {},\n  \"blocked\": {\"tests\": []}}}", "rows.blocked", 3, 3, 2, 3),
      (#"{"allow": [{"code": "x"}, {"code": "y", "reason": "", "code": "z"}]}"#, "allow[1].code", 1, 55, 1, 28),
      (#"[[{"a": {"b": 1, "b": 1}}]]"#, "[0][0].a.b", 1, 18, 1, 10),
    ] as [(String, String, Int, Int, Int, Int)])
  func refusesDuplicateKeys(text: String, path: String, line: Int, column: Int, firstLine: Int, firstColumn: Int)
    throws
  {
    let error = #expect(throws: JSONError.self) { _ = try JSONNode.parse(Array(text.utf8)) }
    #expect(error?.path.description == path)
    #expect(error?.position.line == line && error?.position.column == column)
    guard case .duplicateKey(let first)? = error?.reason else {
      Issue.record("not a duplicate key: \(String(describing: error))")
      return
    }
    #expect(first.line == firstLine && first.column == firstColumn)
    #expect(
      error?.description.contains("\(path): key given twice (first at line \(firstLine), column \(firstColumn))")
        == true)
  }

  @Test func theSameKeyInTwoObjectsIsFine() throws {
    let node = try JSONNode.parse(Array(#"[{"id": 1}, {"id": 2, "sub": {"id": 3}}]"#.utf8))
    #expect(shape(node) == #"[{"id":1},{"id":2,"sub":{"id":3}}]"#)
  }

  @Test func refusesWhatFollowsTheDocument() throws {
    #expect(throws: JSONError.self) { _ = try JSONNode.parse(Array(#"{"a": 1} {"a": 2}"#.utf8)) }
    #expect(throws: JSONError.self) { _ = try JSONNode.parse(Array(#"{"a": 1"#.utf8)) }
  }

  @Test func readsOneValueOutOfAStream() throws {
    var parser = JSONPullParser(bytes: Array(#"{"meta": {"n": 1, "tags": ["x"]}, "rest": 2}"#.utf8))
    #expect(try parser.next() == .objectStart)
    #expect(try parser.next() == .key("meta"))
    #expect(shape(try parser.readNode()) == #"{"n":1,"tags":["x"]}"#)
    #expect(try parser.next() == .key("rest"))
    #expect(shape(try parser.readNode()) == "2")
    #expect(try parser.next() == .objectEnd)
  }
}
