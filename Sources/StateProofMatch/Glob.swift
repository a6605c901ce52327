/// A shell-style glob: `*` any run of characters, `?` one character (a Unicode scalar), `**` any
/// run across `/`, `\` makes the next character literal.
///
/// In path mode a single `*` stops at `/`, as in `.gitignore`; otherwise it matches anything,
/// which is what test selectors over `classname#name` want. Matching compares UTF-8 bytes, so
/// its cost is linear in the text for a given pattern, however long a test's name is.
package struct Glob: Sendable, Hashable {
  package let pattern: String
  private let tokens: [Token]
  private let pathMode: Bool

  private enum Token: Hashable, Sendable {
    case literal([UInt8])  // a run of literal characters, as UTF-8
    case any  // ?
    case star  // *
    case globstar  // **
    case folders  // **/ in path mode: no folder, or any run of folders
  }

  private static let slash = UInt8(ascii: "/")

  package init(_ pattern: String, pathMode: Bool = false) {
    self.pattern = pattern
    self.pathMode = pathMode
    var tokens: [Token] = []
    var literal: [UInt8] = []
    func add(_ token: Token) {
      if !literal.isEmpty { tokens.append(.literal(literal)) }
      literal = []
      tokens.append(token)
    }
    var characters = Array(pattern)[...]
    while let character = characters.popFirst() {
      switch character {
      case "?": add(.any)
      case "*":
        if characters.first == "*" {
          characters.removeFirst()
          while characters.first == "*" { characters.removeFirst() }
          if pathMode, characters.first == "/" {
            characters.removeFirst()
            add(.folders)
          } else {
            add(.globstar)
          }
        } else {
          add(.star)
        }
      case "\\": literal += (characters.popFirst() ?? "\\").utf8
      default: literal += character.utf8
      }
    }
    if !literal.isEmpty { tokens.append(.literal(literal)) }
    self.tokens = tokens
  }

  /// The runs of literal characters between the wildcards, in pattern order: every text the
  /// glob matches contains each of them.
  package var literalRuns: [String] {
    tokens.compactMap { token in
      guard case .literal(let bytes) = token else { return nil }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// Whether the whole text matches the pattern.
  package func matches(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { matches(bytes: $0) }
  }

  /// Whether the whole text, as UTF-8 bytes, matches the pattern.
  package func matches(bytes text: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = text.count
    // Dynamic programming over (token, byte): `reachable[i]` says the tokens so far can match
    // the first `i` bytes. Two buffers, reused: linear in the text for each token.
    var reachable = [Bool](repeating: false, count: count + 1)
    var next = reachable
    reachable[0] = true
    for token in tokens {
      for index in next.indices { next[index] = false }
      switch token {
      case .literal(let expected):
        guard expected.count <= count else { return false }
        for index in 0...(count - expected.count) where reachable[index] && text[index] == expected[0] {
          var offset = 1
          while offset < expected.count, text[index + offset] == expected[offset] { offset += 1 }
          if offset == expected.count { next[index + expected.count] = true }
        }
      case .any:
        for index in 0..<count where reachable[index] && !Self.isContinuation(text[index]) {
          guard !(pathMode && text[index] == Self.slash) else { continue }
          next[min(count, index + Self.scalarLength(text[index]))] = true
        }
      case .star, .globstar:
        let crossesSlash = token == .globstar || !pathMode
        var open = false
        for index in 0...count {
          if reachable[index] { open = true }
          next[index] = open
          if index < count, !crossesSlash, text[index] == Self.slash { open = false }
        }
      case .folders:
        var seen = false
        for index in 0...count {
          next[index] = reachable[index] || (seen && text[index - 1] == Self.slash)
          if reachable[index] { seen = true }
        }
      }
      swap(&reachable, &next)
    }
    return reachable[count]
  }

  private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

  /// The length of the UTF-8 sequence a lead byte starts.
  private static func scalarLength(_ lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }
}
