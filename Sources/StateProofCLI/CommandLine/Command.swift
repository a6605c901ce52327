/// A `stateproof` subcommand: its spec (for parsing and help) and what it does.
package protocol Command: Sendable {
  static var spec: CommandSpec { get }
  /// Runs the command and returns the exit status; throws for errors that end it with status 2.
  static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32
}
