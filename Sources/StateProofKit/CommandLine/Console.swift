import Foundation

/// Where a command writes and reads: the real standard streams, or buffers in tests.
package struct Console: Sendable {
  package var write: @Sendable (String) -> Void
  package var writeError: @Sendable (String) -> Void
  package var readInput: @Sendable () -> Data
  package var environment: [String: String]

  package init(
    write: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    readInput: @escaping @Sendable () -> Data = { Data() },
    environment: [String: String] = [:]
  ) {
    self.write = write
    self.writeError = writeError
    self.readInput = readInput
    self.environment = environment
  }

  /// The process's own standard streams and environment.
  package static var standard: Console {
    Console(
      write: { FileHandle.standardOutput.write(Data($0.utf8)) },
      writeError: { FileHandle.standardError.write(Data($0.utf8)) },
      readInput: { FileHandle.standardInput.readDataToEndOfFile() },
      environment: ProcessInfo.processInfo.environment)
  }
}
