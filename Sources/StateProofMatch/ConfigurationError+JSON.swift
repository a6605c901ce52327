import StateProofJSON
import StateProofModel

extension ConfigurationError {
  /// The reader's refusal of a configuration: the key path, the line and column, and why.
  package init(_ error: JSONDecodingError) {
    self.init(
      path: error.path.description, message: error.reason.message, line: error.position.line,
      column: error.position.column)
  }

  /// This error with the line and column of the value its key path names in `document`, for a
  /// check made after reading (the matrix's); unchanged when it has them or names no value.
  package func placed(in document: JSONNode) -> ConfigurationError {
    guard line == nil, let node = Self.value(at: path, in: document, here: JSONPath()) else { return self }
    return ConfigurationError(path: path, message: message, line: node.position.line, column: node.position.column)
  }

  /// The value of `node` or one inside it whose key path is written `path`.
  private static func value(at path: String, in node: JSONNode, here: JSONPath) -> JSONNode? {
    let written = here.description
    if written == path { return node }
    guard path.hasPrefix(written) else { return nil }
    switch node.value {
    case .array(let items):
      for (index, item) in items.enumerated() {
        if let found = value(at: path, in: item, here: here.appending(.index(index))) { return found }
      }
    case .object(let members):
      for (key, member) in members.sorted(by: { $0.key < $1.key }) {
        if let found = value(at: path, in: member, here: here.appending(.key(key))) { return found }
      }
    default:
      break
    }
    return nil
  }
}
