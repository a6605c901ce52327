/// One option a command accepts: `--name VALUE` (or a bare `--name` flag), with its help line.
struct OptionSpec: Sendable {
  var name: String
  /// What the value is called in help (`DIR`, `FILE`); nil for a flag that takes no value.
  var value: String?
  var repeatable = false
  /// Whether the command line must give it; the parser says so when it is missing.
  var required = false
  var help: String

  init(
    _ name: String, value: String? = nil, repeatable: Bool = false, required: Bool = false,
    help: String
  ) {
    self.name = name
    self.value = value
    self.repeatable = repeatable
    self.required = required
    self.help = help
  }
}
