/// How interpolated values are escaped for the output format; `{{{name}}}` and `{{&name}}`
/// are never escaped. The engine has Mustache's own HTML escaping and none; an application adds
/// the formats it writes (Markdown, a terminal…) with ``init(_:)``.
public struct Escaping: Sendable {
  private let appendEscaped: @Sendable (String, inout String) -> Void

  /// An escaping that appends `text`, escaped, to `output`.
  public init(_ append: @escaping @Sendable (_ text: String, _ output: inout String) -> Void) {
    appendEscaped = append
  }

  /// HTML text and attribute values: `& < > " '` become `&amp; &lt; &gt; &quot; &#39;`; everything
  /// else stays as it is.
  public static let html = Escaping { text, output in
    guard text.utf8.contains(where: { htmlSpecial[Int($0)] }) else {
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
  }

  /// Values are written verbatim, for plain-text output.
  public static let none = Escaping { text, output in output += text }

  /// The text escaped for this output format.
  public func escape(_ text: String) -> String {
    var output = ""
    append(text, to: &output)
    return output
  }

  /// Appends `text`, escaped, to `output`.
  func append(_ text: String, to output: inout String) {
    appendEscaped(text, &output)
  }

  /// The UTF-8 bytes HTML escaping replaces.
  private static let htmlSpecial: [Bool] = (0...255).map { "&<>\"'".utf8.contains(UInt8($0)) }
}
