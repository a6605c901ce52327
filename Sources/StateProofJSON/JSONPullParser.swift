import StateProofSystem

/// Reads one JSON document (RFC 8259, strictly) as a stream of ``JSONEvent``s, pulling its bytes
/// from a ``ByteSource`` one chunk at a time, so memory stays flat whatever the document's
/// size: it holds one chunk, the key of each open object, and the string or number being read,
/// each bounded by ``JSONLimits``.
///
/// Strict means: UTF-8 only (a UTF-8 byte order mark is skipped, other encodings are refused),
/// no comments, no trailing commas, no leading zeros, no `NaN`, no lone surrogates, no raw control
/// characters in strings, nothing after the document. Every refusal is a ``JSONError`` with line
/// and column; after one, every further call throws it again.
///
/// Between events, ``depth``, ``path``, ``key`` and ``index`` say where the reader stands, and
/// ``skipValue()`` and ``skipRestOfContainer()`` pass over what the caller does not want
/// without making a string of it.
public struct JSONPullParser {
  /// Bytes asked of the source at a time.
  public static let chunkSize = 64 << 10

  public let limits: JSONLimits
  /// Where the last event began: the first byte of its token.
  public private(set) var position = JSONPosition(offset: 0, line: 1, column: 1)

  private var source: any ByteSource
  private var buffer: [UInt8]
  /// The next byte to read in `buffer`, and how many bytes of it are filled.
  private var cursor = 0
  private var filled = 0
  /// Bytes of the document before `buffer[0]`.
  private var consumed = 0
  private var sourceEnded = false
  private var line = 1
  /// The offset of the first byte of the current line.
  private var lineStart = 0
  /// Bytes on the current line that do not start a character (UTF-8 continuation bytes, a
  /// byte order mark), so columns count characters.
  private var invisibleBytes = 0
  /// The offset just after the last `\r`, so a `\n` there does not start another line.
  private var afterCarriageReturn = -1
  private var lastComma = JSONPosition(offset: 0, line: 1, column: 1)
  private var containers: [Container] = []
  private var state = State.start
  /// The bytes of the string or number being read.
  private var scratch: [UInt8] = []
  private var failure: JSONError?
  /// While skipping, the depth of the value being skipped: keys inside it are not kept, so an
  /// error there names the skipped value's path.
  private var skippedDepth: Int?

  private enum Container {
    /// The key of the member being read; nil before the first key (or while skipping).
    case object(key: String?)
    /// The index of the element being read; -1 before the first.
    case array(index: Int)
  }

  private enum State {
    case start
    /// After a key and its colon.
    case value
    case firstMember
    /// After a comma in an object.
    case member
    case firstElement
    /// After a comma in an array.
    case element
    /// After a value inside an object or array.
    case afterValue
    /// After the document's value: only whitespace may follow.
    case end
    case finished
  }

  public init(_ source: some ByteSource, limits: JSONLimits = JSONLimits()) {
    self.init(source, limits: limits, bufferSize: Self.chunkSize)
  }

  /// A parser over bytes already in memory, with a buffer no bigger than they are (so parsing
  /// many small documents allocates little).
  public init(bytes: some Sequence<UInt8>, limits: JSONLimits = JSONLimits()) {
    let source = MemoryBytes(bytes)
    self.init(source, limits: limits, bufferSize: source.count)
  }

  private init(_ source: some ByteSource, limits: JSONLimits, bufferSize: Int) {
    self.source = source
    self.limits = limits
    // At least four bytes, to look for a byte order mark.
    buffer = [UInt8](repeating: 0, count: min(max(bufferSize, 4), Self.chunkSize))
  }

  // MARK: Where the reader stands

  /// Objects and arrays open around the reader: 0 outside the document's value, 1 for the
  /// root object's members.
  public var depth: Int { containers.count }

  /// The path of the last event's value: a key event's member, an element's index; for an
  /// object or array start or end, the container itself.
  public var path: JSONPath { Self.path(of: containers[...]) }

  private static func path(of containers: ArraySlice<Container>) -> JSONPath {
    JSONPath(
      containers.compactMap { container in
        switch container {
        case .object(let key): key.map(JSONPath.Component.key)
        case .array(let element): element >= 0 ? .index(element) : nil
        }
      })
  }

  /// The key of the member being read in the innermost object; nil in an array.
  public var key: String? {
    guard case .object(let key)? = containers.last else { return nil }
    return key
  }

  /// The index of the element being read in the innermost array; nil in an object.
  public var index: Int? {
    guard case .array(let element)? = containers.last, element >= 0 else { return nil }
    return element
  }

  /// Whether a whole value comes next: at the start, or right after a key.
  var isBeforeValue: Bool { state == .value || state == .start }

  // MARK: Reading

  /// The next event, or nil once the document has ended (and nothing but whitespace followed).
  public mutating func next() throws(JSONError) -> JSONEvent? {
    try guarded { (parser: inout JSONPullParser) throws(JSONError) in try parser.step(keep: true) }
  }

  /// Skips the value that comes next, whole, holding none of it. Call it right after a `key`
  /// event, or before the first event to check a document without reading it.
  public mutating func skipValue() throws(JSONError) {
    precondition(isBeforeValue, "skipValue() needs a key event before it")
    try skip(downTo: containers.count)
  }

  /// Skips what is left of the innermost open object or array and its closing bracket, so the
  /// next event is whatever follows it.
  public mutating func skipRestOfContainer() throws(JSONError) {
    precondition(!containers.isEmpty, "skipRestOfContainer() needs an open object or array")
    try skip(downTo: containers.count - 1)
  }

  /// In an array (right after its start or one of its elements), moves to the next element:
  /// true when there is one, to read with ``readNode()``, ``skipValue()`` or ``next()``; false
  /// once the closing bracket is consumed. Reads a large array one element at a time.
  public mutating func nextElement() throws(JSONError) -> Bool {
    guard case .array? = containers.last, state != .value else {
      preconditionFailure("nextElement() needs an open array")
    }
    return try guarded { (parser: inout JSONPullParser) throws(JSONError) -> Bool in
      if parser.state == .afterValue {
        let expected = "\",\" or \"]\""
        guard let byte = try parser.skipWhitespace() else { throw parser.error(.unexpectedEnd(expected: expected)) }
        if byte == UInt8(ascii: "]") {
          _ = parser.endContainer()
          return false
        }
        guard byte == UInt8(ascii: ",") else { throw parser.unexpected(byte, expected: expected) }
        parser.lastComma = parser.here()
        parser.cursor += 1
        parser.state = .element
      }
      guard let byte = try parser.skipWhitespace() else {
        throw parser.error(.unexpectedEnd(expected: parser.state == .element ? "a value" : "a value or \"]\""))
      }
      if byte == UInt8(ascii: "]") {
        if parser.state == .element { throw parser.error(.trailingComma, at: parser.lastComma) }
        _ = parser.endContainer()
        return false
      }
      if case .array(let element) = parser.containers[parser.containers.count - 1] {
        parser.containers[parser.containers.count - 1] = .array(index: element + 1)
      }
      parser.state = .value
      return true
    }
  }

  /// Reads without keeping until no more than `depth` containers are open.
  private mutating func skip(downTo depth: Int) throws(JSONError) {
    skippedDepth = depth
    defer { skippedDepth = nil }
    try guarded { (parser: inout JSONPullParser) throws(JSONError) in
      repeat { _ = try parser.step(keep: false) } while parser.containers.count > depth
    }
  }

  /// Runs `body`, remembering its error so every later call throws it too.
  private mutating func guarded<Value>(
    _ body: (inout JSONPullParser) throws(JSONError) -> Value
  ) throws(JSONError) -> Value {
    if let failure { throw failure }
    do throws(JSONError) {
      return try body(&self)
    } catch {
      failure = error
      throw error
    }
  }

  /// Reads one token; with `keep` false, strings, keys and numbers are checked but not made.
  private mutating func step(keep: Bool) throws(JSONError) -> JSONEvent? {
    while true {
      switch state {
      case .start:
        try startOfDocument()
        guard let byte = try skipWhitespace() else { throw error(.empty) }
        return try value(byte, keep: keep)
      case .value:
        guard let byte = try skipWhitespace() else { throw error(.unexpectedEnd(expected: "a value")) }
        return try value(byte, keep: keep)
      case .firstElement, .element:
        guard let byte = try skipWhitespace() else {
          throw error(.unexpectedEnd(expected: state == .element ? "a value" : "a value or \"]\""))
        }
        if byte == UInt8(ascii: "]") {
          if state == .element { throw error(.trailingComma, at: lastComma) }
          return endContainer()
        }
        if case .array(let element) = containers[containers.count - 1] {
          containers[containers.count - 1] = .array(index: element + 1)
        }
        return try value(byte, keep: keep)
      case .firstMember, .member:
        guard let byte = try skipWhitespace() else {
          throw error(.unexpectedEnd(expected: state == .member ? "a key" : "a key or \"}\""))
        }
        if byte == UInt8(ascii: "}") {
          if state == .member { throw error(.trailingComma, at: lastComma) }
          return endContainer()
        }
        guard byte == UInt8(ascii: "\"") else {
          let expected = state == .member ? "a key in double quotes" : "a key in double quotes or \"}\""
          throw unexpected(byte, expected: expected)
        }
        return try key(keep: keep)
      case .afterValue:
        let inObject = if case .object = containers[containers.count - 1] { true } else { false }
        let closing = inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let expected = inObject ? "\",\" or \"}\"" : "\",\" or \"]\""
        guard let byte = try skipWhitespace() else { throw error(.unexpectedEnd(expected: expected)) }
        if byte == closing { return endContainer() }
        guard byte == UInt8(ascii: ",") else { throw unexpected(byte, expected: expected) }
        lastComma = here()
        cursor += 1
        state = inObject ? .member : .element
      case .end:
        guard let byte = try skipWhitespace() else {
          state = .finished
          return nil
        }
        throw unexpected(byte, expected: "the end of the document")
      case .finished:
        return nil
      }
    }
  }

  /// Reads the value starting with `byte` (not yet consumed).
  private mutating func value(_ byte: UInt8, keep: Bool) throws(JSONError) -> JSONEvent {
    position = here()
    switch byte {
    case UInt8(ascii: "{"):
      try open(.object(key: nil))
      state = .firstMember
      return .objectStart
    case UInt8(ascii: "["):
      try open(.array(index: -1))
      state = .firstElement
      return .arrayStart
    case UInt8(ascii: "\""):
      cursor += 1
      let limit = limits.maximumStringBytes
      let text = try string(keep: keep, limit: limit, tooLong: .stringTooLong(limit: limit))
      endValue()
      return .string(text)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let number = try number(keep: keep)
      endValue()
      return .number(number)
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    default:
      throw unexpected(byte, expected: "a value")
    }
  }

  private mutating func open(_ container: Container) throws(JSONError) {
    guard containers.count < limits.maximumDepth else {
      throw error(.tooDeep(limit: limits.maximumDepth))
    }
    cursor += 1
    containers.append(container)
  }

  private mutating func endContainer() -> JSONEvent {
    position = here()
    cursor += 1
    let closed = containers.removeLast()
    endValue()
    if case .object = closed { return .objectEnd }
    return .arrayEnd
  }

  private mutating func endValue() {
    state = containers.isEmpty ? .end : .afterValue
  }

  /// Reads a key (its opening quote not yet consumed) and the colon after it.
  private mutating func key(keep: Bool) throws(JSONError) -> JSONEvent {
    position = here()
    cursor += 1
    let limit = limits.maximumKeyBytes
    let text = try string(keep: keep, limit: limit, tooLong: .keyTooLong(limit: limit))
    containers[containers.count - 1] = .object(key: keep ? text : nil)
    guard let byte = try skipWhitespace() else { throw error(.unexpectedEnd(expected: "\":\"")) }
    guard byte == UInt8(ascii: ":") else { throw unexpected(byte, expected: "\":\" after the key") }
    cursor += 1
    state = .value
    return .key(text)
  }

  /// Checks that the rest of a literal is `word`; the first byte has been matched.
  private mutating func literal(_ word: String) throws(JSONError) {
    let start = position
    var read = ""
    for expected in word.utf8 {
      guard let byte = try peek() else { throw error(.unexpectedEnd(expected: "\(word)")) }
      guard byte == expected else {
        throw error(.unexpected(found: "\"\(read)\(Self.display(byte))\"", expected: "\(word)"), at: start)
      }
      read.unicodeScalars.append(Unicode.Scalar(byte))
      cursor += 1
    }
    endValue()
  }

  // MARK: Bytes

  /// The next byte without consuming it; nil at the end of the document.
  @inline(__always)
  private mutating func peek() throws(JSONError) -> UInt8? {
    if cursor == filled { try refill() }
    return cursor < filled ? buffer[cursor] : nil
  }

  /// Replaces the consumed buffer with the source's next chunk.
  private mutating func refill() throws(JSONError) {
    consumed += filled
    cursor = 0
    filled = 0
    try fill()
  }

  /// Reads more of the source into the free end of `buffer`.
  private mutating func fill() throws(JSONError) {
    guard !sourceEnded, filled < buffer.count else { return }
    var chunk: [UInt8] = []
    swap(&chunk, &buffer)
    defer { swap(&chunk, &buffer) }
    let start = filled
    let result = chunk.withUnsafeMutableBytes { raw in
      Result { () throws(ByteSourceError) in
        try source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[start...]))
      }
    }
    switch result {
    case .success(let read):
      if read == 0 { sourceEnded = true }
      filled += read
    case .failure(let failure):
      sourceEnded = true
      throw error(.unreadable(failure.reason))
    }
  }

  /// Skips a UTF-8 byte order mark; refuses UTF-16 and UTF-32, with or without one.
  private mutating func startOfDocument() throws(JSONError) {
    while filled < 4 && !sourceEnded { try fill() }
    let head = buffer[0..<min(filled, 4)]
    if head.starts(with: [0xEF, 0xBB, 0xBF]) {
      cursor = 3
      invisibleBytes = 3
    } else if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE])
      || (head.count >= 2 && head.prefix(2).contains(0))
    {
      let utf32 = head.starts(with: [0, 0]) || head.dropFirst(2).starts(with: [0, 0])
      throw error(.notUTF8(encoding: utf32 ? "UTF-32" : "UTF-16"))
    }
  }

  /// Skips whitespace, counting lines; returns the next byte (not consumed), nil at the end.
  private mutating func skipWhitespace() throws(JSONError) -> UInt8? {
    while let byte = try peek() {
      switch byte {
      case 0x20, 0x09:
        cursor += 1
      case 0x0A:
        cursor += 1
        let offset = consumed + cursor
        if offset - 1 != afterCarriageReturn { line += 1 }
        lineStart = offset
        invisibleBytes = 0
      case 0x0D:
        cursor += 1
        line += 1
        lineStart = consumed + cursor
        afterCarriageReturn = lineStart
        invisibleBytes = 0
      default:
        return byte
      }
    }
    return nil
  }

  // MARK: Strings

  /// Reads a string whose opening quote was consumed: checks its UTF-8 and escapes and, with
  /// `keep`, returns it (else an empty string).
  private mutating func string(keep: Bool, limit: Int, tooLong: JSONError.Reason) throws(JSONError)
    -> String
  {
    let start = position
    if scratch.capacity > 1 << 20 { scratch = [] }
    scratch.removeAll(keepingCapacity: true)
    while true {
      if cursor == filled {
        try refill()
        if filled == 0 { throw error(.unexpectedEnd(expected: "\" to close the string")) }
      }
      // A run of plain ASCII, copied at once.
      let runStart = cursor
      let runEnd = buffer.withUnsafeBufferPointer { bytes in
        var end = runStart
        while end < filled {
          let byte = bytes[end]
          if byte < 0x20 || byte >= 0x80 || byte == 0x22 || byte == 0x5C { break }
          end += 1
        }
        return end
      }
      if keep && runEnd > runStart {
        scratch.append(contentsOf: buffer[runStart..<runEnd])
        if scratch.count > limit { throw error(tooLong, at: start) }
      }
      cursor = runEnd
      if cursor < filled {
        let byte = buffer[cursor]
        if byte == 0x22 {
          cursor += 1
          return keep ? String(decoding: scratch, as: UTF8.self) : ""
        } else if byte == 0x5C {
          try escape(keep: keep)
        } else if byte < 0x20 {
          throw error(.unescapedControlCharacter(byte))
        } else {
          try multibyte(keep: keep)
        }
      }
      if keep && scratch.count > limit { throw error(tooLong, at: start) }
    }
  }

  /// Checks one UTF-8 sequence of two to four bytes (Unicode's table 3-7: no overlong forms,
  /// no surrogates, nothing past U+10FFFF).
  private mutating func multibyte(keep: Bool) throws(JSONError) {
    let start = here()
    let lead = buffer[cursor]
    let (following, low, high): (Int, UInt8, UInt8)
    switch lead {
    case 0xC2...0xDF: (following, low, high) = (1, 0x80, 0xBF)
    case 0xE0: (following, low, high) = (2, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (following, low, high) = (2, 0x80, 0xBF)
    case 0xED: (following, low, high) = (2, 0x80, 0x9F)
    case 0xF0: (following, low, high) = (3, 0x90, 0xBF)
    case 0xF1...0xF3: (following, low, high) = (3, 0x80, 0xBF)
    case 0xF4: (following, low, high) = (3, 0x80, 0x8F)
    default: throw error(.invalidUTF8)
    }
    cursor += 1
    if keep { scratch.append(lead) }
    for offset in 0..<following {
      guard let byte = try peek() else { throw error(.invalidUTF8, at: start) }
      guard offset == 0 ? (low...high).contains(byte) : (0x80...0xBF).contains(byte) else {
        throw error(.invalidUTF8, at: start)
      }
      cursor += 1
      if keep { scratch.append(byte) }
    }
    invisibleBytes += following
  }

  /// Reads an escape; `cursor` is at its backslash.
  private mutating func escape(keep: Bool) throws(JSONError) {
    let start = here()
    cursor += 1
    guard let byte = try peek() else { throw error(.unexpectedEnd(expected: "an escape")) }
    let replacement: UInt8
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): replacement = byte
    case UInt8(ascii: "b"): replacement = 0x08
    case UInt8(ascii: "f"): replacement = 0x0C
    case UInt8(ascii: "n"): replacement = 0x0A
    case UInt8(ascii: "r"): replacement = 0x0D
    case UInt8(ascii: "t"): replacement = 0x09
    case UInt8(ascii: "u"):
      cursor += 1
      let unit = try hexUnit(escapeStart: start)
      let lone = error(.loneSurrogate(Self.escapeText(unit)), at: start)
      var scalar: Unicode.Scalar?
      switch unit {
      case 0xD800...0xDBFF:
        let lowStart = here()
        guard try peek() == UInt8(ascii: "\\") else { throw lone }
        cursor += 1
        guard try peek() == UInt8(ascii: "u") else { throw lone }
        cursor += 1
        let low = try hexUnit(escapeStart: lowStart)
        guard (0xDC00...0xDFFF).contains(low) else { throw lone }
        scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
      case 0xDC00...0xDFFF:
        throw lone
      default:
        scalar = Unicode.Scalar(unit)
      }
      if keep, let scalar { UTF8.encode(scalar) { scratch.append($0) } }
      return
    default:
      throw error(.invalidEscape("\\" + Self.display(byte)), at: start)
    }
    cursor += 1
    if keep { scratch.append(replacement) }
  }

  /// Reads the four hex digits of a `\u` escape.
  private mutating func hexUnit(escapeStart: JSONPosition) throws(JSONError) -> UInt16 {
    var unit: UInt16 = 0
    var digits = ""
    for _ in 0..<4 {
      guard let byte = try peek() else { throw error(.unexpectedEnd(expected: "four hex digits after \\u")) }
      let value: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
      default: throw error(.invalidEscape("\\u" + digits + Self.display(byte)), at: escapeStart)
      }
      digits.unicodeScalars.append(Unicode.Scalar(byte))
      unit = unit << 4 | UInt16(value)
      cursor += 1
    }
    return unit
  }

  // MARK: Numbers

  /// Reads a number by RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private mutating func number(keep: Bool) throws(JSONError) -> JSONNumber {
    let start = position
    scratch.removeAll(keepingCapacity: true)
    func take(_ parser: inout JSONPullParser, _ byte: UInt8) throws(JSONError) {
      parser.cursor += 1
      guard keep else { return }
      parser.scratch.append(byte)
      if parser.scratch.count > parser.limits.maximumNumberBytes {
        throw parser.error(.numberTooLong(limit: parser.limits.maximumNumberBytes), at: start)
      }
    }
    func digits(_ parser: inout JSONPullParser, after what: String) throws(JSONError) {
      guard let first = try parser.peek() else {
        throw parser.error(.unexpectedEnd(expected: "a digit \(what)"))
      }
      guard Self.isDigit(first) else { throw parser.unexpected(first, expected: "a digit \(what)") }
      while let byte = try parser.peek(), Self.isDigit(byte) { try take(&parser, byte) }
    }
    if try peek() == UInt8(ascii: "-") { try take(&self, UInt8(ascii: "-")) }
    if try peek() == UInt8(ascii: "0") {
      try take(&self, UInt8(ascii: "0"))
      if let byte = try peek(), Self.isDigit(byte) { throw error(.leadingZero, at: start) }
    } else {
      try digits(&self, after: "after \"-\"")
    }
    if try peek() == UInt8(ascii: ".") {
      try take(&self, UInt8(ascii: "."))
      try digits(&self, after: "after \".\"")
    }
    if let byte = try peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
      try take(&self, byte)
      if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        try take(&self, sign)
      }
      try digits(&self, after: "in the exponent")
    }
    return JSONNumber(text: keep ? String(decoding: scratch, as: UTF8.self) : "")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  // MARK: Errors

  /// The position of the next byte.
  private func here() -> JSONPosition {
    let offset = consumed + cursor
    return JSONPosition(offset: offset, line: line, column: offset - lineStart - invisibleBytes + 1)
  }

  private func error(_ reason: JSONError.Reason, at position: JSONPosition? = nil) -> JSONError {
    let path = Self.path(of: containers.prefix(skippedDepth ?? containers.count))
    return JSONError(reason, at: position ?? here(), path: path)
  }

  private func unexpected(_ byte: UInt8, expected: String) -> JSONError {
    let found: String =
      switch byte {
      case UInt8(ascii: "\""): "'\"'"
      case UInt8(ascii: "/"): "\"/\" (JSON has no comments)"
      case UInt8(ascii: "'"): "\"'\" (strings take double quotes)"
      case 0x20..<0x7F: "\"\(Self.display(byte))\""
      case 0x80...: "a non-ASCII character"
      default: "control character \(JSONError.Reason.hex(byte))"
      }
    return error(.unexpected(found: found, expected: expected))
  }

  /// A byte as text for a message: itself when printable ASCII, else its hex value.
  private static func display(_ byte: UInt8) -> String {
    (0x21..<0x7F).contains(byte) ? String(Unicode.Scalar(byte)) : JSONError.Reason.hex(byte)
  }

  private static func escapeText(_ unit: UInt16) -> String {
    let digits = String(unit, radix: 16, uppercase: true)
    return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
  }
}
