import Foundation
import Testing
import StateProofTestSupport

/// Faults leave nothing behind (issue 36): a file size limit is a write error that leaves the old
/// report and bundle as they were. (A killed run's temporary folders: ``ScratchCleanupTests``.)
@Suite(.temporaryFolders)
struct FaultCleanupTests {
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/sh")))
  func aFileSizeLimitIsAWriteErrorAndLeavesTheOldReportAndBundle() throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("evidence")
    try FileManager.default.copyItem(
      at: TestSupport.repositoryRoot.appendingPathComponent("examples/bundle"), to: evidence)
    let binary = try TestSupport.binary()
    func run(limit: Int?) throws -> (status: Int32, output: String, errors: String) {
      // The second run's report differs (another time), so a replaced folder would show.
      let command =
        (limit.map { "ulimit -f \($0); " } ?? "")
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
