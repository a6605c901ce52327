/// How interpolated values are escaped for the output format; `{{{name}}}` and `{{&name}}`
/// are never escaped.
public struct Escaping: Sendable, Hashable {
  private enum Kind: Sendable, Hashable {
    case html
    case markdown
    case none
  }

  private let kind: Kind

  /// HTML text and attribute values: `& < > " '` become `&amp; &lt; &gt; &quot; &#39;`.
  public static let html = Escaping(kind: .html)

  /// GitHub-flavoured Markdown text that renders literally, even in a table cell: the characters
  /// ``\ ` * _ [ ] < > | # ~ ! &`` are backslash-escaped and each line break becomes one space,
  /// so a value cannot break a table row, start a link or image, or inject HTML.
  public static let markdown = Escaping(kind: .markdown)

  /// Values are written verbatim, for plain-text output.
  public static let none = Escaping(kind: .none)

  /// The text escaped for this output format.
  public func escape(_ text: String) -> String {
    var output = ""
    append(text, to: &output)
    return output
  }

  /// Appends `text`, escaped, to `output`.
  func append(_ text: String, to output: inout String) {
    switch kind {
    case .none:
      output += text
    case .html:
      guard text.utf8.contains(where: { Self.htmlSpecial.contains($0) }) else {
        output += text
        return
      }
      for scalar in text.unicodeScalars {
        switch scalar {
        case "&": output += "&amp;"
        case "<": output += "&lt;"
        case ">": output += "&gt;"
        case "\"": output += "&quot;"
        case "'": output += "&#39;"
        default: output.unicodeScalars.append(scalar)
        }
      }
    case .markdown:
      var afterCarriageReturn = false
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\r":
          output += " "
        case "\n":
          if !afterCarriageReturn { output += " " }
        case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~", "!", "&":
          output += "\\"
          output.unicodeScalars.append(scalar)
        default:
          output.unicodeScalars.append(scalar)
        }
        afterCarriageReturn = scalar == "\r"
      }
    }
  }

  private static let htmlSpecial: Set<UInt8> = Set("&<>\"'".utf8)
}
