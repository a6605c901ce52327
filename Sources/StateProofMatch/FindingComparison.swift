import StateProofModel

/// An earlier report's findings against a report's, by ``Finding/key`` (what and where, not the
/// wording). The earlier findings are handed one at a time, so a report of a million findings is
/// compared holding only their keys and those resolved, never the list.
package struct FindingComparison: Sendable {
  private let currentKeys: Set<String>
  private var earlierKeys: Set<String> = []
  private var acceptedKeys: Set<String> = []
  /// The earlier findings whose key the report has no more, in the order they were handed.
  package private(set) var resolved: [Finding] = []

  /// A comparison with `current`, the report's findings.
  package init(current: [Finding]) {
    currentKeys = Set(current.map(\.key))
  }

  /// Takes one earlier finding.
  package mutating func add(_ earlier: Finding) {
    let key = earlier.key
    earlierKeys.insert(key)
    if earlier.accepted != nil { acceptedKeys.insert(key) }
    if !currentKeys.contains(key) { resolved.append(earlier) }
  }

  /// The findings of `current` whose key no earlier finding had.
  package func new(in current: [Finding]) -> [Finding] {
    current.filter { !earlierKeys.contains($0.key) }
  }

  /// The findings of `current` accepted earlier and not now.
  package func expired(in current: [Finding]) -> [Finding] {
    current.filter { $0.accepted == nil && acceptedKeys.contains($0.key) }
  }
}
