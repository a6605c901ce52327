/// A matrix's test selectors indexed by their literal text, so each test is checked in full only
/// against the selectors that could match it: matching costs grow with tests + selectors, not
/// with their product.
///
/// Each selector is keyed by one of its ``TestSelector/keyPieces`` (the one fewest selectors
/// share, then the longest): every test it matches, or nearly matches, contains that piece in its
/// classname or its name, case aside. One pass of a ``LiteralSearch`` over a test's classname and
/// name finds every key it holds, and the matrix's permission names, which naming conventions
/// need. A selector of wildcards alone is a candidate for every test.
struct SelectorIndex: Sendable {
  let selectors: [TestSelector]
  /// Searches for the keys (their indices come first) and then the permission names.
  private let search: LiteralSearch
  /// The selectors keyed by each key.
  private let keyed: [[Int]]
  /// Selectors with no literal text: candidates for every test.
  private let unkeyed: [Int]

  init(selectors: [TestSelector], permissions: Set<String>) {
    self.selectors = selectors
    var sharing: [String: Set<Int>] = [:]
    for (index, selector) in selectors.enumerated() {
      for piece in selector.keyPieces { sharing[piece.lowercased(), default: []].insert(index) }
    }
    var keys: [String] = []
    var keyIndex: [String: Int] = [:]
    var keyed: [[Int]] = []
    var unkeyed: [Int] = []
    for (index, selector) in selectors.enumerated() {
      let pieces = selector.keyPieces.map { $0.lowercased() }
      guard
        let key = pieces.min(by: {
          (sharing[$0]!.count, -$0.utf8.count, $0) < (sharing[$1]!.count, -$1.utf8.count, $1)
        })
      else {
        unkeyed.append(index)
        continue
      }
      if keyIndex[key] == nil {
        keyIndex[key] = keys.count
        keys.append(key)
        keyed.append([])
      }
      keyed[keyIndex[key]!].append(index)
    }
    // Conventions compare lowercase ASCII words with the permission: a permission spelled with
    // anything else can never match one, so it needs no search.
    let words = permissions.sorted().filter { permission in
      !permission.isEmpty
        && permission.utf8.allSatisfy {
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
        }
    }
    search = LiteralSearch(keys + words)
    self.keyed = keyed
    self.unkeyed = unkeyed
  }

  /// False only when no selector could match a test whose classname and name are both texts this
  /// rules out, not even by spelling, and no naming convention could: the byte-level check a
  /// reader makes before it builds any string.
  func admits(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    !unkeyed.isEmpty || search.containsAny(text)
  }

  /// The selectors (indices into ``selectors``, ascending) whose key the test holds, and whether
  /// its classname or name holds a permission's name.
  func candidates(classname: String, name: String) -> (selectors: [Int], namesPermission: Bool) {
    var found = unkeyed
    var seen: Set<Int> = []
    for var text in [classname, name] {
      text.withUTF8 { bytes in
        search.forEachMatch(in: bytes) { pattern in
          guard seen.insert(pattern).inserted, pattern < keyed.count else { return }
          found += keyed[pattern]
        }
      }
    }
    return (found.sorted(), seen.contains { $0 >= keyed.count })
  }
}
