/// Splits identifiers and paths into lowercase words, so conventions can match
/// `blockedCameraShowsSettings`, `ios-camera-denied.png` and `camera.denied` alike.
package enum NameWords {
  package static func split(_ text: String) -> [String] {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return splitASCII(text) }
    var words: [String] = []
    var current = ""
    var previous: Character?
    for character in text {
      if !(character.isLetter || character.isNumber) || !character.isASCII {
        if !current.isEmpty { words.append(current) }
        current = ""
      } else {
        // A new word starts at lower→Upper (`blockedCamera`) and at letter↔digit changes.
        if let previous, !current.isEmpty,
          (previous.isLowercase && character.isUppercase)
            || (previous.isNumber != character.isNumber)
        {
          words.append(current)
          current = ""
        }
        current.append(character)
      }
      previous = character
    }
    if !current.isEmpty { words.append(current) }
    return words.map { $0.lowercased() }
  }

  /// ``split(_:)`` for ASCII text, on its bytes: the same words without asking Unicode tables
  /// about every character (test names are ASCII nearly always, and there are millions of them).
  private static func splitASCII(_ text: String) -> [String] {
    var words: [String] = []
    var current: [UInt8] = []
    var previous: UInt8 = 0
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    for byte in text.utf8 {
      if !(isDigit(byte) || isLower(byte) || isUpper(byte)) {
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        current.removeAll(keepingCapacity: true)
      } else {
        if !current.isEmpty, (isLower(previous) && isUpper(byte)) || isDigit(previous) != isDigit(byte) {
          words.append(String(decoding: current, as: UTF8.self))
          current.removeAll(keepingCapacity: true)
        }
        current.append(isUpper(byte) ? byte | 0x20 : byte)
      }
      previous = byte
    }
    if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
    return words
  }

  /// Whether `phrase` (already split) occurs as consecutive words in `words`.
  package static func contains(_ words: [String], phrase: [String]) -> Bool {
    guard !phrase.isEmpty, phrase.count <= words.count else { return false }
    return (0...(words.count - phrase.count)).contains { start in
      words[start..<(start + phrase.count)].elementsEqual(phrase)
    }
  }
}
