/// A list that keeps its first `limit` elements and counts the rest, so a file with millions of
/// broken lines costs no more memory than one with a hundred.
package struct CappedList<Element> {
  package let limit: Int
  package private(set) var elements: [Element] = []
  /// How many were left out, and the first of them.
  package private(set) var leftOut = 0
  package private(set) var firstLeftOut: Element?

  package init(limit: Int) {
    self.limit = limit
  }

  package mutating func append(_ element: Element) {
    guard elements.count < limit else {
      if leftOut == 0 { firstLeftOut = element }
      leftOut += 1
      return
    }
    elements.append(element)
  }

  /// The elements kept, then (when any were left out) one more that `note` makes from the first
  /// left out and a message saying how many more `parts` (lines, keys) are not listed.
  package func listed(parts: String = "lines", noting note: (_ first: Element, _ message: String) -> Element)
    -> [Element]
  {
    guard let firstLeftOut else { return elements }
    return elements + [
      note(firstLeftOut, "from here on, \(leftOut) more \(parts) could not be read; they are not listed")
    ]
  }
}
