/// Why bytes gave no property list to read an `Info.plist` from, worded for the user.
enum PropertyListProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// Larger than ``PropertyListDocument/maxBytes``: refused before parsing.
  case tooLarge(bytes: Int)
  /// XML that declares entities (a DTD's internal subset): refused before parsing, so no
  /// platform's parser is asked to expand or refuse them.
  case declaresEntities
  /// Foundation could not decode it; `detail` is its own word on why, when it gave one.
  case undecodable(binary: Bool, detail: String?)
  /// It decoded, but its top level is not a dictionary.
  case notDictionary

  var description: String {
    switch self {
    case .tooLarge(let bytes):
      "\(bytes) bytes, more than the \(PropertyListDocument.maxBytes >> 20) MiB any app's Info.plist stays under: not read"
    case .declaresEntities: "a property list that declares XML entities, which StateProof never expands"
    case .undecodable(true, _): "a binary property list that does not decode (cut short or corrupt)"
    case .undecodable(false, let detail?): "a property list that does not parse: \(detail)"
    case .undecodable(false, nil): "a property list that does not parse"
    case .notDictionary: "a property list whose top level is not a dictionary"
    }
  }
}
