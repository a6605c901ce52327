import Foundation
@_spi(CLI) import StateProofKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command writes and reads: the real standard streams, or buffers in tests. A write
/// that fails (a closed pipe, a full disk) throws, and the run ends with exit status 2.
struct Console: Sendable {
  var write: @Sendable (String) throws -> Void
  var writeError: @Sendable (String) throws -> Void
  var readInput: @Sendable () -> Data
  var environment: [String: String]
  /// Whether standard error is a terminal a person watches (progress is shown there by default).
  var errorIsTerminal: Bool
  /// The `stateproof` binary running, whose SHA-256 a report records; nil when the command line
  /// runs inside another program (tests).
  var executable: String?

  init(
    write: @escaping @Sendable (String) throws -> Void,
    writeError: @escaping @Sendable (String) throws -> Void,
    readInput: @escaping @Sendable () -> Data = { Data() },
    environment: [String: String] = [:],
    errorIsTerminal: Bool = false,
    executable: String? = nil
  ) {
    self.executable = executable
    self.write = write
    self.writeError = writeError
    self.readInput = readInput
    self.environment = environment
    self.errorIsTerminal = errorIsTerminal
  }

  /// The process's own standard streams and environment.
  static var standard: Console {
    Console(
      write: { try StreamWriter.standardOutput.write($0) },
      writeError: { try StreamWriter.standardError.write($0) },
      readInput: { FileHandle.standardInput.readDataToEndOfFile() },
      environment: ProcessInfo.processInfo.environment,
      errorIsTerminal: isatty(STDERR_FILENO) == 1,
      executable: Bundle.main.executableURL?.resolvingSymlinksInPath().path)
  }
}
