import Foundation
import StateProofModel
import StateProofEvidence
import StateProofSystem

/// Runs `xcrun xcresulttool` (Xcode 16 or later) on a result bundle: `get test-results tests` and
/// `summary` with `--format json`, and `export attachments`, each into a fresh temporary folder
/// outside the evidence, and hands back what it wrote as files to read like any other. Nothing is
/// written into the bundle. `xcrun` is looked for on the PATH the command was given, so a test
/// can put a stand-in there.
package struct XCResultTool: Sendable {
  /// `xcrun`, or nil when the PATH has none.
  package let xcrun: URL?

  package init(environment: [String: String]) {
    let path = environment["PATH"] ?? ""
    xcrun = path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("xcrun") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// What exporting a bundle gave.
  package struct Export: Sendable {
    /// The bundle's record: read (its format naming the tool's version), or why not.
    package var record: FileRecord
    /// The files the tool wrote, to read as evidence; their paths lie under the bundle's.
    package var files: [DiscoveryCandidate] = []
    /// The temporary folder holding them, to remove once the report is written.
    package var folder: URL?
  }

  /// Exports `bundle` (a record of kind `xcresult-bundle`).
  package func export(_ bundle: DiscoveredFile) -> Export {
    var record = bundle.record
    let shown = XCResultBundle.displayPath(root: record.root, path: record.path)
    guard let xcrun else { return Export(record: record) }
    let folder: URL
    do {
      folder = try ScratchFolder.make("xcresulttool")
    } catch {
      record.error = .notEvidence(
        XCResultBundle.notRead(path: shown, reason: "no temporary folder to export it into (\(error))"))
      return Export(record: record)
    }
    var export = Export(record: record, folder: folder)
    let path = bundle.url.path
    let steps: [(arguments: [String], output: String?)] = [
      (["xcresulttool", "version"], "version.txt"),
      (["xcresulttool", "get", "test-results", "tests", "--path", path, "--format", "json"], "tests.json"),
      (["xcresulttool", "get", "test-results", "summary", "--path", path, "--format", "json"], "summary.json"),
      (
        [
          "xcresulttool", "export", "attachments", "--path", path, "--output-path",
          folder.appendingPathComponent("attachments").path,
        ], nil
      ),
    ]
    for step in steps {
      if let failure = run(xcrun, step.arguments, output: step.output.map(folder.appendingPathComponent), in: folder) {
        export.record.status = .unreadable
        export.record.error = .notOpened(
          "an Xcode result bundle that `xcrun \(step.arguments.prefix(4).joined(separator: " "))` could not read: \(failure)"
        )
        return export
      }
    }
    let version =
      (try? String(contentsOf: folder.appendingPathComponent("version.txt"), encoding: .utf8))?
      .split(whereSeparator: \.isNewline).first.map(String.init) ?? "an unknown xcresulttool version"
    export.record.status = .read
    export.record.error = nil
    export.record.format = "Xcode result bundle, read with \(version)"
    for name in ["tests.json", "summary.json"] {
      export.files.append(candidate(folder: folder.path, name: name, record: record, path: name))
    }
    let attachments = folder.appendingPathComponent("attachments")
    for entry in DirectoryEntries.list(attachments.path) ?? [] where entry.isUTF8 {
      export.files.append(
        candidate(folder: attachments.path, name: entry.name, record: record, path: "attachments/" + entry.name))
    }
    return export
  }

  /// A file the tool wrote, listed under the bundle's path.
  private func candidate(folder: String, name: String, record: FileRecord, path: String) -> DiscoveryCandidate {
    let location = PathBytes.appending(name, to: folder)
    let size = (try? FileManager.default.attributesOfItem(atPath: location)[.size] as? Int) ?? 0
    return .toExamine(folder: folder, name: name, root: record.root, path: record.path + "/" + path, bytes: size)
  }

  /// Runs `xcrun ARGUMENTS`, its standard output into `output` (or nowhere); nil when it exited
  /// 0, else what went wrong (its exit status and the start of what it wrote to standard error).
  private func run(_ xcrun: URL, _ arguments: [String], output: URL?, in folder: URL) -> String? {
    let errors = folder.appendingPathComponent("stderr-\(UUID().uuidString).txt")
    guard FileManager.default.createFile(atPath: errors.path, contents: nil),
      output.map({ FileManager.default.createFile(atPath: $0.path, contents: nil) }) ?? true,
      let errorHandle = try? FileHandle(forWritingTo: errors)
    else { return "cannot write into the temporary folder \(folder.path)" }
    defer {
      try? errorHandle.close()
      try? FileManager.default.removeItem(at: errors)
    }
    let outputHandle = output.flatMap { try? FileHandle(forWritingTo: $0) }
    defer { try? outputHandle?.close() }
    let process = Process()
    process.executableURL = xcrun
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = outputHandle ?? FileHandle.nullDevice
    process.standardError = errorHandle
    do {
      try process.run()
    } catch {
      return "it could not be started (\(error.localizedDescription))"
    }
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      let said = (try? Data(contentsOf: errors)).map { String(decoding: $0.prefix(4096), as: UTF8.self) } ?? ""
      let first = said.split(whereSeparator: \.isNewline).first.map { ": \($0)" } ?? ""
      let how =
        process.terminationReason == .exit
        ? "exit status \(process.terminationStatus)" : "signal \(process.terminationStatus)"
      return "it ended with \(how)\(first)"
    }
    return nil
  }
}
