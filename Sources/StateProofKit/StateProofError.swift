import StateProofModel

/// Why a command could not do its job at all; each ends the run with exit status 2.
package enum StateProofError: Error, CustomStringConvertible {
  /// The configuration file has a wrong key, type or value.
  case configuration(file: String, ConfigurationError)
  /// The configuration file cannot be read or is not JSON.
  case unreadableConfiguration(file: String, reason: String)
  /// The output folder cannot be used as asked.
  case output(String)
  /// A template is missing or broken.
  case template(String)
  /// An input the command needs (not evidence) cannot be read.
  case input(String)

  package var description: String {
    switch self {
    case .configuration(let file, let error): "\(file): \(error)"
    case .unreadableConfiguration(let file, let reason): "\(file): \(reason)"
    case .output(let message): message
    case .template(let message): message
    case .input(let message): message
    }
  }
}
