import Foundation
import StateProofKit
import Testing
import StateProofTestSupport

/// The sign-off history as an outside client uses it: `ReportOptions.history`, the line the
/// written report reports, the history read back as typed records, verified, and rendered.
@Suite(.temporaryFolders) struct HistoryLibraryTests {
  @Test func aClientSignsOffTwiceAndReadsTheHistoryBack() throws {
    let folder = try TemporaryFolder.make()
    let history = folder.appendingPathComponent("sign-offs.jsonl").path
    var options = ReportOptions(
      configuration: try ReportConfiguration(contentsOf: PackageRoot.path("examples/scanner/stateproof.json")),
      generatedAt: try ZonedTime("2025-11-24T16:00:00Z"))
    options.history = history
    let first = try StateProof.report(evidence: [PackageRoot.path("examples/scanner")], options: options)
      .write(to: folder.appendingPathComponent("first").path)
    #expect(first.history?.line == 1)
    #expect(first.history?.appended == true)
    #expect(first.history?.chainIntact == true)
    options.allowances = [try #require(Allowance(commandLine: "missing-receipt:ios=no iOS farm"))]
    let second = try StateProof.report(evidence: [PackageRoot.path("examples/scanner")], options: options)
    #expect(second.report.history?.earlier == 1)
    #expect(second.report.history?.points.map(\.signOff) == [1, 2])
    let written = try second.write(to: folder.appendingPathComponent("second").path)
    #expect(written.history?.line == 2)

    let read = try SignOffHistory(contentsOf: history)
    #expect(read.records.map(\.signOff) == [1, 2])
    #expect(read.records[1].previousSHA256 == read.lineSHA256[0])
    #expect(read.records[1].receipts.map(\.accepted) == [false, true])
    #expect(read.records[1].accepted.map(\.reason) == ["no iOS farm"])
    #expect(read.records[1].reportSHA256 == written.sha256["report.json"])
    let verification = try StateProof.verifyHistory(history, reports: [folder.path])
    #expect(!verification.differs)
    #expect(verification.reports.map(\.state) == [.matches, .matches])
    let pages = try StateProof.historyPages(read, file: "sign-offs.jsonl")
    #expect(String(decoding: pages.markdown, as: UTF8.self).contains("accepted since 4.2.0 (RC 1) (sign-off 2)"))
  }
}
