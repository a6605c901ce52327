import FuzzSupport
import StateProofJSON
import StateProofSystem

/// libFuzzer entry: any bytes through the JSON pull parser. Whatever they are, reading them at
/// once, in chunks of a few bytes, and by skipping must agree (same events, same positions,
/// same error), and a document that reads as a tree must read back the same when written out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: bytes, count: count))
  let whole = readAll(JSONPullParser(bytes: input))
  let step = 1 + (input.first.map { Int($0) % 7 } ?? 0)
  let chunked = readAll(JSONPullParser(Chunks(bytes: input, step: step)))
  precondition(whole.events == chunked.events, "chunked events differ")
  precondition(whole.positions == chunked.positions, "chunked positions differ")
  precondition(
    whole.error == chunked.error,
    "chunked error differs: \(String(describing: whole.error)) \(String(describing: chunked.error))")
  precondition(
    zip(whole.positions, whole.positions.dropFirst()).allSatisfy { $0.offset < $1.offset }, "positions go back")

  // Skipping holds nothing, so only limits on what is held can make it accept more.
  var skipping = JSONPullParser(bytes: input)
  var skipError: JSONError?
  do {
    try skipping.skipValue()
    _ = try skipping.next()
  } catch {
    skipError = error
  }
  let heldTooMuch: Bool =
    switch whole.error?.reason {
    case .numberTooLong?, .stringTooLong?, .keyTooLong?: true
    default: false
    }
  if let skipError, !heldTooMuch {
    // The same error; its path is the skipped value's, as skipping keeps no keys.
    precondition(
      whole.error?.reason == skipError.reason && whole.error?.position == skipError.position,
      "skipping fails differently: \(skipError)")
    precondition(skipError.path.components.isEmpty, "skipping the root names a path")
  }
  if whole.error == nil { precondition(skipError == nil, "skipping refuses a document that reads") }

  if let tree = try? JSONNode.parse(input) {
    let written = Array(write(tree).utf8)
    guard let again = try? JSONNode.parse(written) else { preconditionFailure("written tree does not read") }
    precondition(isSame(tree, again), "written tree reads differently")
  }
  return 0
}

/// Every event, where each began, and the error that ended the read, if any.
private func readAll(_ start: JSONPullParser) -> (events: [JSONEvent], positions: [JSONPosition], error: JSONError?) {
  var parser = start
  var events: [JSONEvent] = []
  var positions: [JSONPosition] = []
  do {
    while let event = try parser.next() {
      events.append(event)
      positions.append(parser.position)
    }
    return (events, positions, nil)
  } catch {
    return (events, positions, error)
  }
}

/// The input handed over `step` bytes at a time.
private struct Chunks: ByteSource {
  let bytes: [UInt8]
  let step: Int
  var offset = 0

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    let count = min(step, buffer.count, bytes.count - offset)
    for index in 0..<max(count, 0) { buffer[index] = bytes[offset + index] }
    offset += max(count, 0)
    return max(count, 0)
  }
}

/// The tree as compact JSON, numbers as written, every non-ASCII character and control escaped.
private func write(_ node: JSONNode) -> String {
  switch node.value {
  case .null: return "null"
  case .bool(let flag): return flag ? "true" : "false"
  case .number(let number): return number.text
  case .string(let text): return quoted(text)
  case .array(let items): return "[" + items.map(write).joined(separator: ",") + "]"
  case .object(let members):
    return "{" + members.map { quoted($0.key) + ":" + write($0.value) }.joined(separator: ",") + "}"
  }
}

private func quoted(_ text: String) -> String {
  var out = "\""
  for unit in text.utf16 {
    switch unit {
    case 0x22: out += "\\\""
    case 0x5C: out += "\\\\"
    case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
    default:
      let digits = String(unit, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
  }
  return out + "\""
}

/// Equal trees, wherever their parts were written.
private func isSame(_ left: JSONNode, _ right: JSONNode) -> Bool {
  switch (left.value, right.value) {
  case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy(isSame)
  case (.object(let a), .object(let b)):
    return a.count == b.count && a.allSatisfy { key, value in b[key].map { isSame(value, $0) } ?? false }
  default: return left.value == right.value
  }
}

/// The harness's entry point: libFuzzer's driver on `fuzzJSON`.
@_cdecl("fuzz_json_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzJSON)
}
