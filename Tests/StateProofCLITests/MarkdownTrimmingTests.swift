import Foundation
import StateProofModel
import StateProofRender
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// `report.md` is always written: every section can be trimmed, long values are shortened before
/// whole sections go, the note says exactly what was left out, and only a budget smaller than the
/// headline and the link is an error.
@Suite(.temporaryFolders) struct MarkdownTrimmingTests {
  private let renderer = ReportRenderer(
    templates: try! TemplateLocator.templates(
      overrides: nil,
      environment: ["STATEPROOF_TEMPLATES": TestSupport.repositoryRoot.appendingPathComponent("Templates").path]
    ).source)

  /// A section of `report.md`: how to see it in the text, and how the note names it.
  private struct Section {
    var shown: String
    var note: String
  }

  /// Every section that can go, in the order it goes (infos and warnings, trimmed one by one, go
  /// between the platform tables and the receipts; errors go after the platform sections).
  private static let sections: [Section] = [
    Section(shown: "| Status | Evidence | Screenshots |", note: "the evidence column of the platform tables"),
    Section(shown: "| Row | Pixel 8 - 14 | Galaxy S24 |", note: "the per-device grids"),
    Section(shown: "\n- accepted: ", note: "30 accepted gaps"),
    Section(shown: "\n- new: ", note: "the new, resolved, accepted and expired findings since the last sign-off"),
    Section(shown: "| Row | What happened |", note: "the platform tables"),
    Section(shown: "\n## Receipts\n", note: "the receipts table"),
    Section(shown: "\n## Since the last sign-off\n", note: "the changes since the last sign-off"),
    Section(shown: "\n## Android\n", note: "the platform sections"),
    Section(shown: "\n- **Android**: ", note: "the builds and times"),
  ]

  /// A report with every section filled: per-device grids, accepted gaps and changes.
  private static func fullReport(rows: Int = 60, text: @escaping (Int) -> String = { "evidence \($0)" }) -> Report {
    var report = SyntheticReport.make(rows: rows, text: text)
    let devices = ["Pixel 8 - 14", "Galaxy S24"]
    for platform in report.platforms.indices {
      report.platforms[platform].perDevice = true
      report.platforms[platform].releaseDevices = devices
      for row in report.platforms[platform].rows.indices {
        report.platforms[platform].rows[row].devices = devices.map { DeviceStatus(device: $0, status: .covered) }
      }
    }
    report.accepted = (0..<30).map { index in
      var finding = Finding(code: .missingReceipt, severity: .error, platform: .ios, message: "accepted \(index)")
      finding.accepted = Acceptance(reason: "known gap \(index)", source: .configuration)
      return finding
    }
    report.changes = Changes(
      baseline: "previous/report.json", baselineVerdict: .ready,
      rows: report.platforms[0].rows.prefix(5).map {
        RowChange(id: $0.id.description, from: .covered, to: $0.status, change: .regressed)
      },
      newFindings: Array(report.findings.prefix(40)), resolvedFindings: Array(report.findings.suffix(10)),
      expiredAcceptances: Array(report.accepted.prefix(3)))
    return report
  }

  /// The note's list of what was left out; empty when nothing was.
  private static func note(_ text: String) -> String {
    guard let start = text.range(of: "bytes:** left out ") else { return "" }
    let rest = text[start.upperBound...]
    return String(rest[..<(rest.range(of: ". The [full HTML report]")?.lowerBound ?? rest.endIndex)])
  }

  /// How many findings `text` lists: the links in the lists under the verdict (errors, then
  /// warnings), and the other findings.
  static func listedFindings(_ text: String) -> Int {
    var count = 0
    for heading in ["\n## ✗ ", "\n## ⚠ "] {
      guard let start = text.range(of: heading) else { continue }
      let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
      count += text[start.upperBound..<end].components(separatedBy: "](<").count - 1
    }
    return count + text.components(separatedBy: "\n- **info** ").count - 1
  }

  /// Problems with the note of `text`: a section gone without the note saying so, a section
  /// the note names that is there, a wrong count of findings.
  private static func noteProblems(_ text: String, findings: Int) -> [String] {
    let note = Self.note(text)
    let items = Set(note.components(separatedBy: "; "))
    var problems: [String] = []
    let platformsShown = text.contains("\n## Android\n")
    for (index, section) in sections.enumerated() {
      let named = items.contains(section.note)
      let shown = text.contains(section.shown)
      // Inside a platform section, a table that went with its section is not named again.
      let insidePlatforms = index < 5 && index != 2 && index != 3
      let insideChanges = index == 3 && !text.contains("\n## Since the last sign-off\n")
      let insideTables = index < 2 && !text.contains("| Row | What happened |")
      if (insidePlatforms && !platformsShown) || insideChanges || insideTables {
        if named { problems.append("names \(section.note), which went with its section") }
      } else if shown == named {
        problems.append(shown ? "names \(section.note), which is there" : "does not name \(section.note)")
      }
    }
    let listed = listedFindings(text)
    if listed == findings {
      if items.contains(where: { $0.hasSuffix(" findings") }) {
        problems.append("names findings, all \(findings) are listed")
      }
    } else if listed == 0 {
      if !note.contains("all \(findings) findings") { problems.append("does not say all findings went") }
    } else if !note.contains("\(findings - listed) of \(findings) findings") {
      problems.append("\(listed) of \(findings) findings listed; the note says \(note)")
    }
    return problems
  }

  @Test func everySectionCanBeTrimmedInOrderAndTheNoteSaysWhich() throws {
    let report = Self.fullReport()
    let full = String(decoding: try renderer.markdown(report), as: UTF8.self)
    for section in Self.sections { #expect(full.contains(section.shown), "\(section.note)") }
    #expect(Self.note(full).isEmpty)

    var smallest = 0
    do {
      _ = try renderer.markdown(report, maxBytes: 1)
      Issue.record("a one-byte budget fits")
    } catch RenderError.markdownTooLarge(let needed, _) {
      smallest = needed
    }
    // From the whole report down to the smallest form, in 24 steps.
    var gone: [Int] = []
    for step in 0...24 {
      let limit = smallest + (full.utf8.count - 1 - smallest) * (24 - step) / 24
      let text = String(decoding: try renderer.markdown(report, maxBytes: limit), as: UTF8.self)
      #expect(text.utf8.count <= limit)
      #expect(text.hasPrefix("# StateProof: evidence 2 evidence 3\n\n**Not ready: "))
      #expect(
        Self.noteProblems(text, findings: report.findings.count).isEmpty,
        "\(limit): \(Self.noteProblems(text, findings: report.findings.count))")
      #expect(GFMTables.sourceProblems(text).isEmpty)
      let now = Self.sections.indices.filter { !text.contains(Self.sections[$0].shown) }
      #expect(Set(gone).isSubset(of: Set(now)), "a section came back at \(limit) bytes")
      #expect(now == Array(now.indices), "sections go in order: \(now) at \(limit) bytes")
      gone = now
    }
    #expect(gone == Array(Self.sections.indices))

    let tiny = String(decoding: try renderer.markdown(report, maxBytes: smallest), as: UTF8.self)
    #expect(
      tiny == """
        # StateProof: evidence 2 evidence 3

        **\(report.headline)**

        \(report.summary.covered) covered · \(report.summary.incomplete) incomplete · 0 failing · \(report.summary.unreachable) unreachable · \(report.summary.errors) errors · 0 warnings · \(report.summary.accepted) accepted

        > **Trimmed to fit \(smallest) bytes:** left out the devices table; 30 accepted gaps; all \(report.findings.count) findings; the receipts table; the changes since the last sign-off; the platform sections; the builds and times. The [full HTML report](<index.html>) has everything.

        """)
  }

  @Test func longValuesAreShortenedBeforeAnySectionGoes() throws {
    let long = String(repeating: "long-test-name-", count: 70_000)
    let report = Self.fullReport(rows: 20) { $0 == 7 ? long : "evidence \($0)" }
    // Whole, the report is over 1 MB (the value alone is); the renderer renders it whole first,
    // so it is not rendered again here.
    #expect(long.utf8.count > 1_000_000)
    let text = String(
      decoding: try renderer.markdown(report, maxBytes: 65_000), as: UTF8.self)
    #expect(text.utf8.count <= 65_000)
    for section in Self.sections { #expect(text.contains(section.shown), "\(section.note)") }
    #expect(text.contains("… (shortened from \(long.utf8.count) bytes)"))
    let note = Self.note(text)
    #expect(note.hasPrefix("the end of every value over "), "\(note)")
    #expect(note.hasSuffix(" bytes (marked …)"))
    #expect(Self.noteProblems(text, findings: report.findings.count).isEmpty)
    #expect(GFMTables.sourceProblems(text).isEmpty)
  }

  @Test func manyLongValuesAreShortenedThenSectionsGo() throws {
    let report = Self.fullReport(rows: 400) { String(repeating: "\($0)-", count: 400) }
    let text = String(decoding: try renderer.markdown(report, maxBytes: 20_000), as: UTF8.self)
    #expect(text.utf8.count <= 20_000)
    #expect(Self.note(text).hasSuffix("the end of every value over 512 bytes (marked …)"), "\(Self.note(text))")
    #expect(
      Self.noteProblems(text, findings: report.findings.count).isEmpty,
      "\(Self.noteProblems(text, findings: report.findings.count))")
  }

  @Test func aLongValueTheMarkdownDoesNotShowIsNotClaimedShortened() throws {
    var report = SyntheticReport.make(rows: 400)
    report.platforms[0].rows[0].evidence[0].line = String(repeating: "seed line ", count: 10_000)
    let text = String(decoding: try renderer.markdown(report, maxBytes: 20_000), as: UTF8.self)
    #expect(text.utf8.count <= 20_000)
    #expect(
      Self.note(text) == "the devices table; the platform tables", "no value it shows was cut: \(Self.note(text))")
    #expect(!text.contains("shortened"))
  }

  @Test func aLongAppNameStillFitsASmallBudget() throws {
    var report = SyntheticReport.make(rows: 10)
    report.app = String(repeating: "\u{202E}|", count: 100_000)
    let text = String(
      decoding: try renderer.markdown(report, maxBytes: 1_000), as: UTF8.self)
    #expect(text.utf8.count <= 1_000)
    #expect(text.contains("**\(report.headline)**"), "the headline is never shortened")
    #expect(text.hasPrefix(#"# StateProof: \\u{202E}\|"#))
    #expect(text.contains("[full HTML report](<index.html>)"))
  }

  /// One evidence folder beside the example: `count` files named like screenshots that are not.
  private static func brokenImages(_ count: Int) throws -> URL {
    let folder = try TestSupport.temporaryFolder().appendingPathComponent("broken")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for index in 0..<count {
      try Data("not an image \(index)\n".utf8).write(to: folder.appendingPathComponent("broken-\(index).png"))
    }
    return folder
  }

  @Test func aBaselineAndTwoThousandBrokenImagesStillWriteTheReport() throws {
    let folder = try TestSupport.temporaryFolder()
    let baseline = folder.appendingPathComponent("baseline")
    // Only the outputs checked (and the baseline's report.json): no HTML page of 2,000 findings.
    #expect(
      TestSupport.run(["report", "--format", "json", "--out", baseline.path, TestSupport.scannerExample]).status == 1)
    let out = folder.appendingPathComponent("report")
    let result = TestSupport.run([
      "report", "--format", "md,json", "--baseline", baseline.appendingPathComponent("report.json").path,
      "--out", out.path,
      TestSupport.scannerExample, try Self.brokenImages(2_000).path,
    ])
    #expect(result.status == 1, "\(result.errors)")
    let markdown = try Data(contentsOf: out.appendingPathComponent("report.md"))
    #expect(markdown.count <= ReportOptions.defaultMarkdownMaxBytes)
    let text = String(decoding: markdown, as: UTF8.self)
    #expect(text.contains("> **Trimmed to fit 65000 bytes:** left out "))
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        as? [String: Any])
    let findings = try #require(json["findings"] as? [[String: Any]])
    #expect(findings.count > 2_000)
    let errors = findings.filter { $0["severity"] as? String == "error" }
    #expect(findings.count - errors.count == 1, "the example's one warning")
    // Every other finding is an error that blocks the release: they go last, after the receipts
    // and the changes, and fill the page.
    #expect(text.contains("\n## ✗ \(errors.count) errors block the release\n"))
    #expect(!text.contains("\n## Since the last sign-off\n"))
    #expect(!text.contains("\n## Receipts\n"))
    let listed = Self.listedFindings(text)
    #expect(listed > 1_000, "the errors fill what is left")
    #expect(
      Self.note(text)
        == "the devices table; the configuration section; what the app declares; \(findings.count - listed) of \(findings.count) findings; the receipts table; the changes since the last sign-off; the platform sections; the builds and times",
      "\(Self.note(text))")
    #expect(text.contains("[iOS receipt](<index.html#receipt-ios>)"), "the errors listed first are the receipt's")
  }

  @Test func aOneMegabyteTestNameIsShortenedNotTheReport() throws {
    // Only the test report: the built-in matrix's naming conventions match it to camera blocked.
    let evidence = try TestSupport.temporaryFolder().appendingPathComponent("evidence")
    try FileManager.default.createDirectory(at: evidence, withIntermediateDirectories: true)
    let name = "blockedCameraShowsSettings" + String(repeating: "X", count: 1 << 20)
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <testsuite name="com.example.scanner.CameraStateTest" tests="1" failures="1">
        <testcase classname="com.example.scanner.CameraStateTest" name="\(name)" time="0.2">
          <failure message="expected the settings button">trace</failure>
        </testcase>
      </testsuite>

      """.utf8
    ).write(to: evidence.appendingPathComponent("TEST-long-name.xml"))
    let out = evidence.deletingLastPathComponent().appendingPathComponent("report")
    let result = TestSupport.run(["report", "--format", "md", "--out", out.path, evidence.path])
    #expect(result.status == 1, "\(result.errors)")
    let text = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(text.utf8.count <= ReportOptions.defaultMarkdownMaxBytes)
    #expect(text.contains("\n## ✗ ") && text.contains(" errors block the release\n"))
    for heading in ["## Receipts", "## Android", "## iOS"] {
      #expect(text.contains("\n\(heading)\n"), "\(heading)")
    }
    #expect(
      text.contains("| Row | What happened | What the app reads | Screen to assert | Status | Evidence | Screenshots |")
    )
    #expect(text.contains("\\#blockedCameraShowsSettingsXXXX"))
    #expect(text.contains("… (shortened from "))
    #expect(Self.note(text).hasPrefix("the end of every value over "))
    #expect(!Self.note(text).contains(";"), "nothing else was left out: \(Self.note(text))")
  }
}
