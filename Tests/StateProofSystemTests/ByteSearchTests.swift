import StateProofSystem
import StateProofTestSupport
import Testing

/// `memchr` then `memcmp`: every hit, miss and edge against a plain scan of the same bytes.
@Suite struct ByteSearchTests {
  private static func offset(_ needle: String, in haystack: [UInt8]) -> Int? {
    Array(needle.utf8).withUnsafeBytes { needle in
      haystack.withUnsafeBytes { ByteSearch.firstOffset(of: needle, in: $0) }
    }
  }

  @Test func findsTheFirstWholeMatchAfterFalseStarts() {
    #expect(Self.offset("abc", in: Array("ababxabcabc".utf8)) == 5)
    #expect(Self.offset("<?xml", in: Array("<<?x<?xml <?xml".utf8)) == 4)
  }

  @Test func findsANeedleAtEitherEndOrTheWholeHaystack() {
    #expect(Self.offset("ab", in: Array("abxx".utf8)) == 0)
    #expect(Self.offset("xy", in: Array("abxy".utf8)) == 2)
    #expect(Self.offset("abxy", in: Array("abxy".utf8)) == 0)
  }

  @Test func missesWhatIsNotThereWhole() {
    #expect(Self.offset("xyz", in: Array("xyxyx".utf8)) == nil)
    #expect(Self.offset("abcd", in: Array("abc".utf8)) == nil)
    #expect(Self.offset("", in: Array("abc".utf8)) == nil)
    #expect(Self.offset("a", in: []) == nil)
  }

  @Test func agreesWithAPlainScanOnRandomBytes() {
    var random = SeededRandom(seed: 11)
    for _ in 0..<200 {
      let haystack = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...3, using: &random) }
      let needle = (0..<Int.random(in: 1...4, using: &random)).map { _ in UInt8.random(in: 0...3, using: &random) }
      let expected = haystack.indices.first { haystack[$0...].starts(with: needle) }
      let found = needle.withUnsafeBytes { needle in
        haystack.withUnsafeBytes { ByteSearch.firstOffset(of: needle, in: $0) }
      }
      #expect(found == expected, "needle \(needle) in \(haystack)")
    }
  }
}
