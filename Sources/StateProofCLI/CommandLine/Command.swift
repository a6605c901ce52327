/// A `stateproof` subcommand: its options, its spec (for parsing and help) and what it does.
protocol Command: Sendable {
  /// The options it accepts, a case each: the only keys its arguments can be looked up by.
  associatedtype Option: CommandOption
  static var spec: CommandSpec { get }
  /// Runs the command and returns the exit status; throws for errors that end it with status 2.
  static func run(_ arguments: ParsedArguments<Option>, console: Console) throws -> Int32
}
