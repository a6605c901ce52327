import StateProofModel
import StateProofEvidence

/// What the matcher asks of every test for every row, worked out once per report in one pass over
/// the tests: the selectors each matches (only those the ``SelectorIndex`` says could are tried),
/// the rows its name names by convention, the platform it is attributed to, and for each selector
/// that has matched nothing yet the few tests that missed it only by spelling.
struct TestFacts {
  /// A near miss to name in a hint: the test's `classname#name` and how it differs.
  struct Hint {
    var id: String
    /// The test however its producer spells it, so one test is named once.
    var identity: String
    var differences: SpellingDifference
  }

  private struct Origin: Hashable {
    var root: String
    var path: String
    var device: String?
  }

  let tests: [TestExecution]
  private var platforms: [Platform?] = []
  /// The tests (indices into `tests`) each selector matches, in evidence order.
  private var matching: [[Int]]
  private var namingRows: [RowID: [Int]] = [:]
  private var hints: [[Hint]]

  init(evidence: EvidenceSet, relevance: TestRelevance, attribution: PlatformAttribution) {
    tests = evidence.tests
    let selectors = relevance.index.selectors
    matching = Array(repeating: [], count: selectors.count)
    hints = Array(repeating: [], count: selectors.count)
    var origins: [Origin: Platform?] = [:]
    for (position, test) in tests.enumerated() {
      let origin = Origin(root: test.location.root, path: test.location.path, device: test.device)
      if origins[origin] == nil { origins[origin] = .some(attribution.platform(test.location, device: test.device)) }
      platforms.append(origins[origin]!)
      let (candidates, namesPermission) = relevance.index.candidates(classname: test.classname, name: test.name)
      if !candidates.isEmpty {
        let subject = SelectorSubject(classname: test.classname, name: test.name)
        for selector in candidates {
          if selectors[selector].matches(subject) {
            matching[selector].append(position)
          } else {
            offerHint(test, for: selector, selectors)
          }
        }
      }
      if namesPermission {
        for row in relevance.conventions.rows(forTest: test.id) {
          namingRows[row, default: []].append(position)
        }
      }
    }
    for test in evidence.nearMisses {
      for selector in relevance.index.candidates(classname: test.classname, name: test.name).selectors {
        offerHint(test, for: selector, selectors)
      }
    }
  }

  /// The platform the test at `index` is attributed to.
  func platform(of index: Int) -> Platform? { platforms[index] }

  /// The tests (indices into ``tests``) the selector matches, in evidence order.
  func tests(matching selector: Int) -> [Int] { matching[selector] }

  /// The tests whose names name `row` by convention, in evidence order.
  func tests(naming row: RowID) -> [Int] { namingRows[row] ?? [] }

  /// The tests that missed the selector only by spelling, when it matched none: at most
  /// ``NearMissSample/limit``.
  func hints(for selector: Int) -> [Hint] { matching[selector].isEmpty ? hints[selector] : [] }

  /// " Closest: a.B#c (differs in case)." for a selector that matched nothing; empty without hints.
  static func closest(_ hints: [Hint]) -> String {
    guard !hints.isEmpty else { return "" }
    let listed = hints.map { "\($0.id) (differs in \($0.differences.description))" }
    return " Closest: \(listed.joined(separator: "; "))."
  }

  private mutating func offerHint(_ test: TestExecution, for selector: Int, _ selectors: [TestSelector]) {
    guard matching[selector].isEmpty, hints[selector].count < NearMissSample.limit,
      !hints[selector].contains(where: { $0.identity == TestSelector.identity(of: test) }),
      let differences = selectors[selector].differences(classname: test.classname, name: test.name)
    else { return }
    hints[selector].append(Hint(id: test.id, identity: TestSelector.identity(of: test), differences: differences))
  }
}
