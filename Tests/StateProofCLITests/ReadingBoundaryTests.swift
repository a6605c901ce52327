import Foundation
import Testing
import StateProofTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import StateProofCLI
@testable import StateProofKit

/// Only regular files are read: a FIFO behind a link inside the evidence, a FIFO or a character
/// device given as PATH, each ends `report` and `inspect` within seconds with an entry naming
/// its type, where reading it used to block forever.
@Suite(.temporaryFolders) struct ReadingBoundaryTests {
  /// Runs `arguments` on another thread; nil when it has not finished within `seconds` (the
  /// thread is then left blocked, and the test fails instead of hanging the run).
  private func run(_ arguments: [String], within seconds: Double = 10) -> (
    status: Int32, output: String, errors: String
  )? {
    final class Box: @unchecked Sendable { var value: (status: Int32, output: String, errors: String)? }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      box.value = TestSupport.run(arguments)
      done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return box.value
  }

  private func evidence(_ out: URL) throws -> [[String: Any]] {
    let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return json["evidence"] as? [[String: Any]] ?? []
  }

  @Test func aFIFOBehindALinkInsideTheEvidenceIsRefused() throws {
    let folder = try TestSupport.temporaryFolder()
    let root = folder.appendingPathComponent("evidence")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    #expect(mkfifo(root.appendingPathComponent("pipe").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("seed-camera-granted.log").path, withDestinationPath: "pipe")
    let out = folder.appendingPathComponent("report")
    let report = try #require(run(["report", "--out", out.path, root.path]), "report hung on a FIFO")
    #expect(report.status == 1)
    let entries = try evidence(out)
    let link = try #require(entries.first { $0["path"] as? String == "seed-camera-granted.log" })
    #expect(link["status"] as? String == "unreadable")
    #expect((link["error"] as? String)?.contains("not a regular file but a FIFO (named pipe)") == true)
    let inspect = try #require(run(["inspect", root.path]), "inspect hung on a FIFO")
    #expect(inspect.status == 0)
    #expect(
      inspect.output.contains("seed-camera-granted.log: other, 0 bytes, unreadable (not a regular file but a FIFO"))
  }

  @Test(arguments: ["/dev/zero", "/dev/null"])
  func aCharacterDeviceAsPathIsRefused(_ device: String) throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let report = try #require(run(["report", "--out", out.path, device]), "report hung on \(device)")
    #expect(report.status == 1)
    let entry = try #require(try evidence(out).first)
    #expect(entry["status"] as? String == "unreadable")
    #expect((entry["error"] as? String)?.contains("a character device") == true)
    let inspect = try #require(run(["inspect", device]), "inspect hung on \(device)")
    #expect(inspect.output.contains("unreadable (not a regular file but a character device"))
  }

  @Test func aFIFOAsPathIsRefused() throws {
    let folder = try TestSupport.temporaryFolder()
    let fifo = folder.appendingPathComponent("results.xml")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let out = folder.appendingPathComponent("report")
    let report = try #require(run(["report", "--out", out.path, fifo.path]), "report hung on a FIFO")
    #expect(report.status == 1)
    #expect((try evidence(out).first?["error"] as? String)?.contains("FIFO") == true)
  }

  /// Inputs that are not evidence go through the same boundary: a device given as the
  /// configuration, the baseline or a template is a usage error naming it, never a hang.
  @Test(arguments: [
    ["report", "--config", "/dev/zero", TestSupport.scannerExample],
    ["report", "--baseline", "/dev/zero", TestSupport.scannerExample],
    ["render", "--template", "/dev/zero", "--data", "/dev/null"],
  ])
  func aDeviceAsAnotherInputIsRefused(_ arguments: [String]) throws {
    var arguments = arguments
    if arguments[0] == "report" {
      arguments.insert(
        contentsOf: ["--out", try TestSupport.temporaryFolder().appendingPathComponent("r").path], at: 1)
    }
    let result = try #require(run(arguments), "\(arguments[0]) hung on /dev/zero")
    #expect(result.status == 2)
    #expect(result.errors.contains("/dev/zero: not a regular file but a character device"), "\(result.errors)")
  }
}
