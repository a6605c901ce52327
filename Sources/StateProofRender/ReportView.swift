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
///   error is about it, a stopped run included), `statusTone` (its status word's), `onRetry` (it
///   passed only on retry) and
///   `findingGroups` (the platform's receipt and stopped-run findings, accepted ones included).
/// - Every finding in `findings` and `accepted` (``FindingGroups/finding(_:target:)``), and in
///   `findings` also `anchor`: `finding-N`, its row in the findings table.
/// - Every row of `changes.rows`: `anchor` and `anchorLink`; every `changes.builds`: `name`.
/// - The report's and every platform's `summary`: `errorsText` and `warningsText`, the open
///   errors and warnings counted in words (`1 error`, `2 warnings`); every platform's
///   `gridCompact`, whether its row × device grid shows icons for words (many release devices).
/// - Builds and times (``BuildTimeText``): every platform's `build` gets `buildText`, `timeText`
///   and `devicesText`; the report `windowText`; every file of `evidence` and every piece of a
///   row's or receipt's evidence `buildTime` (empty for files that are no evidence).
/// - `provenance`, each row's requirements and each departure from the built-in matrix in words
///   (``ProvenanceView``).
/// - Every piece of evidence `messageLines`, every stopped run `causeLines` (``MessageView``).
///
/// All of it is worked out from the typed model into typed views (`Views/`: ``PageView``,
/// ``PlatformView``, ``ReceiptView``, ``RowView``, ``FindingGroup`` and the rest, tones a
/// ``Tone``): each a ``ModelView`` that encodes its model's members as report.json has them
/// (``TemplateValueEncoder``) and its own by its coding keys in place of any of the same name. No
/// member is written or left out by a name in a string; `TemplateNamesTests` fails when a
/// shipped template reads a name no view encodes.
enum ReportView {
  /// The findings told on the receipt card rather than on a row (without a row, `wrong-build` and
  /// `stale-evidence` are about receipt runs).
  static let receiptCodes: Set<FindingCode> = [
    .missingReceipt, .receiptFailed, .receiptOffReleaseDevice, .receiptFlaky, .duplicateReceipt, .runIncomplete,
    .wrongBuild, .staleEvidence, .deviceUnknown,
  ]

  /// The findings told beside a platform's declarations ("Declared by the app").
  static let declarationCodes: Set<FindingCode> = [
    .declaredNotCovered, .coveredNotDeclared, .declarationChanged, .declarationsDisagree,
  ]

  /// `report` as its templates see it: `report.json`'s members with the presentation fields above;
  /// a row's screenshot marked `embedded` holds the `data:` URI of the bytes `images` carries for
  /// it (a HEIC's PNG, else the image), or null when they are not carried (a link again).
  static func page(_ report: Report, images: EmbeddedImages = EmbeddedImages()) throws -> ReportPage {
    let rowAnchors = Set(report.platforms.flatMap { $0.rows.map { anchor(row: $0.id.description) } })
    let receiptAnchors = Set(report.platforms.map(\.platform))
    let declarationAnchors = Set(report.platforms.filter { $0.declared != nil }.map(\.platform))
    /// Where a finding's story is told: its row, else its platform's receipt card; nil for
    /// neither.
    func target(_ finding: Finding) -> String? {
      if let row = finding.row?.description, rowAnchors.contains(anchor(row: row)) { return anchor(row: row) }
      if receiptCodes.contains(finding.code), let platform = finding.platform, receiptAnchors.contains(platform) {
        return anchor(receipt: platform.rawValue)
      }
      if declarationCodes.contains(finding.code), let platform = finding.platform, declarationAnchors.contains(platform)
      {
        return anchor(declared: platform.rawValue)
      }
      return nil
    }

    // A finding of neither a row nor a receipt is told in its own row of the findings table
    // (`finding-N`); report.md, which may list findings in another order, links to the table.
    let findings = try report.findings.enumerated().map { index, finding in
      let own = "finding-\(index + 1)"
      let told = target(finding)
      return try FindingGroups.finding(finding, target: told ?? own, linkTarget: told ?? "findings", anchor: own)
    }
    let accepted = try report.accepted.map { finding in
      try FindingGroups.finding(finding, target: target(finding) ?? "accepted")
    }
    let receiptFindings = (findings + accepted).filter {
      $0.finding.row == nil && receiptCodes.contains($0.finding.code)
    }
    let declarationFindings = (findings + accepted).filter { declarationCodes.contains($0.finding.code) }
    let release = releaseSpellings(report.devices)
    let shownRows = Set(report.platforms.flatMap { $0.rows.map(\.id.description) })

    let platforms = try report.platforms.map {
      try platform(
        $0, receiptFindings: receiptFindings, declarationFindings: declarationFindings, release: release,
        provenance: report.provenance, images: images)
    }
    let view = PageView(
      model: report, findings: findings.map(\.value), accepted: accepted.map(\.value),
      evidence: report.evidence.map(file), platforms: platforms,
      provenance: report.provenance.map { ProvenanceView(model: $0, shownRows: shownRows) })
    return ReportPage(view: view, findings: findings)
  }

  /// Every spelling (name and aliases) of a device the report counts as a release device.
  private static func releaseSpellings(_ devices: [SeenDevice]) -> Set<String> {
    Set(devices.filter { !$0.releaseDevices.isEmpty }.flatMap { [$0.name] + $0.aliases })
  }

  /// A row × device grid of more release devices than this shows each cell's status as its icon
  /// (the word kept for screen readers and as a tooltip), so a farm's grid fits a laptop's width.
  static let compactGridAbove = 8

  private static func platform(
    _ platform: PlatformReport, receiptFindings: [FindingView], declarationFindings: [FindingView],
    release: Set<String>, provenance: Provenance?, images: EmbeddedImages
  ) throws -> PlatformView {
    let id = platform.platform.rawValue
    let receipt = platform.receipt
    let mine = receiptFindings.filter { $0.finding.platform == platform.platform }
    let open = mine.filter { $0.finding.accepted == nil }
    let passed = receipt.status == .passed
    let tone: Tone =
      open.contains { $0.finding.severity == .error } || (!passed && !open.isEmpty)
      ? .error : !passed ? .muted : open.isEmpty ? .ok : .warning
    return PlatformView(
      model: platform,
      receipt: ReceiptView(
        model: receipt, platform: id, tone: tone, statusTone: passed ? .ok : tone,
        // Passed, but only on retry (receipt-flaky): the card says so beside its status.
        onRetry: mine.contains { $0.finding.code == .receiptFlaky }, findingGroups: FindingGroups.byCode(mine),
        evidence: receipt.evidence.map { evidence($0) }),
      rows: try platform.rows.map {
        try row($0, platformName: platform.name, release: release, provenance: provenance, images: images)
      },
      declared: platform.declared.map {
        DeclaredView(
          model: $0, platform: id,
          findingGroups: FindingGroups.byCode(declarationFindings.filter { $0.finding.platform == platform.platform }))
      })
  }

  /// Whether a row's evidence is a test that failed on a release device (one of `release`'s spellings).
  private static func isReleaseFailure(_ item: MatchedEvidence, release: Set<String>) -> Bool {
    (item.outcome == .failed || item.outcome == .error) && item.device.map(release.contains) == true
  }

  private static func row(
    _ row: RowReport, platformName: String, release: Set<String>, provenance: Provenance?, images: EmbeddedImages
  ) throws -> RowView {
    let id = row.id.description
    let findings = try row.findings.map { try FindingGroups.finding($0, target: anchor(row: id)) }
    let blocking = findings.contains { $0.tone == .error }
    let tone: Tone =
      switch row.status {
      case .covered: findings.contains { $0.tone == .warning } ? .warning : .ok
      case .unreachable: .muted
      default: blocking ? .error : .muted
      }
    // Failures on a release device first, the rest in the model's order.
    let items = row.evidence
    let ordered =
      items.filter { isReleaseFailure($0, release: release) } + items.filter { !isReleaseFailure($0, release: release) }
    let evidence = ordered.map { item in
      var view = self.evidence(item)
      view.embedded = images.embedded(item)
      let device = item.device.map { " on \($0)" } ?? ""
      if item.asset != nil {
        view.alt = "\(platformName) \(row.permission) \(row.state): screenshot of the \(row.screen) screen\(device)"
      }
      return view
    }
    let requires = ProvenanceView.requirements(of: row, provenance: provenance)
    return RowView(
      model: row, tone: tone, findingGroups: FindingGroups.byCode(findings), evidence: evidence,
      requiresText: requires.text, requiresNote: requires.note)
  }

  /// A piece of matched evidence with its `buildTime`: the build and time it names, in a few
  /// words; empty when it names neither.
  private static func evidence(_ item: MatchedEvidence) -> EvidenceView {
    let time = item.time.map { BuildTimeText.time($0) }
    let parts = [BuildTimeText.build(item.build), time].compactMap { $0 }
    return EvidenceView(model: item, buildTime: parts.joined(separator: " · "))
  }

  /// The file kinds whose files are evidence.
  private static let evidenceKinds: Set<FileKind> = [
    .junit, .seedLog, .seedRecord, .screenshot, .xcresultJSON, .attachmentManifest,
  ]

  /// A file of the inventory with `buildTime`: the builds and time span it names, or that it
  /// names none; empty for a file that was not read as evidence (one that broke part-way says
  /// what the part read names, when it names anything).
  private static func file(_ file: FileRecord) -> FileView {
    let builds = file.builds.compactMap(BuildTimeText.build)
    let span = BuildTimeText.span(file.time, detailed: true)
    let partly = file.status == .unreadable && (!builds.isEmpty || span != nil)
    guard file.status == .read || partly, evidenceKinds.contains(file.kind) else {
      return FileView(model: file, buildTime: "")
    }
    let build = builds.isEmpty ? "names no build" : builds.joined(separator: ", ")
    let time = span ?? "names no time"
    return FileView(model: file, buildTime: "\(build) · \(time)")
  }

  /// The id of a row in `index.html`: `row-android-camera-blocked` for `android/camera/blocked`
  /// (white space, which an id cannot hold, as `_`).
  static func anchor(row id: String) -> String {
    "row-" + String(id.map { $0 == "/" ? "-" : $0.isWhitespace ? "_" : $0 })
  }

  /// The id of a platform's receipt card in `index.html`: `receipt-ios`.
  static func anchor(receipt platform: String) -> String { "receipt-\(platform)" }

  /// A platform's declarations' id in `index.html`: `declared-android`.
  static func anchor(declared platform: String) -> String { "declared-\(platform)" }

  /// `anchor` as the fragment of a Markdown link destination.
  static func link(_ anchor: String) -> String { MarkdownView.linkDestination(anchor) }
}
