/// `--format text|json`, as `inspect` and `verify` take it.
enum TextOrJSON: String {
  case text
  case json

  /// The format `argument` names (text when absent).
  init(argument: String?, command: String) throws(UsageError) {
    guard let format = TextOrJSON(rawValue: argument ?? "text") else {
      throw UsageError(command: command, message: "--format takes text or json, found \"\(argument ?? "")\"")
    }
    self = format
  }
}
