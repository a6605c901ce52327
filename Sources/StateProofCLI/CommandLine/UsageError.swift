/// The command line was wrong; the tool prints the message and exits with status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
  var command: String?
  var message: String

  init(command: String? = nil, message: String) {
    self.command = command
    self.message = message
  }

  var description: String {
    lines.joined(separator: "\n")
  }

  /// The message, then where to find help: two lines.
  var lines: [String] {
    let help = command.map { "stateproof \($0) --help" } ?? "stateproof help"
    return [message, "See '\(help)'."]
  }
}
