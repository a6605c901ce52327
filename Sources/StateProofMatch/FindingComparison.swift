import StateProofModel

/// An earlier report's findings against a report's, by ``Finding/key`` (what and where, not the
/// wording), holding neither list whole: the earlier report's keys (``Keys``) give the report's
/// new findings at once, and its findings handed one at a time afterwards give those resolved.
/// So `verify` compares a report of a million findings with the decision made again holding
/// only keys and what differs.
package struct FindingComparison: Sendable {
  /// The keys of an earlier report's findings, all and those accepted.
  package struct Keys: Sendable {
    var all: Set<String> = []
    var accepted: Set<String> = []

    package init(_ findings: some Sequence<Finding>) {
      for finding in findings {
        all.insert(finding.key)
        if finding.accepted != nil { accepted.insert(finding.key) }
      }
    }
  }

  /// The report's findings whose key no earlier finding had.
  package let new: [Finding]
  /// The report's findings accepted earlier and not now.
  package let expired: [Finding]
  /// The report's accepted findings that were not accepted earlier (open then, or not there).
  package let accepted: [Finding]
  /// The earlier findings whose key the report has no more (open or accepted), in the order they
  /// were handed.
  package private(set) var resolved: [Finding] = []
  private let currentKeys: Set<String>

  /// A comparison of `current`, the report's open findings, and `currentAccepted`, those it
  /// accepts, with earlier ones of `earlier` keys: a finding accepted now is still there, so it
  /// is never resolved.
  package init(earlier: Keys, current: [Finding], currentAccepted: [Finding] = []) {
    new = current.filter { !earlier.all.contains($0.key) }
    expired = current.filter { $0.accepted == nil && earlier.accepted.contains($0.key) }
    accepted = currentAccepted.filter { !earlier.accepted.contains($0.key) }
    var keys: Set<String> = []
    for finding in current { keys.insert(finding.key) }
    for finding in currentAccepted { keys.insert(finding.key) }
    currentKeys = keys
  }

  /// Takes one earlier finding: resolved when the report has no finding of its key.
  package mutating func add(_ earlier: Finding) {
    if !currentKeys.contains(earlier.key) { resolved.append(earlier) }
  }
}
