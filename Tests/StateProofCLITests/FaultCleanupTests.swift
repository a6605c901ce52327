import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofRead
import StateProofSystem

/// Faults leave nothing behind (issue 36): a killed run's temporary folders go with the next run,
/// and a file size limit is a write error that leaves the old report and bundle as they were.
@Suite(.temporaryFolders)
struct FaultCleanupTests {
  /// The id of a process that has ended.
  static func deadProcess() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  @Test func aKilledRunsFolderIsRemovedByTheNextRunALiveOnesIsNot() throws {
    let temporary = try TestSupport.temporaryFolder()
    func folder(_ name: String, owner: Int32?) throws -> URL {
      let url = temporary.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      try Data(count: 1 << 20).write(to: url.appendingPathComponent("decoded"))
      if let owner { try Data("\(owner)\n".utf8).write(to: url.appendingPathComponent(ScratchFolder.markerName)) }
      return url
    }
    let stale = try folder("stateproof-xcresult-stale", owner: try Self.deadProcess())
    let live = try folder("stateproof-xcresult-live", owner: getppid())
    let unmarked = try folder("stateproof-xcresult-unmarked", owner: nil)
    let others = try folder("someone-elses", owner: try Self.deadProcess())
    let evidence = TestSupport.repositoryRoot.appendingPathComponent("examples/scanner").path
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let ended = try TestSupport.spawn(
      ["report", "--quiet", "--format", "json", "--out", out.path, evidence], environment: ["TMPDIR": temporary.path])
    #expect(!ended.bySignal, "\(ended.errors)")
    #expect(!FileManager.default.fileExists(atPath: stale.path))
    for kept in [live, unmarked, others] {
      #expect(FileManager.default.fileExists(atPath: kept.appendingPathComponent("decoded").path), "\(kept.lastPathComponent)")
    }
  }

  @Test func aScratchFolderCarriesItsOwnersMarker() throws {
    let temporary = try TestSupport.temporaryFolder()
    let folder = try #require(ScratchFolder.make("test", in: temporary))
    let marker = try String(contentsOf: folder.appendingPathComponent(ScratchFolder.markerName), encoding: .utf8)
    #expect(marker == "\(getpid())\n")
    // This process is alive: its folder stays.
    #expect(ScratchFolder.removeStale(in: temporary).isEmpty)
    #expect(FileManager.default.fileExists(atPath: folder.path))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh")))
  func aFileSizeLimitIsAWriteErrorAndLeavesTheOldReportAndBundle() throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("evidence")
    try FileManager.default.copyItem(at: TestSupport.repositoryRoot.appendingPathComponent("examples/bundle"), to: evidence)
    let binary = try TestSupport.binary()
    func run(limit: Int?) throws -> (status: Int32, output: String, errors: String) {
      // The second run's report differs (another time), so a replaced folder would show.
      let command = (limit.map { "ulimit -f \($0); " } ?? "")
        + "cd '\(folder.path)' && exec '\(binary)' report --quiet --out report --bundle bundle.tar.gz "
        + (limit == nil ? "" : "--generated-at 2025-11-24T16:00:00Z ") + "evidence"
      return try TestSupport.runProgram("/bin/sh", ["-c", command])
    }
    let first = try run(limit: nil)
    #expect(first.status == 1, "\(first.errors)")
    let report = folder.appendingPathComponent("report")
    let before = try XCResultEvidenceTests.snapshot(report)
    let bundle = try Data(contentsOf: folder.appendingPathComponent("bundle.tar.gz"))
    #expect(bundle.count > 1 << 20)
    let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let reportListing = try FileManager.default.contentsOfDirectory(atPath: report.path).sorted()
    // 1 MiB: the report's files fit, the bundle does not.
    let limited = try run(limit: 2048)
    #expect(limited.status == 2, "\(limited.errors)")
    #expect(limited.errors.contains("bundle.tar.gz"), "\(limited.errors)")
    #expect(limited.errors.contains("File too large"), "\(limited.errors)")
    #expect(try XCResultEvidenceTests.snapshot(report) == before)
    #expect(try Data(contentsOf: folder.appendingPathComponent("bundle.tar.gz")) == bundle)
    // No partial archive or staging folder left.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == listing)
    #expect(try FileManager.default.contentsOfDirectory(atPath: report.path).sorted() == reportListing)
  }
}
