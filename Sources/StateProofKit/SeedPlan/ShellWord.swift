/// Words put in a generated shell script: every value that comes from the configuration (an app
/// id, a device, a row name, a permission name) is quoted, so that no value can run a command,
/// on this machine or, through `adb shell`, on the device.
enum ShellWord {
  /// `text` as one word for a POSIX shell: as it is when it holds only characters no shell gives
  /// a meaning (`com.example.app`, `android.permission.CAMERA`), else in single quotes, each
  /// single quote written `'\''`.
  static func quoted(_ text: String) -> String {
    isPlain(text) ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// `text` as one word of an `adb shell` command line: adb joins its words with spaces and the
  /// device's shell parses the line again, so a word that is not plain is quoted for the device
  /// and then for this machine.
  static func onDevice(_ text: String) -> String {
    isPlain(text) ? text : quoted(quoted(text))
  }

  /// Whether `text` is a word no shell changes: not empty, only letters, digits and
  /// `_ . / : @ % + , -` (no `=`, so never an assignment; no `~` to expand).
  static func isPlain(_ text: String) -> Bool {
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
  static func comment(_ text: String) -> String {
    String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { scalar in
          scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" ? " " : scalar
        }))
  }

  /// A name for a shell function from `text`: letters, digits and `_` kept, anything else `_`.
  static func functionName(_ text: String) -> String {
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
