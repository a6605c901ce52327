/// One top-level line of `aapt dump badging`, `aapt2 dump badging` or `… dump permissions`
/// output: its tag (before the first `:`) and its quoted values, keyed (`name='…'
/// maxSdkVersion='…'`) or not (`sdkVersion:'24'`, and aapt's older `uses-permission:'…'`), or
/// the bare word after the colon (`package: com.example` in `dump permissions`).
struct AaptDumpLine {
  var tag: Substring
  /// Each quoted value by its key; an unkeyed one under "".
  var values: [Substring: Substring] = [:]
  /// What follows the colon when it holds no quoted value.
  var bare: Substring?

  /// Nil for a line that is not one of aapt's tags: an indented one (`  uses-feature: …`,
  /// `  required-feature='…'`, which belong to the line above) or one without a tag.
  init?(_ text: Substring) {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    tag = text[..<colon]
    guard !tag.isEmpty, tag.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
    var rest = text[text.index(after: colon)...]
    guard rest.contains("'") else {
      let word = rest.trimmingPrefix(while: \.isWhitespace)
      bare = word.isEmpty ? nil : word
      return
    }
    while let quote = rest.firstIndex(of: "'") {
      let key = rest[..<quote].trimmingPrefix(while: \.isWhitespace)
      guard key.isEmpty || key.hasSuffix("=") else { return }
      let valueStart = rest.index(after: quote)
      let valueEnd = Self.closingQuote(in: rest[valueStart...]) ?? rest.endIndex
      values[key.dropLast(key.isEmpty ? 0 : 1)] = rest[valueStart..<valueEnd]
      rest = valueEnd < rest.endIndex ? rest[rest.index(after: valueEnd)...] : rest[rest.endIndex...]
    }
  }

  /// The `'` that ends a value: one followed by a space, a comma (older aapt's
  /// `uses-implied-permission:'NAME','REASON'`) or the end of the line (a label's own quote is
  /// written `\'` and followed by more of it).
  private static func closingQuote(in text: Substring) -> Substring.Index? {
    var index = text.startIndex
    while let quote = text[index...].firstIndex(of: "'") {
      let next = text.index(after: quote)
      if next == text.endIndex || text[next] == " " || text[next] == "," { return quote }
      index = next
    }
    return nil
  }
}
