import Foundation
import StateProofArchive
import Testing
import StateProofTestSupport

/// What the archive tests share: packing entries in memory, and running the system's own tools
/// (Python's tarfile, gzip and zlib modules, GNU or BSD tar, gzip) as the independent readers.
enum ArchiveTesting {
  /// An entry to pack.
  enum Entry {
    case directory(String)
    case file(String, [UInt8])
  }

  /// The archive of `entries`, in their order, each file handed over in pieces of `step` bytes.
  static func pack(_ entries: [Entry], time: Int = 1_700_000_000, step: Int = 70_000) throws -> [UInt8] {
    let writer = try ArchiveWriter(sink: CollectedBytes(), modificationTime: time)
    for entry in entries {
      switch entry {
      case .directory(let name): try writer.addDirectory(name)
      case .file(let name, let bytes):
        var source = TrickleSource(bytes, step: step)
        try writer.addFile(name, size: bytes.count, from: &source)
      }
    }
    return try writer.finish().bytes
  }

  /// Writes `bytes` to a new file in a new temporary folder.
  static func file(_ bytes: [UInt8], named name: String = "archive.tar.gz") throws -> URL {
    let url = try TemporaryFolder.make().appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
  }

  /// Runs `program` (a path, or a name looked up on PATH) to its end: status and standard output.
  /// A missing program fails the test rather than skipping it.
  static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let path =
      program.hasPrefix("/")
      ? program
      : try #require(
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
          .map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) },
        "\(program) is needed on PATH to check archives independently")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// Runs a Python script with `arguments` and decodes the one JSON value it prints.
  static func python<Value: Decodable>(_ script: String, _ arguments: [String], as type: Value.Type) throws -> Value {
    let (status, output) = try run("python3", ["-c", script] + arguments)
    try #require(status == 0, "the Python check failed")
    return try JSONDecoder().decode(Value.self, from: Data(output.utf8))
  }
}
