import Mustache
import StateProofModel

/// What the report templates find beside the model so that each row, receipt and finding tells
/// its story in one place, with one tone (colour and icon) per severity. Presentation, so it is
/// worked out here and never part of `report.json`.
///
/// - Every row: `anchor` (its id in `index.html`, `row-android-camera-blocked`), `anchorLink` (the
///   same, percent-encoded for a Markdown link), `tone`, and `findingGroups`: its findings by code
///   (``FindingGroups``), each group with what to do. Every screenshot of a row: `alt`, naming the
///   platform, permission, state and screen.
/// - Every platform's `receipt`: `anchor`, `anchorLink`, `tone` (the card's: `error` when an open
///   error is about it, a stopped run included), `statusTone` (its status word's) and
///   `findingGroups` (the platform's receipt and stopped-run findings, accepted ones included).
/// - Every finding in `findings` and `accepted` (``FindingGroups/finding(_:target:)``), and in
///   `findings` also `anchor`: `finding-N`, its row in the findings table.
/// - Every row of `changes.rows`: `anchor` and `anchorLink`; every `changes.builds`: `name`.
/// - Builds and times (``BuildTimeText``): every platform's `build` gets `buildText`, `timeText`
///   and `devicesText`; the report `windowText`; every file of `evidence` and every piece of a
///   row's or receipt's evidence `buildTime` (empty for files that are no evidence).
/// - `provenance`, each row's requirements and each departure from the built-in matrix in words
///   (``ProvenanceView``).
enum ReportView {
  /// The findings told on the receipt card rather than on a row (without a row, `wrong-build` and
  /// `stale-evidence` are about receipt runs).
  static let receiptCodes: Set<String> = [
    FindingCode.missingReceipt, .receiptFailed, .receiptOffReleaseDevice, .duplicateReceipt, .runIncomplete,
    .wrongBuild, .staleEvidence, .deviceUnknown,
  ].reduce(into: []) { $0.insert($1.rawValue) }

  /// `model` (the report as template data) with the presentation fields above.
  static func adding(to model: TemplateValue) -> TemplateValue {
    guard case .object(var report) = model else { return model }
    let platforms = report["platforms"]?.items ?? []
    var rowAnchors: Set<String> = []
    var receiptAnchors: [String: String] = [:]
    for platform in platforms {
      for row in platform["rows"]?.items ?? [] {
        if let id = row["id"]?.text { rowAnchors.insert(anchor(row: id)) }
      }
      if let name = platform["platform"]?.text { receiptAnchors[name] = anchor(receipt: name) }
    }
    /// Where a finding's story is told: its row, else its platform's receipt card; nil for
    /// neither.
    func target(_ finding: TemplateValue) -> String? {
      if let row = finding["row"]?.text, rowAnchors.contains(anchor(row: row)) { return anchor(row: row) }
      if let code = finding["code"]?.text, receiptCodes.contains(code),
        let platform = finding["platform"]?.text, let receipt = receiptAnchors[platform]
      {
        return receipt
      }
      return nil
    }

    // A finding of neither a row nor a receipt is told in its own row of the findings table
    // (`finding-N`); report.md, which may list findings in another order, links to the table.
    let findings = (report["findings"]?.items ?? []).enumerated().map { index, finding in
      let own = "finding-\(index + 1)"
      let told = target(finding)
      return FindingGroups.finding(finding, target: told ?? own, linkTarget: told ?? "findings")
        .adding(["anchor": .string(own)])
    }
    let accepted = (report["accepted"]?.items ?? []).map { finding in
      FindingGroups.finding(finding, target: target(finding) ?? "accepted")
    }
    report["findings"] = .list(findings)
    report["accepted"] = .list(accepted)
    report["windowText"] = .string(BuildTimeText.window(report["evidenceWindow"], builtAt: report["builtAt"]))
    report["evidence"] = .list((report["evidence"]?.items ?? []).map(file))
    report["platforms"] = .list(
      platforms.map {
        platform($0, receiptFindings: (findings + accepted).filter(isReceiptFinding), release: releaseSpellings(report["devices"]))
      })
    if case .object(var changes)? = report["changes"] {
      changes["rows"] = .list(
        (changes["rows"]?.items ?? []).map { change in
          guard let id = change["id"]?.text else { return change }
          return change.adding(["anchor": .string(anchor(row: id)), "anchorLink": .string(link(anchor(row: id)))])
        })
      changes["builds"] = .list(
        (changes["builds"]?.items ?? []).map { change in
          change.adding(["name": .string(change["platform"]?.text.flatMap(Platform.init(rawValue:))?.displayName ?? "")])
        })
      report["changes"] = .object(changes)
    }
    return .object(ProvenanceView.adding(to: report, rowAnchor: anchor(row:)))
  }

  /// Whether `finding` is told on its platform's receipt card.
  private static func isReceiptFinding(_ finding: TemplateValue) -> Bool {
    finding.lacks("row") && receiptCodes.contains(finding["code"]?.text ?? "")
  }

  /// Every spelling (name and aliases) of a device the report counts as a release device.
  private static func releaseSpellings(_ devices: TemplateValue?) -> Set<String> {
    Set(
      (devices?.items ?? []).filter { !($0["releaseDevices"]?.items.isEmpty ?? true) }.flatMap { device in
        [device["name"]?.text].compactMap { $0 } + (device["aliases"]?.items.compactMap(\.text) ?? [])
      })
  }

  private static func platform(_ value: TemplateValue, receiptFindings: [TemplateValue], release: Set<String>) -> TemplateValue {
    guard case .object(var platform) = value else { return value }
    let name = platform["name"]?.text ?? ""
    if case .object(var receipt)? = platform["receipt"], let id = platform["platform"]?.text {
      let mine = receiptFindings.filter { $0["platform"]?.text == id }
      let open = mine.filter { $0.lacks("accepted") }
      let passed = receipt["status"]?.text == ReceiptStatus.passed.rawValue
      let tone =
        open.contains { $0["severity"]?.text == Severity.error.rawValue } || (!passed && !open.isEmpty)
        ? "error" : !passed ? "muted" : open.isEmpty ? "ok" : "warning"
      receipt["anchor"] = .string(anchor(receipt: id))
      receipt["anchorLink"] = .string(link(anchor(receipt: id)))
      receipt["tone"] = .string(tone)
      receipt["statusTone"] = .string(passed ? "ok" : tone)
      receipt["findingGroups"] = FindingGroups.byCode(mine)
      receipt["evidence"] = .list((receipt["evidence"]?.items ?? []).map(evidence))
      platform["receipt"] = .object(receipt)
    }
    if let build = platform["build"], case .object = build {
      let text = BuildTimeText.platform(build)
      platform["build"] = build.adding([
        "buildText": .string(text.build), "timeText": .string(text.time), "devicesText": .string(text.devices),
      ])
    }
    platform["rows"] = .list((platform["rows"]?.items ?? []).map { row($0, platformName: name, release: release) })
    return .object(platform)
  }

  /// Whether a row's evidence is a test that failed on a release device (one of `release`'s spellings).
  private static func isReleaseFailure(_ item: TemplateValue, release: Set<String>) -> Bool {
    let outcome = item["outcome"]?.text
    return (outcome == TestOutcome.failed.rawValue || outcome == TestOutcome.error.rawValue)
      && item["device"]?.text.map(release.contains) == true
  }

  private static func row(_ value: TemplateValue, platformName: String, release: Set<String>) -> TemplateValue {
    guard case .object(var row) = value, let id = row["id"]?.text else { return value }
    let findings = (row["findings"]?.items ?? []).map { FindingGroups.finding($0, target: anchor(row: id)) }
    let blocking = findings.contains { $0["tone"]?.text == "error" }
    row["anchor"] = .string(anchor(row: id))
    row["anchorLink"] = .string(link(anchor(row: id)))
    let tone =
      switch row["status"]?.text {
      case RowStatus.covered.rawValue?: findings.contains { $0["tone"]?.text == "warning" } ? "warning" : "ok"
      case RowStatus.unreachable.rawValue?: "muted"
      default: blocking ? "error" : "muted"
      }
    row["tone"] = .string(tone)
    row["findingGroups"] = FindingGroups.byCode(findings)
    let permission = row["permission"]?.text ?? ""
    let state = row["state"]?.text ?? ""
    let screen = row["screen"]?.text ?? ""
    // Failures on a release device first, the rest in the model's order.
    let items = row["evidence"]?.items ?? []
    let ordered = items.filter { isReleaseFailure($0, release: release) } + items.filter { !isReleaseFailure($0, release: release) }
    row["evidence"] = .list(
      ordered.map { item in
        let evidence = self.evidence(item)
        guard evidence["asset"]?.text != nil else { return evidence }
        let device = evidence["device"]?.text.map { " on \($0)" } ?? ""
        return evidence.adding([
          "alt": .string("\(platformName) \(permission) \(state): screenshot of the \(screen) screen\(device)")
        ])
      })
    return .object(row)
  }

  /// A piece of matched evidence with `buildTime`: the build and time it names, in a few words;
  /// empty when it names neither.
  private static func evidence(_ item: TemplateValue) -> TemplateValue {
    let time = BuildTimeText.evidenceTime(item["time"]).map { BuildTimeText.time($0) }
    let parts = [BuildTimeText.build(item["build"]), time].compactMap { $0 }
    return item.adding(["buildTime": .string(parts.joined(separator: " · "))])
  }

  /// A file of the inventory with `buildTime`: the builds and time span it names, or that it
  /// names none; empty for a file that was not read as evidence (one that broke part-way says
  /// what the part read names, when it names anything).
  private static func file(_ file: TemplateValue) -> TemplateValue {
    let evidenceKinds: Set<String> = [
      FileKind.junit, .seedLog, .seedRecord, .screenshot, .xcresultJSON, .attachmentManifest,
    ].reduce(into: []) { $0.insert($1.rawValue) }
    let builds = (file["builds"]?.items ?? []).compactMap(BuildTimeText.build)
    let span = BuildTimeText.span(file["time"], detailed: true)
    let status = file["status"]?.text
    let partly = status == ReadStatus.unreadable.rawValue && (!builds.isEmpty || span != nil)
    guard status == ReadStatus.read.rawValue || partly, evidenceKinds.contains(file["kind"]?.text ?? "") else {
      return file.adding(["buildTime": .string("")])
    }
    let build = builds.isEmpty ? "names no build" : builds.joined(separator: ", ")
    let time = span ?? "names no time"
    return file.adding(["buildTime": .string("\(build) · \(time)")])
  }

  /// The id of a row in `index.html`: `row-android-camera-blocked` for `android/camera/blocked`
  /// (white space, which an id cannot hold, as `_`).
  static func anchor(row id: String) -> String {
    "row-" + String(id.map { $0 == "/" ? "-" : $0.isWhitespace ? "_" : $0 })
  }

  /// The id of a platform's receipt card in `index.html`: `receipt-ios`.
  static func anchor(receipt platform: String) -> String { "receipt-\(platform)" }

  /// `anchor` as the fragment of a Markdown link destination.
  static func link(_ anchor: String) -> String { MarkdownView.linkDestination(anchor) }
}
