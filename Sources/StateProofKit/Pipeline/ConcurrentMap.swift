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
    guard items.count > 1 else { return items.map(body) }
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
    return slots.map { $0! }
  }
}
