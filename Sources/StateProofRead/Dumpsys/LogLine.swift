import StateProofModel

/// One line of a seed log or a dump, cleaned of what CI adds around dumpsys output: ANSI colour
/// and cursor sequences, carriage returns, and log prefixes (ISO timestamps, `[tag] `, logcat's
/// `I/Tag(123): ` and `11-02 10:00:01.123  123  456 I Tag: `). Works on bytes, so invalid UTF-8
/// and NUL bytes pass through without stopping the read. ``LineReader`` splits the lines.
package struct LogLine: Sendable {
  /// The 1-based line number in the file.
  package var number: Int
  /// The line without control sequences or carriage returns.
  package var bytes: [UInt8]
  /// Where the text after the log prefixes starts, its indentation included.
  package var bodyStart: Int
  /// Where a log prefix that is a date and time (`2026-11-02T10:00:01.1234567Z`) is, if one is.
  package var timestamp: Range<Int>?

  package init(number: Int, raw: ArraySlice<UInt8>) {
    self.number = number
    bytes = Self.removingControlSequences(raw)
    (bodyStart, timestamp) = Self.prefixEnd(of: bytes)
  }

  /// The time its date-and-time prefix names, when it has one that reads as one.
  package func time(source: String) -> EvidenceTime? {
    timestamp.flatMap { EvidenceTime(iso8601: String(decoding: bytes[$0], as: UTF8.self), source: source) }
  }

  /// Spaces and tabs between the log prefixes and the text.
  package var indent: Int {
    bytes[bodyStart...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
  }

  /// The text after prefixes and indentation, without trailing whitespace.
  package var content: ArraySlice<UInt8> {
    var end = bytes.count
    let start = bodyStart + indent
    while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") {
      end -= 1
    }
    return bytes[start..<end]
  }

  /// Drops `ESC [ … final`, `ESC ] … BEL` (or `ESC \`), other two-byte escapes and stray CRs.
  private static func removingControlSequences(_ raw: ArraySlice<UInt8>) -> [UInt8] {
    guard raw.contains(where: { $0 == 0x1B || $0 == UInt8(ascii: "\r") }) else { return Array(raw) }
    var result: [UInt8] = []
    result.reserveCapacity(raw.count)
    var index = raw.startIndex
    while index < raw.endIndex {
      let byte = raw[index]
      index += 1
      if byte == UInt8(ascii: "\r") { continue }
      guard byte == 0x1B else {
        result.append(byte)
        continue
      }
      guard index < raw.endIndex else { break }
      let kind = raw[index]
      index += 1
      if kind == UInt8(ascii: "[") {
        while index < raw.endIndex, !(0x40...0x7E).contains(raw[index]) { index += 1 }
        index += 1
      } else if kind == UInt8(ascii: "]") {
        while index < raw.endIndex, raw[index] != 0x07, raw[index] != 0x1B { index += 1 }
        index += index < raw.endIndex && raw[index] == 0x1B ? 2 : 1
      }
    }
    return result
  }

  /// Where the log prefixes at the start of `bytes` end (a few may be stacked: a CI timestamp,
  /// then a `[seed]` tag), and where the first one that is a date and time is.
  private static func prefixEnd(of bytes: [UInt8]) -> (Int, Range<Int>?) {
    var start = 0
    var dated: Range<Int>?
    for _ in 0..<4 {
      if let end = timestampEnd(bytes, from: start) {
        if dated == nil, match("dddd-dd-dd", bytes, start) != nil { dated = start..<(end - 1) }
        start = end
        continue
      }
      guard let next = logcatBriefEnd(bytes, from: start) ?? tagEnd(bytes, from: start) else { break }
      start = next
    }
    return (start, dated)
  }

  /// `2026-11-02T10:00:01Z `, `2026-11-02 10:00:01.123+01:00 `, `10:00:01.5 `, or logcat's
  /// threadtime `11-02 10:00:01.123  1234  1234 I Tag: `, each followed by one space or tab.
  private static func timestampEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var cursor = start
    var logcatDate = false
    if let end = match("dddd-dd-dd", bytes, cursor) {
      guard end < bytes.count, bytes[end] == UInt8(ascii: "T") || bytes[end] == UInt8(ascii: " ")
      else { return nil }
      cursor = end + 1
    } else if let end = match("dd-dd ", bytes, cursor) {
      cursor = end
      logcatDate = true
    }
    guard var end = match("dd:dd:dd", bytes, cursor) else { return nil }
    if end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ",") {
      end += 1
      while end < bytes.count, isDigit(bytes[end]) { end += 1 }
    }
    if end < bytes.count, bytes[end] == UInt8(ascii: "Z") {
      end += 1
    } else if end < bytes.count, bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-"),
      let zone = match("dd:dd", bytes, end + 1) ?? match("dddd", bytes, end + 1)
    {
      end = zone
    }
    guard end < bytes.count, isBlank(bytes[end]) else { return nil }
    if logcatDate, let tagged = logcatThreadtimeEnd(bytes, from: end) { return tagged }
    return end + 1
  }

  /// After a logcat threadtime stamp: `  1234  1234 I Tag: `.
  private static func logcatThreadtimeEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var cursor = start
    for _ in 0..<2 {
      let blanks = cursor
      while cursor < bytes.count, isBlank(bytes[cursor]) { cursor += 1 }
      let digits = cursor
      while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
      guard cursor > blanks, cursor > digits else { return nil }
    }
    guard cursor + 2 < bytes.count, isBlank(bytes[cursor]), isLogLevel(bytes[cursor + 1]),
      isBlank(bytes[cursor + 2])
    else { return nil }
    return tagColonEnd(bytes, from: cursor + 3)
  }

  /// logcat's brief format: `I/TestRunner( 123): `.
  private static func logcatBriefEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    guard start + 2 < bytes.count, isLogLevel(bytes[start]), bytes[start + 1] == UInt8(ascii: "/")
    else { return nil }
    guard let open = bytes[(start + 2)..<min(bytes.count, start + 130)].firstIndex(of: UInt8(ascii: "("))
    else { return nil }
    var cursor = open + 1
    while cursor < bytes.count, isBlank(bytes[cursor]) { cursor += 1 }
    let digits = cursor
    while cursor < bytes.count, isDigit(bytes[cursor]) { cursor += 1 }
    guard cursor > digits, let end = match("): ", bytes, cursor) else { return nil }
    return end
  }

  /// A tag up to 128 bytes long, then `: `.
  private static func tagColonEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var cursor = start
    while cursor < min(bytes.count, start + 128) {
      if let end = match(": ", bytes, cursor) { return cursor > start ? end : nil }
      cursor += 1
    }
    return nil
  }

  /// `[seed] `, `[INFO] `: a bracketed word or two, at most 64 bytes, then a space or tab.
  private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
    let limit = min(bytes.count, start + 66)
    guard let close = bytes[(start + 1)..<limit].firstIndex(of: UInt8(ascii: "]")),
      close > start + 1, !bytes[(start + 1)..<close].contains(UInt8(ascii: "[")),
      close + 1 < bytes.count, isBlank(bytes[close + 1])
    else { return nil }
    return close + 2
  }

  /// Matches a pattern where `d` is any ASCII digit and every other character stands for itself;
  /// returns the index after the match.
  private static func match(_ pattern: StaticString, _ bytes: [UInt8], _ start: Int) -> Int? {
    let count = pattern.utf8CodeUnitCount
    guard start + count <= bytes.count else { return nil }
    let matched = pattern.withUTF8Buffer { pattern in
      zip(pattern, bytes[start..<(start + count)]).allSatisfy { expected, byte in
        expected == UInt8(ascii: "d") ? isDigit(byte) : expected == byte
      }
    }
    return matched ? start + count : nil
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  private static func isLogLevel(_ byte: UInt8) -> Bool {
    Array("VDIWEFA".utf8).contains(byte)
  }
}
