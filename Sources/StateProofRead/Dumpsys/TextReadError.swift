import StateProofSystem

/// Why ``LineReader`` did not hand over every line of a text: the file could not be read to its
/// end, or its UTF-16 ends inside a character. Each reader says which file it concerns.
package enum TextReadError: Error, Sendable, Hashable, CustomStringConvertible {
  case unreadable(RegularFileError)
  case encoding(TextEncodingProblem)

  package var description: String {
    switch self {
    case .unreadable(let error): "\(error)"
    case .encoding(let problem): "\(problem)"
    }
  }
}
