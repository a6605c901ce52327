import StateProofJSON
import StateProofTestSupport
import Testing

/// `Decodable` types read through the strict reader: every refusal names line, column and key
/// path; numbers convert exactly or not at all.
@Suite struct JSONDecodingTests {
  struct File: Decodable, Equatable {
    var path: String
    var bytes: Int
    var sha256: String?
    var tags: [String]
  }

  struct Listing: Decodable, Equatable {
    var name: String
    var files: [File]
  }

  struct Ratio: Decodable, Equatable {
    var value: Double
  }

  enum Status: String, Decodable {
    case read, ignored
  }

  @Test func readsWhatFoundationWouldRead() throws {
    let text =
      #"{"name": "n", "files": [{"path": "a", "bytes": 3, "sha256": null, "tags": []}, "#
      + #"{"path": "b\u00c5", "bytes": 1.2e1, "tags": ["x"], "unknown": {"deep": [1]}}]}"#
    let listing = try JSONDecoding.decode(Listing.self, from: Array(text.utf8))
    #expect(
      listing
        == Listing(
          name: "n",
          files: [
            File(path: "a", bytes: 3, sha256: nil, tags: []), File(path: "bÅ", bytes: 12, sha256: nil, tags: ["x"]),
          ]))
    #expect(try JSONDecoding.decode([String: Int].self, from: Array(#"{"a": 1, "b": -2}"#.utf8)) == ["a": 1, "b": -2])
    #expect(try JSONDecoding.decode(Ratio.self, from: Array(#"{"value": 2.5e-3}"#.utf8)).value == 0.0025)
  }

  /// What is wrong, where it starts, and the key path that leads to it.
  @Test(
    arguments: [
      (
        #"{"name": "n", "files": [{"path": "a", "bytes": "3", "tags": []}]}"#, "files[0].bytes", 1, 48,
        "expected an integer, found a string"
      ),
      ("{\"name\": \"n\",\n \"files\": [\n  {\"path\": \"a\", \"tags\": []}]}", "files[0]", 3, 3, #"missing "bytes""#),
      (
        #"{"name": "n", "files": [{"path": "a", "bytes": 99999999999999999999, "tags": []}]}"#, "files[0].bytes", 1, 48,
        "the number 99999999999999999999 does not fit Int"
      ),
      (
        #"{"name": "n", "files": [{"path": "a", "bytes": 1.5, "tags": []}]}"#, "files[0].bytes", 1, 48,
        "expected an integer, found the number 1.5"
      ),
      (
        #"{"name": "n", "files": [{"path": "a", "bytes": 1, "tags": [7]}]}"#, "files[0].tags[0]", 1, 60,
        "expected a string, found a number"
      ),
      (#"{"name": "n", "files": {}}"#, "files", 1, 24, "expected an array, found an object"),
      (#"{"name": null, "files": []}"#, "name", 1, 10, "expected a string, found null"),
    ] as [(String, String, Int, Int, String)])
  func refusesTheWrongShape(text: String, path: String, line: Int, column: Int, message: String) {
    let error = #expect(throws: JSONDecodingError.self) {
      _ = try JSONDecoding.decode(Listing.self, from: Array(text.utf8))
    }
    #expect(error?.path.description == path)
    #expect(error?.position.line == line && error?.position.column == column, "\(String(describing: error))")
    #expect(error?.description == "line \(line), column \(column): \"\(path)\": \(message)")
  }

  @Test func aNumberOutOfRangeIsNoInfinity() {
    let error = #expect(throws: JSONDecodingError.self) {
      _ = try JSONDecoding.decode(Ratio.self, from: Array(#"{"value": 1e400}"#.utf8))
    }
    #expect(error?.reason == .outOfRange(number: "1e400", type: "a 64-bit floating-point number"))
    #expect(throws: JSONDecodingError.self) { _ = try JSONDecoding.decode(UInt8.self, from: Array("256".utf8)) }
    #expect(throws: JSONDecodingError.self) { _ = try JSONDecoding.decode(UInt.self, from: Array("-1".utf8)) }
  }

  /// A type's own refusal (an unknown enumeration case) is placed at the value it refused.
  @Test func aRefusedValueIsPlaced() {
    let error = #expect(throws: JSONDecodingError.self) {
      _ = try JSONDecoding.decode([String: [Status]].self, from: Array("{\"a\": [\"read\",\n \"lost\"]}".utf8))
    }
    #expect(error?.path.description == "a[1]")
    #expect(error?.position.line == 2 && error?.position.column == 2)
    #expect(error?.description.contains("lost") == true)
  }

  /// What the reader refuses is refused here too, with its reason: duplicate keys (which
  /// Foundation's decoder takes the last of), depth, anything after the document.
  @Test func refusesWhatIsNotStrictJSON() {
    let duplicate = #expect(throws: JSONDecodingError.self) {
      _ = try JSONDecoding.decode(Listing.self, from: Array(#"{"name": "a", "files": [], "name": "b"}"#.utf8))
    }
    #expect(duplicate?.path.description == "name" && duplicate?.position.column == 28)
    guard case .invalid(.duplicateKey(let first))? = duplicate?.reason else {
      Issue.record("not a duplicate key: \(String(describing: duplicate))")
      return
    }
    #expect(first.column == 2)
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    let tooDeep = #expect(throws: JSONDecodingError.self) {
      _ = try JSONDecoding.decode([String].self, from: Array(deep.utf8))
    }
    #expect(tooDeep?.reason == .invalid(.tooDeep(limit: 256)))
    #expect(tooDeep?.position.column == 257)
    #expect(tooDeep?.description.hasSuffix("not valid JSON: objects and arrays nested more than 256 deep") == true)
    #expect(throws: JSONDecodingError.self) { _ = try JSONDecoding.decode([Int].self, from: Array("[1] [2]".utf8)) }
  }

  /// A large array read one element at a time: the rest of the object whole, the array's place
  /// empty, errors still placed in the whole document.
  @Test func streamsOneArray() throws {
    let text =
      "{\"name\": \"n\", \"skip\": {\"x\": [1, 2]},\n \"files\": [{\"path\": \"a\", \"bytes\": 1, \"tags\": []},\n"
      + " {\"path\": \"b\", \"bytes\": 2, \"tags\": []} ]}"
    var parser = JSONPullParser(TrickleSource(Array(text.utf8), step: 3))
    var files: [File] = []
    let root = try JSONDecoding.readObject(from: &parser, streaming: ["files"], skipping: ["skip"]) {
      (_: String, parser: inout JSONPullParser) throws(JSONDecodingError) in
      files.append(try JSONDecoding.decodeNext(File.self, from: &parser))
    }
    #expect(files.map(\.path) == ["a", "b"])
    #expect(try JSONDecoding.decode(Listing.self, from: root) == Listing(name: "n", files: []))
    guard case .object(let members) = root.value else { return }
    #expect(members["skip"] == nil)

    let bad =
      "{\"files\": [{\"path\": \"a\", \"bytes\": 1, \"tags\": []},\n {\"path\": 2, \"bytes\": 2, \"tags\": []}]}"
    var second = JSONPullParser(bytes: Array(bad.utf8))
    let error = #expect(throws: JSONDecodingError.self) {
      _ = try JSONDecoding.readObject(from: &second, streaming: ["files"]) {
        (_: String, parser: inout JSONPullParser) throws(JSONDecodingError) in
        _ = try JSONDecoding.decodeNext(File.self, from: &parser)
      }
    }
    #expect(error?.description == "line 2, column 11: \"files[1].path\": expected a string, found a number")
    for (text, message) in [
      (#"{"files": [1,]}"#, "a comma before a closing bracket"),
      (#"{"files": 3}"#, "expected an array, found a number"),
      (#"[]"#, "expected an object, found an array"), (#"{"files": [], "files": []}"#, "key given twice"),
    ] {
      var parser = JSONPullParser(bytes: Array(text.utf8))
      let error = #expect(throws: JSONDecodingError.self) {
        _ = try JSONDecoding.readObject(from: &parser, streaming: ["files"]) {
          (_: String, parser: inout JSONPullParser) throws(JSONDecodingError) in
          try JSONDecoding.skipNext(from: &parser)
        }
      }
      #expect(error?.description.contains(message) == true, "\(text): \(String(describing: error))")
    }
  }
}
