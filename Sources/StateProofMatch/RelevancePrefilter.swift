/// A byte-level first look at a test's classname and name that rules out, without building any
/// string, the tests no selector and no naming convention could match: those containing neither
/// a selector's ``TestSelector/requiredText`` nor the name of a permission in the matrix.
///
/// It never rules out a test the full match would accept, so only the few tests it lets through
/// pay for glob matching and word splitting; in a file of millions of unrelated test cases
/// that is nearly none.
struct RelevancePrefilter: Sendable {
  private struct Needle: Sendable {
    var bytes: [UInt8]
    /// Whether ASCII capitals in the text count as their lowercase letters (the needle is
    /// lowercase already).
    var foldingCase: Bool
  }

  private let needles: [Needle]
  /// Bit `b` is set when some needle can start with byte `b`: most bytes of a name start none,
  /// so most positions cost one table look-up.
  private let firstBytes: [UInt64]
  /// True when some selector is all wildcards: then every test may match.
  private let admitsEverything: Bool

  init(selectors: [TestSelector], permissions: Set<String>) {
    admitsEverything = selectors.contains { $0.requiredText == nil }
    // Conventions compare lowercase ASCII words with the permission: a permission spelled with
    // anything else can never match one, so it needs no search.
    let wordBytes = Set(UInt8(ascii: "a")...UInt8(ascii: "z")).union(UInt8(ascii: "0")...UInt8(ascii: "9"))
    let folded = permissions.sorted().map { Array($0.utf8) }
      .filter { !$0.isEmpty && $0.allSatisfy(wordBytes.contains) }
      .map { Needle(bytes: $0, foldingCase: true) }
    let exact = selectors.compactMap { $0.requiredText.map { Needle(bytes: Array($0.utf8), foldingCase: false) } }
    needles = exact + folded
    var firstBytes = [UInt64](repeating: 0, count: 4)
    for needle in needles {
      let first = needle.bytes[0]
      var starts = [first]
      if needle.foldingCase, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") { starts.append(first - 0x20) }
      for byte in starts { firstBytes[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
    }
    self.firstBytes = firstBytes
  }

  /// False only when no selector and no convention can match the test.
  func admits(classname: String, name: String) -> Bool {
    admitsEverything || contains(classname) || contains(name)
  }

  /// False only when no selector and no convention can match a test whose classname and name
  /// are both texts this rules out: ask it of each, straight from the UTF-8 bytes.
  func admits(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    admitsEverything || contains(text)
  }

  private func contains(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { contains($0) }
  }

  private func contains(_ haystack: UnsafeBufferPointer<UInt8>) -> Bool {
    firstBytes.withUnsafeBufferPointer { firstBytes in
      for start in haystack.indices {
        let byte = haystack[start]
        guard firstBytes[Int(byte >> 6)] & (1 << UInt64(byte & 63)) != 0 else { continue }
        for needle in needles where Self.matches(needle, in: haystack, at: start) { return true }
      }
      return false
    }
  }

  private static func matches(_ needle: Needle, in haystack: UnsafeBufferPointer<UInt8>, at start: Int)
    -> Bool
  {
    guard needle.bytes.count <= haystack.count - start else { return false }
    for (offset, expected) in needle.bytes.enumerated() {
      var byte = haystack[start + offset]
      if needle.foldingCase, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte |= 0x20 }
      guard byte == expected else { return false }
    }
    return true
  }
}
