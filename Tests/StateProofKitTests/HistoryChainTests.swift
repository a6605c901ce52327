import Foundation
import Testing
import StateProofTestSupport
import StateProofSystem

@_spi(CLI) @testable import StateProofKit
@testable import StateProofModel

/// The history file read back as untrusted input, its chain checked line by line, and appends.
@Suite(.temporaryFolders) struct HistoryChainTests {
  private func write(_ data: Data) throws -> String {
    let path = try TestSupport.temporaryFolder().appendingPathComponent("sign-offs.jsonl").path
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  private func problems(_ lines: [Data]) throws -> [HistoryLineProblem] {
    try StateProof.verifyHistory(try write(SyntheticHistory.file(lines))).problems
  }

  @Test func anIntactChainHolds() throws {
    let (records, file) = try SyntheticHistory.make(signOffs: 6, rows: 20)
    let path = try write(file)
    let history = try StateProof.history(contentsOf: path)
    #expect(history.records == records)
    #expect(history.firstBrokenLine == nil)
    let verification = try StateProof.verifyHistory(path)
    #expect(verification.problems.isEmpty)
    #expect(verification.lines == 6)
    #expect(!verification.differs)
  }

  @Test func eachBreakIsNamedByItsLine() throws {
    let lines = SyntheticHistory.lines(try SyntheticHistory.make(signOffs: 6, rows: 20).file)

    let removed = try problems(lines.enumerated().filter { $0.offset != 2 }.map(\.element))
    #expect(removed.map(\.line) == [3])
    #expect(removed.map(\.kind) == [.removed])
    #expect(removed.first?.message == "line 3 is sign-off #4; sign-off #3 is missing before it: its line was removed")

    let two = try problems(Array(lines.prefix(1) + lines.suffix(3)))
    #expect(two.map(\.kind) == [.removed])
    #expect(two.first?.message.contains("sign-offs #2 to #3 are missing before it: 2 lines were removed") == true)

    let first = try problems(Array(lines.dropFirst()))
    #expect(first.map(\.line) == [1])
    #expect(first.map(\.kind) == [.removed])

    var swapped = lines
    swapped.swapAt(2, 3)
    let reordered = try problems(swapped)
    #expect(reordered.map(\.kind) == [.reordered, .reordered])
    #expect(reordered.map(\.line) == [3, 4])
    #expect(reordered.first?.message == "line 3 is sign-off #4, but #3 comes later, on line 4: lines were reordered")

    var edited = lines
    edited[3] = Data(
      String(decoding: lines[3], as: UTF8.self).replacingOccurrences(of: "\"4.4\"", with: "\"4.40\"").utf8)
    let change = try problems(edited)
    #expect(change.map(\.line) == [4])
    #expect(change.map(\.kind) == [.edited])
    #expect(
      change.first?.message.hasPrefix("line 4 (sign-off #4, release 4.40) was edited after it was written") == true)

    var broken = lines
    broken[1] = Data("{\"signOff\": 2".utf8)
    let cut = try problems(broken)
    #expect(cut.map(\.kind) == [.notARecord])
    #expect(cut.map(\.line) == [2])

    let repeated = try problems(lines + [lines[5]])
    #expect(repeated.map(\.kind) == [.repeated, .repeated])
    #expect(repeated.map(\.line) == [7, 7])
  }

  @Test func readingRefusesWhatIsNoHistory() throws {
    let lines = SyntheticHistory.lines(try SyntheticHistory.make(signOffs: 3, rows: 6).file)
    func refusal(_ data: Data) throws -> HistoryProblem? {
      let path = try write(data)
      do throws(StateProofError) {
        _ = try StateProof.history(contentsOf: path)
        return nil
      } catch {
        guard case .history(_, let reason) = error else { return nil }
        return reason
      }
    }
    #expect(try refusal(SyntheticHistory.file([lines[0], Data(), lines[1]])) == .blankLine(line: 2))
    let newer = Data(
      String(decoding: lines[1], as: UTF8.self).replacingOccurrences(
        of: "\"schemaVersion\":1", with: "\"schemaVersion\":2"
      ).utf8)
    #expect(try refusal(SyntheticHistory.file([lines[0], newer])) == .schemaVersion(line: 2, found: 2, supported: 1))
    let long = Data(repeating: UInt8(ascii: " "), count: HistoryFile.maximumLineBytes + 1)
    #expect(
      try refusal(SyntheticHistory.file([lines[0], long])) == .lineTooLong(line: 2, limit: HistoryFile.maximumLineBytes)
    )
    guard case .notARecord(let line, let problem)? = try refusal(SyntheticHistory.file([Data("[1, 2]".utf8)])) else {
      Issue.record("an array is no record")
      return
    }
    #expect(line == 1)
    #expect(problem.column == 1)
    do {
      _ = try StateProof.history(contentsOf: try TestSupport.temporaryFolder().appendingPathComponent("none").path)
      Issue.record("a missing history was read")
    } catch {
      #expect("\(error)".hasSuffix("no such file; report --history FILE writes it"))
    }
  }

  @Test func appendsChainAndDoNotRepeatAReport() throws {
    let (records, _) = try SyntheticHistory.make(signOffs: 3, rows: 6)
    let path = try TestSupport.temporaryFolder().appendingPathComponent("new.jsonl").path
    for record in records {
      let appended = try HistoryAppender.append(record, to: path)
      #expect(appended.appended)
      #expect(appended.line == record.signOff)
    }
    let again = try HistoryAppender.append(records[1], to: path)
    #expect(!again.appended)
    #expect(again.line == 2)
    let history = try StateProof.history(contentsOf: path)
    #expect(history.records == records)
    #expect(history.firstBrokenLine == nil)
    // A file whose last line lost its newline gets one before the next line.
    let cut = try Data(contentsOf: URL(fileURLWithPath: path)).dropLast()
    try cut.write(to: URL(fileURLWithPath: path))
    var fourth = records[2]
    fourth.reportSHA256 = String(repeating: "4", count: 64)
    #expect(try HistoryAppender.append(fourth, to: path).line == 4)
    #expect(try StateProof.history(contentsOf: path).firstBrokenLine == nil)
  }

  @Test func aSignOffRecordSaysWhereEachRowStands() throws {
    var report = SyntheticReport.make(rows: 12)
    let row = report.platforms[0].rows[0].id
    report.platforms[0].rows[0].findings = report.platforms[0].rows[0].findings.map { finding in
      var finding = finding
      finding.accepted = Acceptance(reason: "later", until: "2026-01-31", source: .commandLine)
      return finding
    }
    report.accepted = report.platforms[0].rows[0].findings
    let record = SignOffRecord(report: report, version: "0.1.0")
    #expect(record.rows.first { $0.id == row }?.standing == .accepted)
    #expect(record.rows.filter { $0.standing == .missing }.count == 3)
    #expect(record.accepted.map(\.reason) == ["later"])
    #expect(record.accepted.map(\.until) == ["2026-01-31"])
    #expect(record.counts.accepted == 1)
  }
}
