import StateProofJSON

/// Reading the value after a key leniently: a value of another type than the one asked for
/// counts as absent (and is passed over whole), never as an error. Untrusted JSON from other
/// tools omits, renames and retypes fields; only broken JSON is an error.
extension JSONPullParser {
  /// The value after a key when it is a string.
  mutating func lenientString() throws(JSONError) -> String? {
    let event = try next()
    if case .string(let text)? = event { return text }
    try skipRest(of: event)
    return nil
  }

  /// The value after a key when it is a number.
  mutating func lenientNumber() throws(JSONError) -> JSONNumber? {
    let event = try next()
    if case .number(let number)? = event { return number }
    try skipRest(of: event)
    return nil
  }

  /// The value after a key when it is `true` or `false`.
  mutating func lenientBool() throws(JSONError) -> Bool? {
    let event = try next()
    if case .bool(let flag)? = event { return flag }
    try skipRest(of: event)
    return nil
  }

  /// Passes over the rest of a value whose first event was `event`.
  mutating func skipRest(of event: JSONEvent?) throws(JSONError) {
    if event == .objectStart || event == .arrayStart { try skipRestOfContainer() }
  }
}
