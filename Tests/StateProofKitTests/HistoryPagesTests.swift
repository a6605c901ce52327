import Foundation
import Testing
import StateProofTestSupport

@_spi(CLI) @testable import StateProofKit
@testable import StateProofModel

/// `stateproof history`'s pages from synthetic histories: the size of the whole built-in matrix
/// over a year of weekly sign-offs fits a pull-request comment, a smaller budget trims with a
/// note, and the page carries no script.
@Suite(.temporaryFolders) struct HistoryPagesTests {
  private let environment = ["STATEPROOF_TEMPLATES": TestSupport.templates]

  private func pages(signOffs: Int, rows: Int, options: HistoryOptions = HistoryOptions()) throws -> HistoryPages {
    let (records, _) = try SyntheticHistory.make(signOffs: signOffs, rows: rows)
    let history = SignOffHistory(
      records: records,
      lineSHA256: records.indices.map { index in
        index + 1 < records.count ? records[index + 1].previousSHA256 : String(repeating: "f", count: 64)
      })
    return try StateProof.historyPages(history, file: "sign-offs.jsonl", options: options, environment: environment)
  }

  @Test func aYearOfTheWholeMatrixFitsAComment() throws {
    let made = try pages(signOffs: 52, rows: 174)
    #expect(made.markdown.count < 65_536)
    let markdown = String(decoding: made.markdown, as: UTF8.self)
    #expect(markdown.contains("## Rows × sign-offs"))
    let html = String(decoding: made.html, as: UTF8.self)
    #expect(html.components(separatedBy: "<svg class=\"trend\"").count == 2)
    #expect(html.components(separatedBy: "<g><title>#").count == 53)
    #expect(!html.contains("<script"))
    #expect(html.contains("The chain holds"))
    #expect(try pages(signOffs: 52, rows: 174).html == made.html)
  }

  @Test func oneSignOffIsOneSignOff() throws {
    let made = try pages(signOffs: 1, rows: 6)
    for page in [String(decoding: made.html, as: UTF8.self), String(decoding: made.markdown, as: UTF8.self)] {
      #expect(page.contains("1 sign-off"))
      #expect(!page.contains("1 sign-offs"))
    }
    let many = String(decoding: try pages(signOffs: 3, rows: 6).markdown, as: UTF8.self)
    #expect(many.contains("3 sign-offs in `sign-offs.jsonl`"))
  }

  @Test func aSmallBudgetTrimsWithANote() throws {
    let budget = 6_000
    let made = try pages(signOffs: 52, rows: 174, options: HistoryOptions(markdownMaxBytes: budget))
    #expect(made.markdown.count <= budget)
    let markdown = String(decoding: made.markdown, as: UTF8.self)
    #expect(markdown.contains("> Left out to stay within 6000 bytes: the sign-offs before the last 2"))
    #expect(markdown.contains("The [history page](<index.html>) has everything."))
    do {
      _ = try pages(signOffs: 52, rows: 174, options: HistoryOptions(markdownMaxBytes: 100))
      Issue.record("a 100-byte budget fitted")
    } catch {
      #expect("\(error)".hasPrefix("history.md needs at least"))
    }
  }

  @Test func writingRefusesAFolderOfOtherFiles() throws {
    let made = try pages(signOffs: 3, rows: 6)
    let folder = try TestSupport.temporaryFolder().appendingPathComponent("history")
    #expect(try made.write(to: folder.path).count == 2)
    #expect(try made.write(to: folder.path).count == 2)
    try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    #expect(throws: StateProofError.self) { try made.write(to: folder.path) }
    let report = try TestSupport.temporaryFolder()
    try Data("<!DOCTYPE html><title>a report</title>".utf8).write(to: report.appendingPathComponent("index.html"))
    #expect(throws: StateProofError.self) { try made.write(to: report.path) }
  }
}
