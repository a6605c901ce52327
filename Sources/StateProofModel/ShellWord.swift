/// Words for a POSIX shell: an argument as a shell reads it back, for a command StateProof prints
/// for a person to run or read (a report's command line, the `xcresulttool` commands for a Mac,
/// `tar -xzf`), and every value a generated seed script takes from the configuration (an app id, a
/// device, a row name), so that no value can run a command, on this machine or, through
/// `adb shell`, on the device.
package enum ShellWord {
  /// `text` as one word for a POSIX shell: as it is when it holds only characters no shell gives
  /// a meaning (`com.example.app`, `android.permission.CAMERA`), else in single quotes, each
  /// single quote written `'\''`.
  package static func quoted(_ text: String) -> String {
    isPlain(text) ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// `text` as one word of an `adb shell` command line: adb joins its words with spaces and the
  /// device's shell parses the line again, so a word that is not plain is quoted for the device
  /// and then for this machine.
  package static func onDevice(_ text: String) -> String {
    isPlain(text) ? text : quoted(quoted(text))
  }

  /// Whether `text` is a word no shell changes: not empty, only letters, digits and
  /// `_ . / : @ % + , -` (no `=`, so never an assignment; no `~` to expand).
  package static func isPlain(_ text: String) -> Bool {
    guard !text.isEmpty else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "/", ":", "@", "%", "+", ",", "-": true
      default: false
      }
    }
  }

  /// `text` for a `#` comment: a line break (or any control character) would end the comment and
  /// start a command, so each becomes a space.
  package static func comment(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" ? " " : scalar
        }))
  }

  /// A name for a shell function from `text`: letters, digits and `_` kept, anything else `_`.
  package static func functionName(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          switch scalar {
          case "a"..."z", "A"..."Z", "0"..."9", "_": scalar
          default: "_"
          }
        }))
  }
}
