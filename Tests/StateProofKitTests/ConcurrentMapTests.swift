import Testing

@testable import StateProofKit

/// Work over files runs on every core, but results come back in the files' order.
@Suite struct ConcurrentMapTests {
  @Test func resultsKeepTheListOrder() {
    let items = Array(0..<500)
    // Costs rising with the index: the costliest (last) items start first.
    let results = ConcurrentMap.map(items, cost: { $0 }) { item in item * item }
    #expect(results == items.map { $0 * $0 })
  }

  @Test func handlesEmptyAndSingleLists() {
    #expect(ConcurrentMap.map([Int](), cost: { $0 }) { $0 }.isEmpty)
    #expect(ConcurrentMap.map([7], cost: { $0 }) { $0 + 1 } == [8])
  }
}

/// `forEach` hands each result on in the list's order, once, whatever order the work ran in.
@Suite struct ConcurrentForEachTests {
  @Test func resultsAreHandedOnInTheListOrder() {
    let items = Array(0..<500)
    var seen: [Int] = []
    // The costliest (last) items start first.
    ConcurrentMap.forEach(items, cost: { $0 }, { $0 * 3 }) { seen.append($0) }
    #expect(seen == items.map { $0 * 3 })
    var single: [Int] = []
    ConcurrentMap.forEach([4], cost: { $0 }, { $0 + 1 }) { single.append($0) }
    #expect(single == [5])
  }
}
