/// Text made safe for XML 1.0: markup characters become entities, and characters XML 1.0 cannot
/// carry at all (control characters other than tab, line feed and carriage return, and the
/// non-characters U+FFFE and U+FFFF) are dropped, since evidence text may contain anything.
package enum XMLText {
  /// `text` escaped for element content.
  package static func content(_ text: String) -> String {
    escape(text, attribute: false)
  }

  /// `text` escaped for a double-quoted attribute value; tabs and line breaks become character
  /// references so attribute normalisation keeps them.
  package static func attribute(_ text: String) -> String {
    escape(text, attribute: true)
  }

  private static func escape(_ text: String, attribute: Bool) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"" where attribute: output += "&quot;"
      case "\t" where attribute: output += "&#9;"
      case "\n" where attribute: output += "&#10;"
      case "\r": output += "&#13;"
      case "\t", "\n": output.unicodeScalars.append(scalar)
      default:
        if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output
  }
}
