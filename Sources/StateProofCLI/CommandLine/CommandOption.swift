/// One command's options, a case each, named by their raw value (`fail-on`). Arguments are
/// looked up by case, so an option the command does not have, or a misspelled one, does not
/// compile; the command's spec is built from every case, so each one is parsed and documented.
protocol CommandOption: RawRepresentable<String>, CaseIterable, Sendable {
  /// How the option is parsed and explained (its name is the raw value).
  var spec: OptionSpec { get }
}

/// The options of a command that takes none (but `--help`).
enum NoOption: CommandOption {
  init?(rawValue: String) { nil }
  var rawValue: String { switch self {} }
  var spec: OptionSpec { switch self {} }
}
