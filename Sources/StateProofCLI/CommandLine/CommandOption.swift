/// One command's options, a case each, named by their raw value (`fail-on`). Arguments are
/// looked up by case, so an option the command does not have, or a misspelled one, does not
/// compile; the command's spec must list exactly these options, in their order (``CommandSpec``
/// checks it when it is made).
protocol CommandOption: RawRepresentable<String>, CaseIterable, Sendable {}

/// The options of a command that takes none (but `--help`).
enum NoOption: CommandOption {
  init?(rawValue: String) { nil }
  var rawValue: String { switch self {} }
}
