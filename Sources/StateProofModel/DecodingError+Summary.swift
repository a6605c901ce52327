extension DecodingError {
  /// A short message for the user: which field, not the decoder's whole context.
  package var summary: String {
    func path(_ context: Context) -> String {
      context.codingPath.map(\.stringValue).joined(separator: ".")
    }
    switch self {
    case .keyNotFound(let key, let context):
      let within = path(context)
      return "missing \"\(key.stringValue)\"" + (within.isEmpty ? "" : " in \"\(within)\"")
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "wrong type for \"\(path(context))\""
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "not valid JSON" : "bad value for \"\(path(context))\""
    @unknown default: return "not valid JSON"
    }
  }
}
