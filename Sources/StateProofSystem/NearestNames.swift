/// "Did you mean …": the known names closest to a mistyped one, for every message that refuses
/// a name (a command, an option, a finding code, a permission id, a configuration key, a path).
package enum NearestNames {
  /// The names of `known` nearest to `word`: those it misses by at most a third of its length in
  /// single-letter edits (an adjacent swap counts as one; letter case is ignored), else the one
  /// name it begins or ends (`--conf` for `--config`); best first, at most three, empty when
  /// none is near. `word` itself never counts.
  package static func nearest(to word: String, among known: some Sequence<String>) -> [String] {
    let typed = Array(word.lowercased())
    guard !typed.isEmpty else { return [] }
    let limit = max(1, min(3, typed.count / 3))
    var scored: [(distance: Int, name: String)] = []
    var prefixed: [String] = []
    var seen: Set<String> = []
    for name in known where name != word && seen.insert(name).inserted {
      let candidate = Array(name.lowercased())
      if let distance = distance(typed, candidate, limit: limit) {
        scored.append((distance, name))
      } else if candidate.starts(with: typed) || typed.starts(with: candidate) && candidate.count >= 3 {
        prefixed.append(name)
      }
    }
    if !scored.isEmpty {
      return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(3).map(\.name)
    }
    return prefixed.count == 1 ? prefixed : []
  }

  /// `" (did you mean X?)"` (or `X or Y`) for the names nearest to `word`, shown with `shown`
  /// (`--` before an option, quotes around a value); empty when none is near.
  package static func didYouMean(
    _ word: String, among known: some Sequence<String>, shown: (String) -> String = { $0 }
  ) -> String {
    didYouMean(nearest(to: word, among: known).map(shown))
  }

  /// `" (did you mean X?)"`, `" (did you mean X or Y?)"` for `names` as they are; empty for none.
  package static func didYouMean(_ names: [String]) -> String {
    guard let last = names.last else { return "" }
    let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
    return " (did you mean \(list)?)"
  }

  /// The optimal-string-alignment distance between `a` and `b` (insertions, deletions,
  /// substitutions, and swaps of two adjacent letters), or nil when it exceeds `limit`.
  static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
    guard abs(a.count - b.count) <= limit else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var smallest = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, before[j - 2] + 1)
        }
        current[j] = value
        smallest = min(smallest, value)
      }
      if smallest > limit { return nil }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}
