import Mustache

/// StateProof's own escapings, beside the Mustache engine's: text from evidence made visible and
/// inert for each output it goes to. Control characters, invisible format characters
/// (bidirectional overrides and isolates, zero-width characters, the byte order mark), line and
/// paragraph separators and non-characters are written as visible escapes (`\x1b`, `\u{202E}`),
/// so a value cannot hide itself, reorder or clear what is around it, or stop a document from
/// validating.
extension Escaping {
  /// HTML text and attribute values for the report pages: Mustache's HTML escaping
  /// (`& < > " '` as `&amp; &lt; &gt; &quot; &#39;`), tabs and line breaks as they are, every
  /// other invisible character as a visible escape.
  public static let reportHTML = Escaping { text, output in ReportEscaping.appendHTML(text, to: &output) }

  /// GitHub-flavoured Markdown text that renders literally, even in a table cell: the characters
  /// ``\ ` * _ [ ] < > | # ~ ! &`` are backslash-escaped and each line break or tab becomes one
  /// space, so a value cannot break a table row, start a link or image, or inject HTML. A zero-width
  /// space, written `&#8203;`, goes where GitHub would otherwise make a link or notify someone:
  /// after `@` (mentions, e-mail addresses), between `:` and `/` (`https://`), between `www` and
  /// `.`, and between `#` or `GH-` and a digit (issue references).
  public static let markdown = Escaping { text, output in ReportEscaping.appendMarkdown(text, to: &output) }

  /// One line of a terminal or CI log: line breaks and tabs become `\n`, `\r`, `\t`, so evidence
  /// never starts a line of its own. Text that starts (after white space) with `:` shows it as
  /// `\x3a`, and the `[` of `##[`, `##vso[` or `##teamcity[` as `\x5b`, so it cannot be read as a
  /// GitHub workflow command or an Azure Pipelines or TeamCity service message.
  public static let terminal = Escaping { text, output in ReportEscaping.appendTerminal(text, to: &output) }
}

/// The escapings' work, scalar by scalar.
private enum ReportEscaping {
  /// Mustache's HTML escaping of `text` with its invisible characters (but tabs and line breaks)
  /// made visible first; the visible escapes hold nothing HTML escapes.
  static func appendHTML(_ text: String, to output: inout String) {
    guard text.utf8.contains(where: { mayBeInvisible[Int($0)] }) else {
      output += Escaping.html.escape(text)
      return
    }
    var visible = ""
    for scalar in text.unicodeScalars {
      if scalar != "\t", scalar != "\n", scalar != "\r", let escaped = visibleEscape(scalar) {
        visible += escaped
      } else {
        visible.unicodeScalars.append(scalar)
      }
    }
    output += Escaping.html.escape(visible)
  }

  static func appendMarkdown(_ text: String, to output: inout String) {
    // The last three scalars read, newest last, to spot `www.`, `GH-1`, `#1` and `://`.
    var before: (Unicode.Scalar, Unicode.Scalar, Unicode.Scalar) = (" ", " ", " ")
    for scalar in text.unicodeScalars {
      if startsLink(scalar, after: before) { output += linkBreak }
      switch scalar {
      case "\r", "\t":
        output += " "
      case "\n":
        if before.2 != "\r" { output += " " }
      case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#", "~", "!", "&":
        output += "\\"
        output.unicodeScalars.append(scalar)
      case "@":
        output += "@" + linkBreak
      default:
        if let visible = visibleEscape(scalar) {
          output += "\\" + visible
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
      before = (before.1, before.2, scalar)
    }
  }

  static func appendTerminal(_ text: String, to output: inout String) {
    var leading = true
    // 0: outside a marker; 1: after one `#`; 2: after `##` and any letters; 3: as 2, right after a `#`.
    var marker = 0
    for scalar in text.unicodeScalars {
      let starts = leading && scalar == ":"
      if leading && !scalar.properties.isWhitespace { leading = false }
      switch scalar {
      case "\t": output += "\\t"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case ":" where starts, "[" where marker >= 2: output += hexEscape(scalar)
      default:
        if let visible = visibleEscape(scalar) {
          output += visible
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
      switch scalar {
      case "#": marker = marker == 0 || marker == 2 ? 1 : 3
      case "A"..."Z", "a"..."z": marker = marker >= 2 ? 2 : 0
      default: marker = 0
      }
    }
  }

  /// What Markdown writes to stop GitHub from linking: a zero-width space, as an entity so the
  /// Markdown file itself holds nothing invisible.
  private static let linkBreak = "&#8203;"

  /// Whether GitHub would start a link or reference at `scalar` after the scalars `before`.
  private static func startsLink(
    _ scalar: Unicode.Scalar, after before: (Unicode.Scalar, Unicode.Scalar, Unicode.Scalar)
  ) -> Bool {
    switch scalar {
    case "0"..."9":
      return before.2 == "#"
        || (before.2 == "-" && lowercased(before.1) == "h" && lowercased(before.0) == "g")
    case "/":
      return before.2 == ":"
    case ".":
      return lowercased(before.0) == "w" && lowercased(before.1) == "w" && lowercased(before.2) == "w"
    default:
      return false
    }
  }

  private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
  }

  /// `scalar` as a visible escape when it is a control character, an invisible format character
  /// (Unicode category Cf: bidirectional controls, zero-width characters, the byte order mark,
  /// tag characters), a line or paragraph separator, or a non-character; nil when it shows as
  /// itself. C0 controls and DEL are `\x1b`, the rest `\u{202E}`.
  private static func visibleEscape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x20..<0x7F: return nil
    case 0..<0x20, 0x7F: return hexEscape(scalar)
    case 0x80..<0xA0: return unicodeEscape(scalar)
    default: break
    }
    switch scalar.properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator: return unicodeEscape(scalar)
    default: return scalar.properties.isNoncharacterCodePoint ? unicodeEscape(scalar) : nil
    }
  }

  /// `\x1b`: two lowercase hex digits, for ASCII.
  private static func hexEscape(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16)
    return "\\x" + (digits.count < 2 ? "0" : "") + digits
  }

  /// `\u{202E}`: at least four uppercase hex digits.
  private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return "\\u{" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "}"
  }

  /// The UTF-8 bytes of scalars that may need a visible escape: C0 controls other than tab and
  /// line breaks, DEL, and every byte of a non-ASCII scalar.
  private static let mayBeInvisible: [Bool] = (0...255).map { byte in
    switch byte {
    case 0x09, 0x0A, 0x0D: false
    case 0..<0x20, 0x7F...: true
    default: false
    }
  }
}
