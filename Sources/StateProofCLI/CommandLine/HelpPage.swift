/// A command's help as a manual page: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXIT STATUS and
/// EXAMPLES, wrapped to fit an 80-column terminal.
struct HelpPage: Sendable {
  /// Where the text of every section starts.
  static let indent = "    "
  static let width = 80

  var spec: CommandSpec

  init(spec: CommandSpec) {
    self.spec = spec
  }

  var text: String {
    var lines = ["NAME"] + Self.wrap("stateproof \(spec.name) - \(spec.summary)")
    lines += ["", "SYNOPSIS"] + Self.wrap(words: spec.synopsis, hanging: "    ")
    let paragraphs = spec.discussion.split(separator: "\n", omittingEmptySubsequences: true)
    if !paragraphs.isEmpty {
      lines += ["", "DESCRIPTION"]
      lines += paragraphs.map { Self.wrap(String($0)) }.joined(separator: [""])
    }
    lines += ["", "OPTIONS"]
    for option in spec.options {
      lines.append(Self.indent + "--\(option.name)" + (option.value.map { " \($0)" } ?? ""))
      lines += Self.wrap(
        option.help + (option.required ? " Required." : "")
          + (option.repeatable ? " May be given more than once." : ""),
        indent: Self.indent + Self.indent)
    }
    lines += ["", "EXIT STATUS"]
    for (status, meaning) in spec.exitStatus {
      let label = "\(status)  "
      var wrapped = Self.wrap(meaning, indent: Self.indent + String(repeating: " ", count: label.count))
      wrapped[0] = Self.indent + label + wrapped[0].dropFirst(Self.indent.count + label.count)
      lines += wrapped
    }
    if !spec.examples.isEmpty {
      lines += ["", "EXAMPLES"] + spec.examples.map { Self.indent + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Breaks `text` into lines of at most `width` columns at spaces (a longer word keeps its own
  /// line), each starting with `indent`.
  static func wrap(_ text: String, indent: String = indent) -> [String] {
    wrap(words: text.split(separator: " ").map(String.init), indent: indent)
  }

  /// Lays `words` out on lines of at most `width` columns, a space between words, each line
  /// starting with `indent` and continuation lines with `hanging` after it.
  static func wrap(words: [String], indent: String = indent, hanging: String = "") -> [String] {
    var lines: [String] = []
    var line = ""
    for word in words {
      if line.isEmpty {
        line = (lines.isEmpty ? indent : indent + hanging) + word
      } else if line.count + 1 + word.count > width {
        lines.append(line)
        line = indent + hanging + word
      } else {
        line += " " + word
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
