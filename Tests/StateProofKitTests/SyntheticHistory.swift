import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofKit
@testable import StateProofModel
import StateProofSystem

/// Sign-off histories built as values: `count` sign-offs of a synthetic report's rows, moved on
/// by a seeded walk, chained as `report --history` chains them.
enum SyntheticHistory {
  /// The records and the file's bytes.
  static func make(signOffs count: Int, rows: Int, seed: UInt64 = 50) throws -> (records: [SignOffRecord], file: Data) {
    let base = SignOffRecord(report: SyntheticReport.make(rows: rows), version: "0.1.0")
    var random = SeededRandom(seed: seed)
    var rows = base.rows
    var records: [SignOffRecord] = []
    var file = Data()
    var previous = SignOffRecord.genesis
    for number in 1...count {
      if number > 1 {
        for index in rows.indices where rows[index].status != .unreachable {
          switch random.next() % 40 {
          case 0: rows[index] = SignOffRow(id: rows[index].id, status: .failing, accepted: false)
          case 1: rows[index] = SignOffRow(id: rows[index].id, status: .incomplete, accepted: false)
          case 2: rows[index] = SignOffRow(id: rows[index].id, status: .incomplete, accepted: true)
          case 3...10: rows[index] = SignOffRow(id: rows[index].id, status: .covered, accepted: false)
          default: break
          }
        }
      }
      var record = base
      record.rows = rows
      record.release = "4.\(number)"
      record.generatedAt = "2025-11-24T16:00:00Z"
      record.signOff = number
      record.previousSHA256 = previous
      record.reportSHA256 = try #require(SHA256.hex(of: Data("report \(number)".utf8)))
      record.counts = SignOffCounts(rows: rows, summary: Summary(rows: [], findings: []))
      record.verdict = rows.contains { $0.standing == .failing || $0.standing == .missing } ? .notReady : .ready
      record.receipts[0].onRetry = number % 7 == 0
      let line = try HistoryFile.line(record)
      previous = try #require(SHA256.hex(of: line))
      file.append(line)
      file.append(0x0A)
      records.append(record)
    }
    return (records, file)
  }

  /// The file's lines, without their newlines.
  static func lines(_ file: Data) -> [Data] {
    file.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Data($0) }
  }

  /// Lines joined into a file.
  static func file(_ lines: [Data]) -> Data {
    lines.reduce(into: Data()) { file, line in
      file.append(line)
      file.append(0x0A)
    }
  }
}
