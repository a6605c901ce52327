import Dispatch

/// Runs work over a list on every core and returns the results in the list's order, whatever
/// order the work finished in, so output built from them is the same as a serial run's.
enum ConcurrentMap {
  /// Applies `body` to each item concurrently (one item per worker at a time, so at most one item
  /// per core is in memory), starting with the costliest items so one big file does not run
  /// alone at the end. Results come back in `items`' order.
  static func map<Item: Sendable, Result: Sendable>(
    _ items: [Item], cost: (Item) -> Int, _ body: @Sendable (Item) -> Result
  ) -> [Result] {
    var results: [Result] = []
    results.reserveCapacity(items.count)
    forEach(items, cost: cost, body) { results.append($0) }
    return results
  }

  /// As ``map(_:cost:_:)``, but each result is moved to `consume`, in `items`' order, and not
  /// kept: a list of 1,000,000 results is held once, not again as the returned array.
  static func forEach<Item: Sendable, Result: Sendable>(
    _ items: [Item], cost: (Item) -> Int, _ body: @Sendable (Item) -> Result, consume: (consuming Result) -> Void
  ) {
    guard items.count > 1 else {
      for item in items { consume(body(item)) }
      return
    }
    // Stable: equal costs keep their list order.
    let order = items.indices.sorted { (cost(items[$0]), $1) > (cost(items[$1]), $0) }
    let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: items.count)
    slots.initialize(repeating: nil)
    defer {
      slots.deinitialize()
      slots.deallocate()
    }
    // Each slot is written by exactly one iteration and read only after all have finished.
    nonisolated(unsafe) let shared = slots
    DispatchQueue.concurrentPerform(iterations: items.count) { step in
      let index = order[step]
      shared[index] = body(items[index])
    }
    for index in slots.indices {
      consume(slots[index].take()!)
    }
  }
}
