import StateProofJSON

extension JSONProblem {
  /// The strict reader's error, with its key path, line and column as values.
  init(_ error: JSONDecodingError) {
    self.init(
      keyPath: error.path.components.isEmpty ? nil : error.path.description, line: error.position.line,
      column: error.position.column, message: error.description)
  }
}
