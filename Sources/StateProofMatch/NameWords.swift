/// Splits identifiers and paths into lowercase words, so conventions can match
/// `blockedCameraShowsSettings`, `ios-camera-denied.png` and `camera.denied` alike.
package enum NameWords {
  package static func split(_ text: String) -> [String] {
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

  /// Whether `phrase` (already split) occurs as consecutive words in `words`.
  package static func contains(_ words: [String], phrase: [String]) -> Bool {
    guard !phrase.isEmpty, phrase.count <= words.count else { return false }
    return (0...(words.count - phrase.count)).contains { start in
      words[start..<(start + phrase.count)].elementsEqual(phrase)
    }
  }
}
