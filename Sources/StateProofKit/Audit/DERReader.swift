/// Just enough DER to tell what a SubjectPublicKeyInfo holds (RFC 5280 §4.1): its algorithm's
/// object identifier and parameters (an EC key's named curve, an RSA-PSS key's hashes), and the
/// key's bits (an RSA key's two integers). Every length is checked against what is left, so
/// hostile bytes end in `nil`, never a read past the end.
struct DERReader {
  /// One element: its tag and its contents' range in the bytes read.
  struct Element {
    var tag: UInt8
    var contents: Range<Int>
  }

  private let bytes: [UInt8]
  private var offset: Int
  private let end: Int

  init(_ bytes: [UInt8], range: Range<Int>? = nil) {
    self.bytes = bytes
    offset = range?.lowerBound ?? 0
    end = range?.upperBound ?? bytes.count
  }

  var isAtEnd: Bool { offset == end }

  /// The next element, which must have `tag`; nil when it has another, or its length is not DER's.
  mutating func next(_ tag: UInt8) -> Element? {
    guard offset + 2 <= end, bytes[offset] == tag else { return nil }
    var length = Int(bytes[offset + 1])
    var start = offset + 2
    if length & 0x80 != 0 {
      let count = length & 0x7F
      // Long form: one to three length bytes (a key is never 16 MB), no leading zero.
      guard (1...3).contains(count), start + count <= end, bytes[start] != 0 else { return nil }
      length = bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
      guard length >= 0x80 else { return nil }
      start += count
    }
    guard length <= end - start else { return nil }
    offset = start + length
    return Element(tag: tag, contents: start..<start + length)
  }

  /// A reader over an element's contents.
  func inside(_ element: Element) -> DERReader { DERReader(bytes, range: element.contents) }

  /// The element's contents.
  func contents(of element: Element) -> ArraySlice<UInt8> { bytes[element.contents] }
}
