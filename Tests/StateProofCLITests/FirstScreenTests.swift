import Foundation
import StateProofModel
import StateProofRender
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// The top of every report answers "can we ship, and if not, what exactly is missing": under the
/// verdict, every open error (and apart, every warning) by platform and device, each linked to
/// where its story is told and saying what to do; each row's anchor holds its findings; one tone
/// per severity; every screenshot named for its platform, permission, state and screen.
@Suite(.temporaryFolders) struct FirstScreenTests {
  private let renderer = ReportRenderer(
    templates: try! TemplateLocator.templates(
      overrides: nil,
      environment: ["STATEPROOF_TEMPLATES": TestSupport.repositoryRoot.appendingPathComponent("Templates").path]
    ).source)

  /// The part of `page` from `start` to the end of the element `start` opens (`end`), or empty.
  private static func part(_ page: String, from start: String, to end: String) -> Substring {
    guard let open = page.range(of: start), let close = page.range(of: end, range: open.upperBound..<page.endIndex)
    else { return "" }
    return page[open.lowerBound..<close.upperBound]
  }

  /// The `href="#…"` fragments in `html`, in order.
  private static func fragments(_ html: Substring) -> [String] {
    html.components(separatedBy: ##"href="#"##).dropFirst().map { String($0.prefix { $0 != "\"" }) }
  }

  /// One `report` run over the shipped example: its status, errors and the three files read.
  private struct Run: Sendable {
    let status: Int32
    let errors: String
    let html: String
    let markdown: String
    let json: Data

    init(_ extra: [String]) throws {
      let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
      let result = TestSupport.run(["report", "--out", out.path] + extra + [TestSupport.scannerExample])
      (status, errors) = (result.status, result.errors)
      html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
      markdown = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
      json = try Data(contentsOf: out.appendingPathComponent("report.json"))
    }
  }

  /// The example's report without options, run once for every test that reads it.
  private static let plain = Result { try Run([]) }

  private func example(_ extra: [String] = []) throws -> (html: String, markdown: String, json: [String: Any]) {
    let run = try extra.isEmpty ? Self.plain.get() : Run(extra)
    #expect(run.status <= 1, "\(run.errors)")
    let json = try #require(try JSONSerialization.jsonObject(with: run.json) as? [String: Any])
    return (run.html, run.markdown, json)
  }

  @Test func everyOpenErrorIsUnderTheVerdictLinkedToWhereItIsToldWithWhatToDo() throws {
    let (html, _, json) = try example()
    let blockers = Self.part(html, from: #"<section class="blockers""#, to: "</section>")
    let verdict = try #require(html.range(of: #"<p class="headline">"#))
    let firstTable = try #require(html.range(of: #"<table class="matrix">"#))
    let list = try #require(html.range(of: #"<section class="blockers""#))
    #expect(verdict.upperBound < list.lowerBound && list.upperBound < firstTable.lowerBound)
    #expect(blockers.contains("2 errors block the release"))
    let errors = try #require(json["findings"] as? [[String: Any]]).filter { $0["severity"] as? String == "error" }
    #expect(errors.count == 2)
    let links = Self.fragments(blockers)
    // The errors, grouped: iOS, then by code; then the one warning, the manual-entry screenshot.
    #expect(links == ["receipt-ios", "row-ios-camera-restricted", "row-ios-camera-authorized"])
    for error in errors {
      let code = try #require(FindingCode(rawValue: error["code"] as? String ?? ""))
      #expect(blockers.contains("<code>\(code.rawValue)</code>"))
      #expect(blockers.contains(code.remedy))
    }
    // Each link lands on an element that tells the finding and what to do about it.
    for fragment in links {
      let target = Self.part(
        html, from: #"id="\#(fragment)""#, to: fragment.hasPrefix("row-") ? "</tr>" : "</div>\n</div>")
      #expect(!target.isEmpty, "\(fragment) exists")
      #expect(target.contains("<strong>What to do:</strong>"), "\(fragment) says what to do")
    }
    let row = Self.part(html, from: #"<tr id="row-ios-camera-restricted""#, to: "</tr>")
    #expect(row.contains("No screenshot of the explainLimitation screen for ios/camera/restricted."))
    #expect(row.contains(FindingCode.missingScreenshot.remedy))
    let warnings = Self.part(html, from: #"<details class="warnings""#, to: "</details>")
    #expect(warnings.contains("1 warning") && warnings.contains("<code>screenshot-from-other-test</code>"))
  }

  @Test func reportMarkdownStartsTheSameWay() throws {
    let (_, markdown, _) = try example()
    let headings = markdown.components(separatedBy: "\n").filter { $0.hasPrefix("## ") }
    #expect(
      headings.prefix(3)
        == ["## ✗ 2 errors block the release", "## ⚠ 1 warning (they do not block the release)", "## Receipts"])
    #expect(
      markdown.contains(
        "- **missing-screenshot** — what to do: \(FindingCode.missingScreenshot.remedy)\n  - [camera · restricted](<index.html#row-ios-camera-restricted>): No screenshot of the explainLimitation screen for ios/camera/restricted.\n"
      ))
    #expect(markdown.contains("[iOS receipt](<index.html#receipt-ios>)"))
  }

  @Test func withNothingOpenOneLineSaysSo() throws {
    let (html, markdown, json) = try example([
      "--allow", "missing-receipt:ios=no iOS device farm this release", "--allow",
      "missing-screenshot=the screen ships in 4.3",
      "--allow", "screenshot-from-other-test=the authorized screen has its own screenshot",
    ])
    #expect(json["verdict"] as? String == "ready")
    let blockers = Self.part(html, from: #"<section class="blockers""#, to: "</section>")
    #expect(blockers.contains("Nothing blocks the release"))
    #expect(blockers.contains("No error or warning is open."))
    #expect(blockers.contains(##"<a href="#accepted">Accepted gaps</a>: 3"##))
    #expect(markdown.contains("\n## ✓ Nothing blocks the release\n\nNo error or warning is open.\n"))
    // The accepted receipt gap is no blocker: its card is muted, not red.
    #expect(html.contains(#"<div class="receipt tone-muted" id="receipt-ios">"#))
    #expect(html.contains(#"<tr id="row-ios-camera-restricted" class="row-incomplete tone-muted">"#))
  }

  @Test func everyScreenshotIsNamedForItsPlatformPermissionStateAndScreen() throws {
    let (html, _, json) = try example()
    let alts = html.components(separatedBy: #" alt=""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
    let shots = try #require(json["platforms"] as? [[String: Any]]).flatMap { platform in
      (platform["rows"] as? [[String: Any]] ?? []).flatMap { row in
        (row["evidence"] as? [[String: Any]] ?? []).filter { $0["asset"] is String }.map { shot in
          "\(platform["name"]!) \(row["permission"]!) \(row["state"]!): screenshot of the \(row["screen"]!) screen"
            + ((shot["device"] as? String).map { " on \($0)" } ?? "")
        }
      }
    }
    #expect(alts.count == shots.count && !alts.isEmpty)
    #expect(Set(alts) == Set(shots))
    #expect(alts.contains("Android camera granted: screenshot of the viewfinder screen on Pixel 8 - 14"))
  }

  @Test func anOffReleaseDeviceReceiptLooksLikeTheBlockerItIs() throws {
    let scenario = try ExampleScenario.complete()
    let config = try scenario.read("stateproof.json").replacingOccurrences(
      of: #""releaseDevices": ["Pixel 8 - 14"]"#, with: #""releaseDevices": ["Pixel 9 - 15"]"#)
    #expect(config.contains("Pixel 9 - 15"))
    try scenario.write("stateproof.json", config)
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    #expect(TestSupport.run(["report", "--out", out.path, scenario.root.path]).status == 1)
    let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(html.contains(#"<div class="receipt tone-error" id="receipt-android">"#))
    #expect(html.contains(#"<span class="badge tone-error">off-release-device</span>"#))
    let blockers = Self.part(html, from: #"<section class="blockers""#, to: "</section>")
    // The receipt is an error on the device it passed on; the unseen release device a warning,
    // in the lighter list after the errors.
    let errors = Self.part(String(blockers), from: "<h3>Android", to: "</div>")
    #expect(errors.contains("<h4>Pixel 8 - 14 <span class=\"count\">1</span></h4>"))
    #expect(Self.fragments(errors) == ["receipt-android"])
    let warnings = Self.part(String(blockers), from: #"<details class="warnings" open>"#, to: "</details>")
    #expect(warnings.contains("<code>release-device-unseen</code>"))
    #expect(warnings.contains("<h4>Pixel 9 - 15 <span class=\"count\">1</span></h4>"))
  }

  /// A farm's gaps: grouped by platform, then by release device in the configuration's order,
  /// and more than a few of one code listed as links only (their rows tell the rest).
  @Test func perDeviceFindingsAreGroupedByDeviceAndListedCompactly() throws {
    var report = SyntheticReport.make(rows: 40)
    let devices = ["Pixel 8 - 14", "Galaxy S24 - 14"]
    report.platforms[0].perDevice = true
    report.platforms[0].releaseDevices = devices
    report.findings =
      devices.reversed().flatMap { device in
        report.platforms[0].rows.prefix(5).map { row in
          Finding(
            code: .missingSeed, severity: .error, row: row.id, device: device,
            message: "On \(device): No seed line shows \(row.id).")
        }
      } + report.findings.filter { $0.platform == .ios }
    report.platforms[0].rows[0].findings = report.findings.filter { $0.row == report.platforms[0].rows[0].id }
    let html = String(decoding: try renderer.html(report), as: UTF8.self)
    // The row says once what both devices share, naming them.
    let row = Self.part(html, from: #"<tr id="row-android-perm0-state-0""#, to: "</tr>")
    #expect(row.components(separatedBy: "No seed line shows android/perm0/state-0.").count == 2)
    #expect(row.contains(#"<span class="where">On 2 devices: Galaxy S24 - 14, Pixel 8 - 14</span>"#))
    let blockers = Self.part(html, from: #"<section class="blockers""#, to: "</section>")
    let pixel = try #require(blockers.range(of: "<h4>Pixel 8 - 14 <span class=\"count\">5</span></h4>"))
    let galaxy = try #require(blockers.range(of: "<h4>Galaxy S24 - 14 <span class=\"count\">5</span></h4>"))
    let ios = try #require(blockers.range(of: "<h3>iOS"))
    #expect(pixel.upperBound < galaxy.lowerBound && galaxy.upperBound < ios.lowerBound)
    #expect(blockers.contains(#"<code>missing-seed</code></span> <span class="times">×5</span>"#))
    #expect(blockers.contains(#"<ul class="items compact">"#))
    #expect(
      blockers.contains(#"title="No seed line shows android/perm0/state-0.">perm0 · state-0</a>"#),
      "the device prefix is the heading's")
    #expect(Self.fragments(blockers).count == report.findings.filter { $0.severity == .error }.count)
  }

  /// `report.md` keeps the errors longest: infos and warnings go before the receipts, the
  /// changes and the platform sections; errors only after them.
  @Test func markdownTrimmingLeavesTheErrorsForLast() throws {
    var report = SyntheticReport.make(rows: 60)
    let errors = report.findings.count
    report.findings +=
      (0..<40).map { index in
        Finding(code: .testFlaky, severity: .warning, platform: .android, message: "flaky \(index)")
      }
      + (0..<40).map { index in
        Finding(code: .unmatchedEvidence, severity: .info, message: "stray \(index).png")
      }
    report.summary.warnings = 40
    report.summary.infos = 40
    let full = try renderer.markdown(report).count
    var sawWarningsCut = false
    var sawErrorsCut = false
    for limit in stride(from: full, through: 1_200, by: -(full / 24)) {
      let text = String(decoding: try renderer.markdown(report, maxBytes: limit), as: UTF8.self)
      let listedErrors =
        text.components(separatedBy: "](<index.html#row-").count - 1
        - (text.contains("| Row | What happened |") ? 60 : 0)
      let warnings = text.contains("\n## ⚠ ")
      let infos = text.contains("\n- **info** ")
      let receipts = text.contains("\n## Receipts\n")
      let platforms = text.contains("\n## Android\n")
      if infos { #expect(warnings, "infos go before warnings (\(limit) bytes)") }
      if warnings { #expect(listedErrors == errors, "warnings go before any error (\(limit) bytes)") }
      if listedErrors < errors {
        sawErrorsCut = true
        #expect(!receipts && !platforms && !warnings, "errors go last (\(limit) bytes)")
      }
      let listedWarnings = text.components(separatedBy: "](<index.html#findings>)").count - 1
      if listedWarnings < 40 && receipts { sawWarningsCut = true }
    }
    #expect(sawWarningsCut && sawErrorsCut)
  }
}
