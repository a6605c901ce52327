import Foundation

@testable import StateProofKit

/// Paths and helpers the Kit tests share.
enum TestSupport {
  /// The package's root folder, found from this file's path.
  static let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let scannerExample = repositoryRoot.appendingPathComponent("examples/scanner").path

  static let templates = repositoryRoot.appendingPathComponent("Templates").path

  /// A fresh empty folder under the system's temporary folder.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("stateproof-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs the command line in-process and captures what it printed. The shipped templates are
  /// named in the environment: a test runner outside the package (macOS's `xctest`) is not a
  /// place the binary looks for them.
  static func run(_ arguments: [String], environment: [String: String] = [:]) -> (
    status: Int32, output: String, errors: String
  ) {
    var environment = environment
    environment["STATEPROOF_TEMPLATES"] = environment["STATEPROOF_TEMPLATES"] ?? templates
    let output = Captured()
    let errors = Captured()
    let console = Console(
      write: { output.append($0) }, writeError: { errors.append($0) },
      environment: environment)
    let status = CommandLineTool.run(arguments, console: console)
    return (status, output.text, errors.text)
  }

  /// The path of `name` on PATH, if the machine has it.
  static func executable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs another program to completion; returns its exit status, standard output and error.
  static func runProgram(_ path: String, _ arguments: [String]) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let errorsFile = try temporaryFolder().appendingPathComponent("stderr")
    try Data().write(to: errorsFile)
    let errors = try FileHandle(forWritingTo: errorsFile)
    defer { try? errors.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: data, as: UTF8.self),
      try String(contentsOf: errorsFile, encoding: .utf8)
    )
  }

  /// Text written from the console's closures.
  final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""

    func append(_ text: String) { lock.withLock { buffer += text } }

    var text: String { lock.withLock { buffer } }
  }
}
