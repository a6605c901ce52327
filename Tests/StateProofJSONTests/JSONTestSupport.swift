import StateProofJSON

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
