/// What every `encode` of a standard type (a truth value, a string, a number, or nothing) comes to
/// in the containers of both encoders (``EncodingNode``): each output gives it its form once, JSON
/// text or template data.
enum EncodedScalar {
  case null
  case bool(Bool)
  case string(String)
  case int(Int64)
  case unsigned(UInt64)
  case double(Double)
}
