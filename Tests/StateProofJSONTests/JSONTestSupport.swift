import StateProofJSON

/// Hands its bytes out a few at a time, so every token can straddle a chunk boundary.
struct TrickleSource: JSONByteSource {
  let bytes: [UInt8]
  let step: Int
  var offset = 0

  init(_ bytes: [UInt8], step: Int = 1) {
    self.bytes = bytes
    self.step = step
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    let count = min(step, buffer.count, bytes.count - offset)
    guard count > 0 else { return 0 }
    for index in 0..<count { buffer[index] = bytes[offset + index] }
    offset += count
    return count
  }
}

/// A source that fails after handing out its bytes.
struct FailingSource: JSONByteSource {
  var bytes: [UInt8]

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(JSONSourceError) -> Int {
    guard bytes.isEmpty else {
      let count = min(buffer.count, bytes.count)
      for index in 0..<count { buffer[index] = bytes[index] }
      bytes.removeFirst(count)
      return count
    }
    throw JSONSourceError(message: "Input/output error")
  }
}

/// Every event of a document, through `parser`.
func events(_ parser: inout JSONPullParser) throws(JSONError) -> [JSONEvent] {
  var all: [JSONEvent] = []
  while let event = try parser.next() { all.append(event) }
  return all
}

func events(_ text: String) throws(JSONError) -> [JSONEvent] {
  var parser = JSONPullParser(bytes: Array(text.utf8))
  return try events(&parser)
}

/// The error reading `bytes` whole gives, or nil when it reads.
func failure(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) -> JSONError? {
  var parser = JSONPullParser(bytes: bytes, limits: limits)
  do {
    _ = try events(&parser)
    return nil
  } catch {
    return error
  }
}

func failure(_ text: String, limits: JSONLimits = JSONLimits()) -> JSONError? {
  failure(Array(text.utf8), limits: limits)
}
