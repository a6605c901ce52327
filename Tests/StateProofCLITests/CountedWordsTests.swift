import Foundation
import StateProofModel
import StateProofRender
import StateProofTestSupport
import Testing

@testable import StateProofKit

/// Counts on the pages are words with their number (issue 48): one evidence file is "1 file",
/// never "1 files", whatever count the evidence gives.
@Suite struct CountedWordsTests {
  @Test(arguments: [(1, 1, "1 file, 1 test report"), (2, 0, "2 files, 0 test reports")])
  func anEvidencePathCountsItsFilesInWords(files: Int, testReports: Int, words: String) throws {
    let renderer = ReportRenderer(
      templates: try TemplateLocator.templates(
        overrides: nil,
        environment: ["STATEPROOF_TEMPLATES": TestSupport.repositoryRoot.appendingPathComponent("Templates").path]
      ).source)
    var report = SyntheticReport.make(rows: 1)
    report.sources = [EvidenceSource(root: "ci", files: files, testReports: testReports, devices: [])]
    let page = String(decoding: try renderer.html(report), as: UTF8.self)
    #expect(page.contains("Evidence from <code>ci</code>: \(words), devices"), "\(page)")
  }
}
