/// The command line was wrong; the tool prints the message and exits with status 2.
package struct UsageError: Error, Equatable, CustomStringConvertible {
  package var command: String?
  package var message: String

  package init(command: String? = nil, message: String) {
    self.command = command
    self.message = message
  }

  package var description: String {
    lines.joined(separator: "\n")
  }

  /// The message, then where to find help: two lines.
  package var lines: [String] {
    let help = command.map { "stateproof \($0) --help" } ?? "stateproof help"
    return [message, "See '\(help)'."]
  }
}
