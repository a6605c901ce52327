import Foundation
import StateProofModel
import StateProofRender
import Testing

@testable import StateProofKit

/// `report.json` reads back into the model it was written from: a report with every optional
/// field filled gives the same bytes after decoding and encoding again, and its typed values
/// (rules, acceptance sources, file errors, missing hashes) come back as the same values.
@Suite struct ReportDecodingTests {
  static let sha = String(repeating: "0123456789abcdef", count: 4)

  /// Every optional field of every part of the model set, every typed value used.
  static func everything() -> Report {
    let row = RowID(platform: .ios, permission: "camera", state: "denied")
    var test = MatchedEvidence(
      kind: .test, root: "ci", path: "junit/a.xml", rule: .configSelector, device: "iPhone 16 (18.6)")
    test.id = "ScannerUITests#testDenied"
    test.outcome = .flaky
    test.message = "first line\n  at frame 1\n  at frame 2"
    test.lineNumber = 12
    test.configuration = "Dark Appearance"
    test.arguments = ".denied, .openSettings"
    test.os = "iOS Simulator 18.6 (22G86)"
    test.build = BuildIdentity(variant: "release", source: "AGP output folder")
    test.time = EvidenceTime(iso8601: "2025-11-24T16:49:12", source: "testsuite timestamp")
    var seed = MatchedEvidence(
      kind: .seed, root: "ci", path: "seed/denied.log", rule: .permissionAndState, device: "Pixel 8 - 14")
    seed.state = "denied-once"
    seed.line = "android.permission.CAMERA: granted=false, flags=[ USER_SET ]"
    seed.lineNumber = 3
    seed.taken = false
    seed.build = BuildIdentity(versionName: "4.2.0", versionCode: "420", source: "dumpsys package")
    seed.time = EvidenceTime(unixSeconds: 1_764_000_071.204, written: "1764000071.204", source: "summary startTime")
    var shot = MatchedEvidence(
      kind: .screenshot, root: "ci", path: "shots/denied.heic", rule: .attachedToTest, device: "iPhone 16")
    shot.width = 1179
    shot.height = 2556
    shot.sha256 = sha
    shot.format = .heic
    shot.displaySha256 = String(repeating: "b", count: 64)
    shot.displayProblem = "libheif is not installed here (install libheif1)"
    shot.embedded = true
    shot.embeddedElsewhere = true
    shot.attachmentName = "camera.denied"
    shot.testIdentifier = "ScannerUITests/testDenied()"
    let others = [
      MatchedEvidence(kind: .test, root: "ci", path: "b.xml", rule: .convention),
      MatchedEvidence(kind: .screenshot, root: "ci", path: "g.png", rule: .configGlob),
    ]
    var configured = Finding(
      code: .missingScreenshot, severity: .error, row: row, message: "No screenshot.", files: ["shots"])
    configured.accepted = Acceptance(reason: "known", until: "2030-01-31", source: .configuration)
    var commandLine = Finding(code: .testFlaky, severity: .warning, platform: .ios, message: "Flaky.")
    commandLine.accepted = Acceptance(reason: "allowed", source: .commandLine)
    var open = Finding(
      code: .unreadableEvidence, severity: .error, message: "Could not read broken.xml:3:7: x.", files: ["broken.xml"])
    open.device = "iPhone 16 (18.6)"
    var matrixRow = MatrixRow(
      id: row, whatHappened: "denied", appReads: ".denied", screen: "Settings link", reachable: false,
      reason: "not on this OS", requires: [.screenshot, .test], os: ">=17")
    matrixRow.declaration = "The app's Info.plist has no NSCameraUsageDescription (Info.plist)."
    let rowReport = RowReport(
      row: matrixRow, status: .unreachable, evidence: [test, seed, shot] + others, findings: [configured],
      devices: [DeviceStatus(device: "iPhone 16 (18.6)", status: .failing)])
    let receipt = ReceiptReport(
      selector: "*#testReceipt", status: .offReleaseDevice,
      evidence: [MatchedEvidence(kind: .test, root: "ci", path: "r.xml", rule: .receiptSelector, device: "iPad")])
    let stop = IncompleteRun(
      location: EvidenceLocation(root: "ci", path: "junit/a.xml", line: 40), device: "iPhone 16", suite: "UI",
      cause: "Test crashed with signal kill.\nRestarting after unexpected exit")
    let newest = EvidenceTime(iso8601: "2025-11-24T16:03:09Z", source: "summary finishTime")!
    let agp = EvidenceTime(iso8601: "2025-11-24T15:40:02", source: "testsuite timestamp")!.readingNoZoneAsUTC()
    var platform = PlatformReport(
      platform: .ios, appId: "com.example.scanner", releaseDevices: ["iPhone 16 (18.6)"], perDevice: true,
      receipt: receipt, incompleteRuns: [stop], rows: [rowReport], findings: [configured, commandLine, open],
      build: PlatformBuild(
        expected: BuildIdentity(versionName: "4.2.0", versionCode: "420", variant: "release"),
        named: [NamedBuild(build: BuildIdentity(versionName: "4.1.0"), files: 1, expected: false)],
        filesWithoutBuild: 2,
        collected: EvidenceSpan(from: agp, to: newest), filesWithoutTime: 3, devices: ["iPhone 16 (18.6)"]))
    platform.declared = AppDeclarationSummary(
      files: [
        DeclarationFile(
          root: "ci", path: "Scanner.app/Info.plist", source: "Info.plist", appId: "com.example.scanner",
          build: BuildIdentity(versionName: "4.2.0", versionCode: "1287", source: "Info.plist"), targetSdk: 34,
          deviceSdk: 34, declared: 2, setAside: "another build")
      ],
      permissions: [
        DeclaredPermission(
          id: "camera", modelled: true, names: ["NSCameraUsageDescription"], answer: .excluded, reason: "an SDK's",
          files: ["Scanner.app/Info.plist"])
      ], targetSdk: 34)
    let files = [
      {
        var file = FileRecord(
          root: "ci", path: "junit/a.xml", kind: .junit, bytes: 10, sha256: sha, devices: ["iPhone 16"],
          format: "xcresultparser")
        file.builds = [BuildIdentity(variant: "release", source: "AGP output folder")]
        file.time = EvidenceSpan(from: agp, to: agp)
        return file
      }(),
      FileRecord(
        root: "ci", path: "broken.xml", kind: .junit, bytes: 9, sha256: sha, status: .unreadable,
        error: .problem(
          ReadProblem(location: EvidenceLocation(root: "ci", path: "broken.xml", line: 3, column: 7), message: "x"))),
      FileRecord(
        root: "ci", path: "cut.xml", kind: .junit, bytes: 9, sha256: nil, status: .unreadable,
        error: .problem(
          ReadProblem(location: EvidenceLocation(root: "ci", path: "cut.xml", line: 2), message: "cut: short"))),
      FileRecord(
        root: "ci", path: "manifest.json", kind: .attachmentManifest, bytes: 2, sha256: sha, status: .unreadable,
        error: .problem(ReadProblem(location: EvidenceLocation(root: "ci", path: "manifest.json"), message: "not JSON"))
      ),
      FileRecord(
        root: "ci", path: "fifo", kind: .other, bytes: 0, sha256: nil, status: .unreadable,
        error: .notOpened("not a regular file but a FIFO (named pipe); StateProof reads only regular files")),
      FileRecord(
        root: "ci", path: "old/report.json", kind: .stateproofReport, bytes: 5, sha256: nil, status: .ignored,
        error: .notEvidence("in a report folder StateProof wrote")),
    ]
    let device = SeenDevice(
      name: "iPhone 16 (18.6)", aliases: ["iPhone 16"], os: "18.6", emulator: false, platform: .ios,
      releaseDevices: ["iPhone 16 (18.6)"], files: [FileReference(root: "ci", path: "junit/a.xml")])
    var report = Report(
      app: "Scanner", release: "2.4.0", generatedAt: "2025-11-24T16:00:00Z", roots: ["ci"], devices: [device],
      sources: [EvidenceSource(root: "ci", files: 6, testReports: 3, devices: ["iPhone 16 (18.6)"])],
      platforms: [platform], findings: [configured, commandLine, open], evidence: files)
    report.changes = Changes(
      baseline: "previous/report.json", baselineVerdict: .ready,
      rows: [
        RowChange(id: row.description, from: .covered, to: .unreachable, change: .regressed),
        RowChange(id: "ios/camera/new", from: nil, to: .incomplete, change: .added),
      ],
      newFindings: [open], resolvedFindings: [commandLine], expiredAcceptances: [configured],
      builds: [BuildChange(platform: .ios, from: "4.1.0 (410)", to: "4.2.0 (420) release")])
    report.builtAt = "2025-11-24T17:00:00Z"
    report.history = HistoryTrend(
      file: ".stateproof/sign-offs.jsonl", page: "history/index.html", earlier: 1,
      points: [
        TrendPoint(
          signOff: 1, release: "4.1.0", generatedAt: "2025-11-17T17:00:00Z", verdict: .ready,
          counts: SignOffCounts(
            rows: 9, proven: 8, failing: 0, missing: 0, accepted: 1, unreachable: 0, errors: 0, warnings: 2)),
        TrendPoint(
          signOff: 2, release: "4.2.0", generatedAt: "2025-11-24T17:00:00Z", verdict: .notReady,
          counts: SignOffCounts(
            rows: 9, proven: 7, failing: 1, missing: 1, accepted: 0, unreachable: 0, errors: 2, warnings: 1)),
      ])
    report.evidenceWindow = WindowCheck(window: EvidenceWindow("48h")!, reference: .newestEvidence, from: newest)
    report.provenance = Provenance(
      version: "0.1.0",
      build: ToolBuild(
        commit: "3f1c2a9e0b7d4c6a8e5f2b1d0c9a8b7e6f5d4c3b", builtAt: "2026-12-01T09:30:00Z",
        executableSHA256: String(repeating: "e", count: 64),
        libraries: [LibraryRecord(name: "zstd", version: "1.5.4"), LibraryRecord(name: "heif", version: nil)]),
      command: ["report", "--allow", "missing-receipt:ios=no farm", "ci"],
      options: RecordedOptions(
        allow: [
          Allowance(code: .missingReceipt, platform: .ios, reason: "no farm", until: "2026-01-31"),
          Allowance(code: .missingScreenshot, row: row, reason: "ships later"),
        ],
        failOn: "error", baseline: "previous/report.json", formats: ["json", "html"], embedMaxBytes: 4096,
        singleFile: false, markdownMaxBytes: 65_000, htmlURL: "index.html", builtAt: "2025-11-24T17:00:00Z",
        builds: ["android": BuildIdentity(versionName: "4.2.0", versionCode: "420", variant: "release")],
        window: EvidenceWindow("48h"), maxAttachmentBytes: 1 << 30),
      configuration: ConfigurationRecord(
        file: "ci/stateproof.json", source: .evidence, sha256: sha, shadowed: ["stateproof.json"],
        settings: .object([
          "app": .string("Scanner"), "perDevice": .bool(true), "limit": .number(3), "ratio": .number(0.5),
          "permissions": .array([.object(["id": .string("camera")])]),
        ]),
        deviations: [
          ConfigurationDeviation(
            row: row, kind: .requires, weakens: true, builtIn: "requires screenshot, test", configured: "requires test",
            reason: "no screen yet", key: "permissions[0].rows.ios/restricted.requires")
        ]),
      templates: TemplateRecord(
        folder: "branding", overrides: [TemplateOverride(file: "layout.html.mustache", bytes: 12, sha256: sha)]),
      shippedTemplates: String(repeating: "d", count: 64),
      acceptanceDay: AcceptanceDay(day: "2025-11-24", source: .generatedAt))
    report.history = HistoryTrend(
      file: "sign-offs.jsonl", page: "history/index.html", earlier: 3,
      points: [
        TrendPoint(
          signOff: 4, release: "4.2", generatedAt: "2025-11-24T16:00:00Z", verdict: .ready,
          counts: SignOffCounts(
            rows: 3, proven: 1, failing: 0, missing: 1, accepted: 0, unreachable: 1, errors: 0, warnings: 1))
      ])
    // The screenshots' files, as the output stage names them for every report it writes.
    AssetNames.name(&report)
    return report
  }

  @Test func aReportWithEveryFieldReadsBackToTheSameBytes() throws {
    let bytes = try JSONRenderer.render(Self.everything())
    // Every key of every object type (known by its keys) is other than null somewhere.
    var filled: [String: Bool] = [:]
    func visit(_ value: Any) {
      if let object = value as? [String: Any] {
        let type = object.keys.sorted().joined(separator: ",")
        for (key, member) in object {
          filled["\(key) in {\(type)}"] = filled["\(key) in {\(type)}"] == true || !(member is NSNull)
          visit(member)
        }
      } else if let list = value as? [Any] {
        list.forEach(visit)
      }
    }
    visit(try JSONSerialization.jsonObject(with: bytes))
    #expect(filled.count > 100)
    #expect(filled.filter { !$0.value }.keys.sorted() == [], "keys that are always null")
    let decoded = try Report(json: bytes)
    #expect(try decoded.jsonData() == bytes)
  }

  @Test func typedValuesComeBackAsTheSameValues() throws {
    let original = Self.everything()
    let decoded = try Report(json: try JSONRenderer.render(original))
    #expect(decoded.evidence == original.evidence)
    #expect(decoded.evidence.map(\.error) == original.evidence.map(\.error))
    #expect(decoded.evidence.map { $0.sha256 == nil } == [false, true, true, false, false, true])
    #expect(decoded.findings == original.findings)
    #expect(decoded.provenance == original.provenance)
    #expect(decoded.accepted.map(\.accepted?.source) == [.configuration, .commandLine])
    let evidence = decoded.platforms[0].rows[0].evidence
    #expect(evidence == original.platforms[0].rows[0].evidence)
    #expect(evidence.map(\.rule) == [.permissionAndState, .configGlob, .attachedToTest, .convention, .configSelector])
    #expect(evidence.first { $0.format == .heic }?.asset == "assets/\(Self.sha).heic")
    #expect(evidence.first { $0.format == .heic }?.display == "assets/\(String(repeating: "b", count: 64)).png")
    #expect(decoded.platforms[0].incompleteRuns == original.platforms[0].incompleteRuns)
    #expect(decoded.changes?.rows == original.changes?.rows)
    #expect(decoded.devices == original.devices)
    #expect(decoded.summary == original.summary)
  }

  /// `provenance.options` written before `builtAt`, `builds` and `window` were recorded reads
  /// back as if none was given; written with them, it reads back the same.
  @Test func recordedOptionsWithoutBuildOptionsReadBack() throws {
    let old = Data(
      #"{"allow": [], "failOn": "error", "baseline": null, "formats": ["json"], "embedMaxBytes": null, "singleFile": false, "markdownMaxBytes": 65000, "htmlURL": "index.html"}"#
        .utf8)
    let decoded = try JSONDecoder().decode(RecordedOptions.self, from: old)
    #expect(
      decoded.builtAt == nil && decoded.builds.isEmpty && decoded.window == nil && decoded.maxAttachmentBytes == nil)
    #expect(decoded.formats == ["json"] && decoded.failOn == "error")
    let recorded = try #require(Self.everything().provenance?.options)
    let again = try JSONDecoder().decode(RecordedOptions.self, from: try SortedJSONEncoder.encode(recorded))
    #expect(again == recorded)
    #expect(again.builds["android"]?.versionCode == "420" && again.window?.seconds == 48 * 3600)
    #expect(again.maxAttachmentBytes == 1 << 30)
  }

  /// A file's SHA-256 is kept as its 32 bytes, but reads back as the text it was given: a
  /// digest in lowercase hex, and any other text a `report.json` might hold, unchanged.
  @Test(arguments: [
    Self.sha, String(repeating: "f", count: 64), String(repeating: "0", count: 64), Self.sha.uppercased(),
    String(Self.sha.dropLast()), Self.sha + "0", "not a digest", "é" + String(Self.sha.dropFirst()),
  ])
  func aFileDigestReadsBackAsItsText(text: String) throws {
    var record = FileRecord(root: "ci", path: "a.xml", kind: .junit, bytes: 0, sha256: text)
    #expect(record.sha256 == text)
    #expect(record == FileRecord(root: "ci", path: "a.xml", kind: .junit, bytes: 0, sha256: text))
    #expect(record != FileRecord(root: "ci", path: "a.xml", kind: .junit, bytes: 0, sha256: Self.sha + "1"))
    let decoded = try JSONDecoder().decode(FileRecord.self, from: JSONEncoder().encode(record))
    #expect(decoded.sha256 == text)
    record.sha256 = nil
    #expect(record.sha256 == nil)
    #expect(try JSONDecoder().decode(FileRecord.self, from: JSONEncoder().encode(record)).sha256 == nil)
  }

  @Test func aFileErrorIsReadBackFromItsText() {
    func decoded(_ text: String, path: String = "a.xml", status: ReadStatus = .unreadable) -> FileError {
      FileError(
        description: text, of: FileRecord(root: "r", path: path, kind: .junit, bytes: 0, sha256: nil, status: status))
    }
    let at = { (line: Int?, column: Int?) in EvidenceLocation(root: "r", path: "a.xml", line: line, column: column) }
    #expect(decoded("a.xml:3:7: bad tag") == .problem(ReadProblem(location: at(3, 7), message: "bad tag")))
    #expect(decoded("a.xml:3: bad tag") == .problem(ReadProblem(location: at(3, nil), message: "bad tag")))
    #expect(decoded("a.xml: bad: tag") == .problem(ReadProblem(location: at(nil, nil), message: "bad: tag")))
    #expect(decoded("a link that leads nowhere") == .notOpened("a link that leads nowhere"))
    #expect(decoded("a link to a folder", status: .ignored) == .notEvidence("a link to a folder"))
    // Text that would not describe itself the same way stays text.
    #expect(decoded("a.xml:03: x") == .notOpened("a.xml:03: x"))
    #expect(decoded("a.xml:3:4:5: x") == .notOpened("a.xml:3:4:5: x"))
    #expect(decoded("a.xmlx: y") == .notOpened("a.xmlx: y"))
    #expect(decoded("a.xml:99999999999999999999: x") == .notOpened("a.xml:99999999999999999999: x"))
  }
}
