/// A byte-level first look at a test's classname and name that rules out, without building any
/// string, the tests no selector and no naming convention could match: those containing neither
/// a selector's ``TestSelector/requiredText`` nor the name of a permission in the matrix.
///
/// It never rules out a test the full match would accept, so only the few tests it lets through
/// pay for glob matching and word splitting; in a file of millions of unrelated test cases
/// that is nearly none.
struct RelevancePrefilter: Sendable {
  /// Text to find as written: one per selector.
  private let exact: [[UInt8]]
  /// Permission names (lowercase ASCII letters and digits), to find in any letter case.
  private let folded: [[UInt8]]
  /// True when some selector is all wildcards: then every test may match.
  private let admitsEverything: Bool

  init(selectors: [TestSelector], permissions: Set<String>) {
    admitsEverything = selectors.contains { $0.requiredText == nil }
    exact = selectors.compactMap { $0.requiredText.map { Array($0.utf8) } }
    // Conventions compare lowercase ASCII words with the permission: a permission spelled with
    // anything else can never match one, so it needs no search.
    let wordBytes = Set(UInt8(ascii: "a")...UInt8(ascii: "z")).union(UInt8(ascii: "0")...UInt8(ascii: "9"))
    folded = permissions.map { Array($0.utf8) }.filter { !$0.isEmpty && $0.allSatisfy(wordBytes.contains) }
  }

  /// False only when no selector and no convention can match the test.
  func admits(classname: String, name: String) -> Bool {
    admitsEverything || contains(classname) || contains(name)
  }

  private func contains(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { haystack in
      exact.contains { Self.find($0, in: haystack, foldingCase: false) }
        || folded.contains { Self.find($0, in: haystack, foldingCase: true) }
    }
  }

  /// Whether `needle` occurs in `haystack`; with `foldingCase`, ASCII capitals in the haystack
  /// count as their lowercase letters (the needle is lowercase already).
  private static func find(
    _ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, foldingCase: Bool
  ) -> Bool {
    guard needle.count <= haystack.count else { return false }
    return needle.withUnsafeBufferPointer { needle in
      for start in 0...(haystack.count - needle.count) {
        var matched = 0
        while matched < needle.count {
          var byte = haystack[start + matched]
          if foldingCase, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
          guard byte == needle[matched] else { break }
          matched += 1
        }
        if matched == needle.count { return true }
      }
      return false
    }
  }
}
