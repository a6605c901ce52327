/// Why a text file's bytes did not all decode (``TextTranscoder``); each reader says which file
/// it concerns.
package enum TextEncodingProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// UTF-16 by its byte-order mark, but the bytes end inside a character (an odd byte count, or
  /// the first half of a surrogate pair): the file was cut short.
  case cutCharacter(TextTranscoder.Encoding)

  package var description: String {
    switch self {
    case .cutCharacter(let encoding):
      "the text is \(encoding.rawValue) (by its byte-order mark) and ends inside a character: it was cut short"
    }
  }
}
