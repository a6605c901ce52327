import StateProofModel

/// Why StateProof could not do its job at all: the command line ends the run with exit status 2,
/// and the library throws it. ``description`` is the message for the user.
public enum StateProofError: Error, Sendable, CustomStringConvertible {
  /// The configuration file has a wrong key, type or value.
  case configuration(file: String, ConfigurationError)
  /// The configuration file cannot be read or is not JSON.
  case unreadableConfiguration(file: String, reason: String)
  /// The output folder cannot be used as asked.
  case output(String)
  /// A template is missing or broken.
  case template(String)
  /// An input that is not evidence (a baseline, a report.json read back, an option's value)
  /// cannot be used.
  case input(String)

  public var description: String {
    switch self {
    case .configuration(let file, let error): "\(file): \(error)"
    case .unreadableConfiguration(let file, let reason): "\(file): \(reason)"
    case .output(let message): message
    case .template(let message): message
    case .input(let message): message
    }
  }
}
