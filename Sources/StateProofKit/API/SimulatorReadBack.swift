import Foundation
import StateProofKnowledge
import StateProofRead
import StateProofSystem

/// `stateproof seed-check --ios`'s read-back: one permission's state for one app, read from the
/// Simulator's own store after a seed, and whether the seeded state took. SPI: the command line
/// prints it; the reading is the library's (``SimulatorSeedCheck``).
@_spi(CLI) public struct SimulatorReadBack: Sendable {
  private let result: SimulatorSeedCheckResult
  private let device: String?

  /// Reads the store of the Simulator `device` (its data folder from `xcrun simctl getenv DEVICE
  /// HOME`, `xcrun` looked for on `environment`'s PATH), else of the data folder `data` (a copy
  /// of the device's), else the lines a script printed: the file at `path`, else `input()`.
  /// `runtime` and `xcode` name the versions when the store does not (with `device` they are
  /// asked of simctl and xcodebuild). Throws when the store cannot be read or cannot tell.
  public init(
    path: String?, input: () -> Data, device: String?, data: String?, permission: String, want: String,
    bundle: String, runtime: String?, xcode: String?, environment: [String: String]
  ) throws(StateProofError) {
    let source: SimulatorSeedCheck.Source
    var runtime = runtime
    var xcode = xcode
    if let device {
      let xcrun = Self.xcrun(environment)
      guard let xcrun else {
        throw .seedCheck(.check(reason: "--device needs xcrun (Xcode's command line tools) on the PATH: a Mac's"))
      }
      let home = try Self.run(
        xcrun, ["simctl", "getenv", device, "HOME"], what: "the Simulator \(device)'s data folder")
      runtime = runtime ?? (try? Self.run(xcrun, ["simctl", "getenv", device, "SIMULATOR_RUNTIME_VERSION"], what: ""))
      xcode =
        xcode
        ?? (try? Self.run(xcrun, ["xcodebuild", "-version"], what: "")).flatMap { text in
          text.split(whereSeparator: \.isNewline).first.map { String($0).replacingOccurrences(of: "Xcode ", with: "") }
        }
      source = .dataFolder(URL(fileURLWithPath: home), shown: home)
    } else if let data {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: data, isDirectory: &isFolder), isFolder.boolValue else {
        throw .inputFile(path: data, name: "--data \(data)", reason: .unreadable(reason: "no such folder"))
      }
      source = .dataFolder(URL(fileURLWithPath: data), shown: data)
    } else if let path {
      switch RegularFile.open(path) {
      case .success(let file):
        switch file.read(upTo: Self.maxPrintedBytes) {
        case .success(let bytes): source = .printed(bytes)
        case .failure(let error): throw .inputFile(path: path, name: path, reason: .unreadable(reason: "\(error)"))
        }
      case .failure(let error): throw .inputFile(path: path, name: path, reason: .unreadable(reason: "\(error)"))
      }
    } else {
      source = .printed(input())
    }
    do throws(SimulatorStoreError) {
      var result = try SimulatorSeedCheck.check(source, bundle: bundle, permission: permission, want: want)
      result.runtime = result.runtime ?? runtime
      result.xcode = result.xcode ?? xcode
      self.result = result
    } catch {
      throw .seedCheck(.check(reason: "\(error)"))
    }
    self.device = device
  }

  /// What the read-back prints, a line each (escape them for a log): TCC's columns, the app's
  /// rows or entries as read, what was seen and not taken, and that a store row is not the app's
  /// view.
  public var lines: [String] { result.lines }

  /// Why the check fails (exit status 1): the state not taken. Empty when it took.
  public var failures: [String] {
    result.taken
      ? [] : ["\(SeedLogReader.notTakenMarker)\(result.wanted), found \(result.found) (\(result.reading.raw))"]
  }

  /// The result as the one JSON line (with its newline) `--record` appends, which `report`
  /// reads as seed evidence.
  public func record(time: String?) throws -> Data {
    Data((try result.record(time: time, device: device).jsonLine() + "\n").utf8)
  }

  /// The most of a printed read-back read: a CI log holding it is far smaller.
  static let maxPrintedBytes = 64 << 20

  /// `xcrun` on `environment`'s PATH.
  private static func xcrun(_ environment: [String: String]) -> URL? {
    (environment["PATH"] ?? "").split(separator: ":").map {
      URL(fileURLWithPath: String($0)).appendingPathComponent("xcrun")
    }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs `xcrun arguments` and gives its output's first line, trimmed.
  private static func run(_ xcrun: URL, _ arguments: [String], what: String) throws(StateProofError) -> String {
    let process = Process()
    process.executableURL = xcrun
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    let command = "xcrun " + arguments.joined(separator: " ")
    do {
      try process.run()
    } catch {
      throw .seedCheck(.check(reason: "\(command) could not be started: \(error.localizedDescription)"))
    }
    let bytes = output.fileHandleForReading.readDataToEndOfFile()
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationReason == .exit, process.terminationStatus == 0, !text.isEmpty else {
      let reason = String(decoding: said.prefix(2048), as: UTF8.self).split(whereSeparator: \.isNewline).first
      throw .seedCheck(
        .check(
          reason: "\(command) did not give \(what.isEmpty ? "an answer" : what)"
            + (reason.map { ": \($0)" } ?? " (exit status \(process.terminationStatus))")))
    }
    return text
  }
}
