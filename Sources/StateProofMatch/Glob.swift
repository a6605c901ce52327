/// A shell-style glob: `*` any run of characters, `?` one character, `**` any run across `/`.
///
/// In path mode a single `*` stops at `/`, as in `.gitignore`; otherwise it matches anything,
/// which is what test selectors over `classname#name` want.
package struct Glob: Sendable, Hashable {
  package let pattern: String
  private let tokens: [Token]
  private let pathMode: Bool

  private enum Token: Hashable, Sendable {
    case literal(Character)
    case any  // ?
    case star  // *
    case globstar  // **
    case folders  // **/ in path mode: no folder, or any run of folders
  }

  package init(_ pattern: String, pathMode: Bool = false) {
    self.pattern = pattern
    self.pathMode = pathMode
    var tokens: [Token] = []
    var characters = Array(pattern)[...]
    while let character = characters.popFirst() {
      switch character {
      case "?": tokens.append(.any)
      case "*":
        if characters.first == "*" {
          characters.removeFirst()
          while characters.first == "*" { characters.removeFirst() }
          if pathMode, characters.first == "/" {
            characters.removeFirst()
            tokens.append(.folders)
          } else {
            tokens.append(.globstar)
          }
        } else {
          tokens.append(.star)
        }
      case "\\":
        tokens.append(.literal(characters.popFirst() ?? "\\"))
      default: tokens.append(.literal(character))
      }
    }
    self.tokens = tokens
  }

  /// The runs of literal characters between the wildcards, in pattern order: every text the
  /// glob matches contains each of them.
  package var literalRuns: [String] {
    var runs: [String] = []
    var current = ""
    for token in tokens {
      if case .literal(let character) = token {
        current.append(character)
      } else if !current.isEmpty {
        runs.append(current)
        current = ""
      }
    }
    if !current.isEmpty { runs.append(current) }
    return runs
  }

  /// Whether the whole text matches the pattern.
  package func matches(_ text: String) -> Bool {
    let text = Array(text)
    // Dynamic programming over (token, character) keeps matching linear in both lengths.
    var reachable = [Bool](repeating: false, count: text.count + 1)
    reachable[0] = true
    for token in tokens {
      var next = [Bool](repeating: false, count: text.count + 1)
      switch token {
      case .literal(let expected):
        for index in 0..<text.count where reachable[index] && text[index] == expected {
          next[index + 1] = true
        }
      case .any:
        for index in 0..<text.count where reachable[index] && !(pathMode && text[index] == "/") {
          next[index + 1] = true
        }
      case .star, .globstar:
        let crossesSlash = token == .globstar || !pathMode
        var open = false
        for index in 0...text.count {
          if reachable[index] { open = true }
          next[index] = open
          if index < text.count, !crossesSlash, text[index] == "/" { open = false }
        }
      case .folders:
        var seen = false
        for index in 0...text.count {
          next[index] = reachable[index] || (seen && text[index - 1] == "/")
          if reachable[index] { seen = true }
        }
      }
      reachable = next
    }
    return reachable[text.count]
  }
}
