/// One step through a JSON document, as ``JSONPullParser`` reports it. Every object member
/// is a `key` followed by its value's events.
public enum JSONEvent: Sendable, Hashable {
  case objectStart
  case objectEnd
  case arrayStart
  case arrayEnd
  case key(String)
  case string(String)
  case number(JSONNumber)
  case bool(Bool)
  case null
}
