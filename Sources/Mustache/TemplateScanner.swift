/// Splits template source into text, line breaks and tags, following set-delimiter tags, and
/// keeps track of line and column for error messages.
struct TemplateScanner {
  enum Token: Sendable {
    /// Text without line breaks.
    case text(String)
    /// `\n` or `\r\n`.
    case newline(String)
    case tag(TemplateTag)
  }

  /// The longest delimiter a set-delimiter tag may choose. Finding a delimiter compares it at
  /// every position, so its length multiplies the scanning time.
  static let maximumDelimiterLength = 32

  private let characters: [Character]
  private let templateName: String
  private var index = 0
  private var line = 1
  private var lineStartIndex = 0
  private var openDelimiter: [Character] = ["{", "{"]
  private var closeDelimiter: [Character] = ["}", "}"]

  init(_ source: String, templateName: String) {
    self.characters = Array(source)
    self.templateName = templateName
  }

  /// Reads the whole source.
  mutating func scan() throws -> [Token] {
    var tokens: [Token] = []
    var text = ""
    while index < characters.count {
      if matches(openDelimiter, at: index) {
        if !text.isEmpty { tokens.append(.text(text)) }
        text = ""
        tokens.append(.tag(try scanTag()))
        continue
      }
      let character = characters[index]
      advance(to: index + 1)
      if character == "\n" || character == "\r\n" {
        if !text.isEmpty { tokens.append(.text(text)) }
        text = ""
        tokens.append(.newline(String(character)))
      } else {
        text.append(character)
      }
    }
    if !text.isEmpty { tokens.append(.text(text)) }
    return tokens
  }

  private var location: SourceLocation {
    SourceLocation(template: templateName, line: line, column: index - lineStartIndex + 1)
  }

  private func matches(_ delimiter: [Character], at position: Int) -> Bool {
    guard position + delimiter.count <= characters.count else { return false }
    return characters[position..<position + delimiter.count].elementsEqual(delimiter)
  }

  /// Moves to `position`, counting the line breaks passed over.
  private mutating func advance(to position: Int) {
    while index < position {
      if characters[index].isNewline {
        line += 1
        lineStartIndex = index + 1
      }
      index += 1
    }
  }

  private mutating func scanTag() throws -> TemplateTag {
    let start = location
    let opening = String(openDelimiter)
    advance(to: index + openDelimiter.count)
    let kind: TemplateTag.Kind
    var terminator = closeDelimiter
    switch index < characters.count ? characters[index] : " " {
    case "#": kind = .section
    case "^": kind = .invertedSection
    case "<": kind = .parent
    case "$": kind = .block
    case "/": kind = .close
    case ">": kind = .partial
    case "!": kind = .comment
    case "&": kind = .unescaped
    case "{":
      kind = .unescaped
      terminator = ["}"] + closeDelimiter
    case "=":
      kind = .setDelimiters
      terminator = ["="] + closeDelimiter
    default: kind = .variable
    }
    if kind != .variable { advance(to: index + 1) }
    guard let end = (index...characters.count).first(where: { matches(terminator, at: $0) }) else {
      throw TemplateError("tag \"\(opening)\" is never closed: expected \"\(String(terminator))\"", at: start)
    }
    let content = String(characters[index..<end]).trimmingWhitespace()
    advance(to: end + terminator.count)
    if kind == .setDelimiters { try setDelimiters(content, at: start) }
    return TemplateTag(kind: kind, content: content, location: start)
  }

  private mutating func setDelimiters(_ content: String, at location: SourceLocation) throws {
    let parts = content.split(whereSeparator: \.isWhitespace)
    guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
      throw TemplateError(
        "set-delimiter tag needs two delimiters separated by a space, as in {{=<% %>=}}, not \"\(content)\"",
        at: location)
    }
    guard parts.allSatisfy({ $0.count <= Self.maximumDelimiterLength }) else {
      throw TemplateError(
        "set-delimiter tag's delimiters may be at most \(Self.maximumDelimiterLength) characters long", at: location)
    }
    openDelimiter = Array(parts[0])
    closeDelimiter = Array(parts[1])
  }
}
