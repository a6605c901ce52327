import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import StateProofCLI
@testable import StateProofKit
import StateProofTestSupport

/// Paths and helpers the command-line tests share.
enum TestSupport {
  /// The package's root folder, found from the sources' own path.
  static let repositoryRoot = PackageRoot.url

  static let scannerExample = repositoryRoot.appendingPathComponent("examples/scanner").path

  static let templates = repositoryRoot.appendingPathComponent("Templates").path

  /// A fresh empty folder, removed when the test ends (its suite has `.temporaryFolders`).
  static func temporaryFolder() throws -> URL { try TemporaryFolder.make() }

  /// Runs the command line in-process, with `input` as its standard input, and captures what it
  /// printed. The shipped templates are named in the environment: a test runner outside the
  /// package (macOS's `xctest`) is not a place the binary looks for them.
  static func run(_ arguments: [String], environment: [String: String] = [:], input: Data = Data()) -> (
    status: Int32, output: String, errors: String
  ) {
    var environment = environment
    environment["STATEPROOF_TEMPLATES"] = environment["STATEPROOF_TEMPLATES"] ?? templates
    let output = CapturedText()
    let errors = CapturedText()
    let console = Console(
      write: { output.append($0) }, writeError: { errors.append($0) }, readInput: { input },
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

  /// The `stateproof` binary `swift build` (or `swift test`) put beside the test bundle.
  static func binary() throws -> String {
    let candidates = [
      Bundle.main.executableURL?.deletingLastPathComponent(),
      Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent(),
      repositoryRoot.appendingPathComponent(".build/debug"),
    ].compactMap { $0?.appendingPathComponent("stateproof").path }
    return try #require(
      candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
      "no stateproof binary beside the tests; run swift build first")
  }

  /// How a program run with ``spawn(_:_:in:environment:output:timeout:whileRunning:)`` ended.
  struct Ended {
    /// The exit status, or the signal that ended it.
    var status: Int32
    var bySignal: Bool
    var errors: String
  }

  /// Runs the `stateproof` binary with `arguments` in `folder`, standard output going to `output`
  /// (a file handle of the caller's, or /dev/null), and waits at most `timeout` seconds for it
  /// (then kills it and fails). `whileRunning` gets the process once it started; `executable`
  /// runs another copy of the binary, and `unset` names variables the child does not inherit.
  static func spawn(
    _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:], unset: [String] = [],
    executable: String? = nil, output: FileHandle? = nil, timeout: TimeInterval = 60,
    whileRunning: (Process) throws -> Void = { _ in }
  ) throws -> Ended {
    let errorsFile = try temporaryFolder().appendingPathComponent("stderr")
    try Data().write(to: errorsFile)
    let errors = try FileHandle(forWritingTo: errorsFile)
    defer { try? errors.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try executable ?? binary())
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      .filter { !unset.contains($0.key) }
    process.standardOutput = output ?? FileHandle.nullDevice
    process.standardError = errors
    try runUnblocked(process)
    try whileRunning(process)
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      Issue.record("stateproof \(arguments.joined(separator: " ")) ran over \(Int(timeout)) s")
    }
    return Ended(
      status: process.terminationStatus, bySignal: process.terminationReason == .uncaughtSignal,
      errors: try String(contentsOf: errorsFile, encoding: .utf8))
  }

  /// Starts `process` from a thread that blocks no signal. A child inherits the signal mask of
  /// the thread that spawns it, and the test runner's worker threads block nearly all signals,
  /// so a child started from one would never see SIGINT or SIGTERM, as no shell's child would.
  private static func runUnblocked(_ process: Process) throws {
    let started = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var failure: (any Error)?
    let thread = Thread {
      var all = sigset_t()
      sigfillset(&all)
      pthread_sigmask(SIG_UNBLOCK, &all, nil)
      do { try process.run() } catch { failure = error }
      started.signal()
    }
    thread.start()
    started.wait()
    if let failure { throw failure }
  }
}
