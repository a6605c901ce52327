import Foundation
import Mustache
import StateProofModel
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofRender

/// Every name the shipped templates read, in a section or a variable, is a key the typed views
/// encode for real sign-offs (five of the scanner example, with a baseline, templates of their
/// own and a stopped run, and their history): a coding key renamed in a view or in the model fails
/// here, even for a section no golden file reaches.
@Suite(.temporaryFolders) struct TemplateNamesTests {
  @Test func everyNameTheTemplatesReadIsAKeyTheViewsEncode() throws {
    var copies = try HistoryScenarioTests.signOffs()
    let work = try TestSupport.temporaryFolder()
    let history = work.appendingPathComponent("sign-offs.jsonl")
    let reports = work.appendingPathComponent("reports")
    // The last against the one before (the changes), one with a template of its own (the
    // templates' record).
    copies[copies.count - 1].options += ["--baseline", reports.appendingPathComponent("4.3/report.json").path]
    let templates = work.appendingPathComponent("templates")
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    let layout = TestSupport.repositoryRoot.appendingPathComponent("Templates/layout.html.mustache")
    try (String(contentsOf: layout, encoding: .utf8) + "{{! changed }}\n")
      .write(to: templates.appendingPathComponent("layout.html.mustache"), atomically: true, encoding: .utf8)
    copies[copies.count - 2].options += ["--templates", templates.path]
    _ = try HistoryScenarioTests.signOff(copies, history: history, reports: reports)
    var keys: Set<String> = []
    for copy in copies {
      var report = try Report(contentsOf: reports.appendingPathComponent("\(copy.release)/report.json").path)
      // A run that stopped, which no copy has.
      report.platforms[0].incompleteRuns = [
        IncompleteRun(
          location: EvidenceLocation(root: "r", path: "p.xml", line: 1), device: nil, suite: "s", cause: "c")
      ]
      let page = try ReportView.page(report)
      let overview = FindingGroups.overview(
        findings: page.findings, platforms: report.platforms, summary: report.summary)
      let html = HTMLPageView(model: overview, findingsLeftOut: 0, filesLeftOut: 0)
      let markdown = MarkdownView(maxBytes: 1, htmlReport: "index.html").value(report: report, findings: page.findings)
      for data in [
        try TemplateValueEncoder.encode(page.view), try TemplateValueEncoder.encode(html),
        try TemplateValueEncoder.encode(markdown),
      ] {
        keys.formUnion(Self.keys(in: data))
      }
    }
    keys.formUnion(RenderedPage<HTMLPageView>.ViewKeys.allCases.map(\.stringValue))
    var page = HistoryView(try StateProof.history(contentsOf: history.path), file: history.path).page()
    page.view = HistoryTrim(trimmed: "", maxBytes: nil, htmlPage: "index.html", htmlLink: "index.html")
    keys.formUnion(Self.keys(in: try TemplateValueEncoder.encode(page)))

    #expect(Self.names(in: "{{#a.b}}{{{c}}}{{&d}}{{^e}}{{.}}{{/e}}{{! f}}{{>g}}{{/a.b}}") == ["a", "b", "c", "d", "e"])
    let folder = TestSupport.repositoryRoot.appendingPathComponent("Templates")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
    #expect(files.count > 10)
    for file in files.sorted() {
      let names = Self.names(in: try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
      #expect(
        names.subtracting(keys).isEmpty, "\(file) reads names no view encodes: \(names.subtracting(keys).sorted())")
    }
  }

  /// The keys a section or variable tag of `template` follows (`{{#a.b}}` reads `a` and `b`), the
  /// implicit `.` aside; comments, partials, blocks and closing tags name none.
  static func names(in template: String) -> Set<String> {
    var names: Set<String> = []
    var rest = template[...]
    while let open = rest.range(of: "{{") {
      guard let close = rest[open.upperBound...].range(of: "}}") else { break }
      var tag = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
      rest = rest[close.upperBound...]
      guard let first = tag.first, !"!></$=".contains(first) else { continue }
      if "#^&{".contains(first) { tag.removeFirst() }
      tag = tag.trimmingCharacters(in: .whitespaces)
      guard tag != "." else { continue }
      names.formUnion(tag.split(separator: ".").map(String.init))
    }
    return names
  }

  /// Every key of every object in `value`, however deep.
  static func keys(in value: TemplateValue) -> Set<String> {
    switch value {
    case .object(let members): Set(members.keys).union(members.values.flatMap { keys(in: $0) })
    case .list(let items): Set(items.flatMap { keys(in: $0) })
    default: []
    }
  }
}
