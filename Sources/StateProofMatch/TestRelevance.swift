import StateProofKnowledge
import StateProofModel
import StateProofEvidence

/// Which test executions may prove something for a matrix: the selectors of its rows and
/// receipts (each distinct text once) and its naming conventions. The readers ask it while large
/// files stream, to keep only what matters; rows and receipts are decided by the same selectors.
package struct TestRelevance: Sendable {
  /// Every distinct selector of the matrix and the receipts, indexed by its literal text.
  let index: SelectorIndex
  /// Each row's selectors, as indices into `index.selectors`.
  let rowSelectors: [RowID: [Int]]
  /// Each platform's receipt selector, as an index into `index.selectors`.
  let receiptSelectors: [Platform: Int]
  let conventions: ConventionMatcher

  init(matrix: Matrix, configuration: Configuration) {
    let platforms = Set(matrix.rows.map(\.id.platform)).sorted()
    let receipts = platforms.map { platform in
      configuration.platforms[platform]?.receipt ?? PlatformKnowledge.defaultReceipt(for: platform)
    }
    var texts: [String] = []
    var positions: [String: Int] = [:]
    func position(_ text: String) -> Int {
      if let known = positions[text] { return known }
      positions[text] = texts.count
      texts.append(text)
      return texts.count - 1
    }
    receiptSelectors = Dictionary(uniqueKeysWithValues: zip(platforms, receipts.map(position)))
    rowSelectors = Dictionary(uniqueKeysWithValues: matrix.rows.map { ($0.id, $0.tests.map(position)) })
    index = SelectorIndex(
      selectors: texts.map(TestSelector.init), permissions: Set(matrix.rows.map(\.id.permission)))
    conventions = ConventionMatcher(matrix: matrix)
  }

  /// What a test execution is to this matrix.
  package enum Kind: Sendable, Equatable {
    /// A selector matches it, or a naming convention for a row without selectors: it may prove
    /// something.
    case evidence
    /// It misses these selectors (indices) only by spelling: worth a hint, never proof.
    case nearMiss([Int])
    case none
  }

  package func kind(of test: TestExecution) -> Kind {
    let (candidates, namesPermission) = index.candidates(classname: test.classname, name: test.name)
    if !candidates.isEmpty {
      let subject = SelectorSubject(classname: test.classname, name: test.name)
      if candidates.contains(where: { index.selectors[$0].matches(subject) }) { return .evidence }
    }
    // A convention proves only rows without selectors.
    if namesPermission, conventions.rows(forTest: test.id).contains(where: { rowSelectors[$0]?.isEmpty ?? true }) {
      return .evidence
    }
    let near = candidates.filter { index.selectors[$0].nearlyMatches(classname: test.classname, name: test.name) }
    return near.isEmpty ? .none : .nearMiss(near)
  }

  /// Whether to keep `test` as evidence; a near miss goes to `nearMisses` instead, if there is
  /// room for it.
  package func keep(_ test: TestExecution, nearMisses: inout NearMissSample) -> Bool {
    switch kind(of: test) {
    case .evidence: return true
    case .nearMiss(let selectors):
      nearMisses.offer(test, selectors: selectors)
      return false
    case .none: return false
    }
  }

  /// The near misses of several files (each sampled already), sampled again as one.
  package func sample(nearMisses tests: [TestExecution]) -> [TestExecution] {
    var sample = NearMissSample()
    for test in tests {
      if case .nearMiss(let selectors) = kind(of: test) { sample.offer(test, selectors: selectors) }
    }
    return sample.tests
  }

  /// The byte-level first half of ``kind(of:)``, for a reader to ask of a test's classname
  /// and of its name before making strings of them: a test both are rejected for is neither
  /// relevant nor a near miss.
  package func mayBeRelevant(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    index.admits(text)
  }
}
