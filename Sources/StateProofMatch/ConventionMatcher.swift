import StateProofModel

/// The default attribution when the configuration names no selector or glob: a test name or a
/// file path proves a row when its words name the permission and one of the state's aliases.
/// The longest alias wins, so `deniedTwice` is not also read as `denied`.
struct ConventionMatcher: Sendable {
  private struct Phrase: Sendable {
    var row: RowID
    var words: [String]
  }

  private let phrases: [Phrase]
  private let permissions: Set<String>

  init(matrix: Matrix) {
    var phrases: [Phrase] = []
    for row in matrix.rows {
      let aliases = matrix.states[row.id]?.aliases ?? [row.id.state]
      for alias in aliases + [row.id.state] {
        phrases.append(Phrase(row: row.id, words: NameWords.split(alias)))
      }
    }
    self.phrases = phrases.sorted { $0.words.count > $1.words.count }
    permissions = Set(matrix.rows.map(\.id.permission))
  }

  func rows(forTest id: String) -> [RowID] { rows(words: NameWords.split(id)) }

  func rows(forPath path: String) -> [RowID] { rows(words: NameWords.split(path)) }

  private func rows(words: [String]) -> [RowID] {
    guard !permissions.isDisjoint(with: words) else { return [] }
    var matched: [RowID] = []
    var longest = 0
    for phrase in phrases where words.contains(phrase.row.permission) {
      guard phrase.words.count >= longest else { break }
      if NameWords.contains(words, phrase: phrase.words) {
        longest = phrase.words.count
        if !matched.contains(phrase.row) { matched.append(phrase.row) }
      }
    }
    return matched
  }
}
