import Foundation
import StateProofKit
import Testing
import StateProofTestSupport

/// StateProofKit as an outside client uses it: this target has no package access, so only public
/// symbols compile here, imported with `import StateProofKit` alone (the report model comes with
/// it).
@Suite(.temporaryFolders) struct LibraryTests {
  static let scanner = PackageRoot.path("examples/scanner")
  static let golden = TestFiles.scannerGolden

  private func temporaryFolder() throws -> URL { try TemporaryFolder.make() }

  /// The golden files name the evidence as `examples/scanner`, relative to the package root, as
  /// the README's command does: the tests run there wherever they were started.
  private static func goldenEvidence() throws -> [String] {
    try #require(PackageRoot.isWorkingFolder, "cannot enter the package root \(PackageRoot.url.path)")
    return ["examples/scanner"]
  }

  /// What the golden files were recorded with: the command line `GoldenFileTests` runs (without
  /// its `--out`, which no report records), which the report records; a library run records
  /// none unless told.
  private let goldenOptions = ReportOptions(
    generatedAt: try! ZonedTime("2025-11-24T16:00:00Z"),
    commandLine: ["report", "--generated-at", "2025-11-24T16:00:00Z", "examples/scanner"])

  /// The example's own configuration, whatever folder the tests run in.
  private func scannerOptions() throws -> ReportOptions {
    ReportOptions(configuration: try ReportConfiguration(contentsOf: Self.scanner + "/stateproof.json"))
  }

  @Test func theExampleIsNotReadyForTheIOSReceiptAndTheRestrictedScreen() throws {
    let run = try StateProof.report(evidence: [Self.scanner], options: try scannerOptions())
    #expect(run.report.verdict == .notReady)
    #expect(run.exitStatus == 1)
    let open = run.report.platforms.flatMap(\.rows).filter { $0.status != .covered && $0.status != .unreachable }
    #expect(open.map(\.id.description) == ["ios/camera/restricted"])
    #expect(run.report.platforms.map(\.receipt.status) == [.passed, .missing])
    #expect(run.report.findings.map(\.code) == [.missingReceipt, .missingScreenshot, .screenshotFromOtherTest])
    #expect(run.report.roots == [Self.scanner])
  }

  @Test(arguments: [
    (ReportFormat.json, "report.json"), (.md, "report.md"), (.html, "index.html"), (.junit, "junit.xml"),
  ])
  func rendersEachFormatAsTheCommandLineWritesIt(format: ReportFormat, file: String) throws {
    let run = try StateProof.report(evidence: try Self.goldenEvidence(), options: goldenOptions)
    let expected = try Data(contentsOf: Self.golden.appendingPathComponent(file))
    #expect(try run.render(format) == expected, "\(file) differs from its golden file")
  }

  @Test
  func writesTheReportFolder() throws {
    let out = try temporaryFolder().appendingPathComponent("report")
    let run = try StateProof.report(evidence: try Self.goldenEvidence(), options: goldenOptions)
    let written = try run.write(to: out.path)
    #expect(written.folder == out.standardizedFileURL.path)
    let assets = written.files.filter { $0.hasPrefix("assets/") }
    #expect(!assets.isEmpty)
    #expect(written.files == ["SHA256SUMS"] + assets + ["index.html", "junit.xml", "report.json", "report.md"])
    // SHA256SUMS lists every other file with the SHA-256 of the bytes written.
    let sums = try String(contentsOf: out.appendingPathComponent("SHA256SUMS"), encoding: .utf8)
    #expect(sums.split(separator: "\n").count == written.files.count - 1)
    for name in written.files where name != "SHA256SUMS" {
      let digest = try #require(written.sha256[name], "\(name)")
      #expect(sums.contains("\(digest)  \(name)\n"), "\(name)")
      // An asset is named by the SHA-256 of its bytes, which report.json recorded when it was read.
      if name.hasPrefix("assets/") { #expect(name.dropFirst(7).hasPrefix(digest), "\(name)") }
    }
    for name in written.files {
      #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name)")
    }
    for name in ["report.json", "report.md", "index.html", "junit.xml"] {
      #expect(
        try Data(contentsOf: out.appendingPathComponent(name))
          == Data(contentsOf: Self.golden.appendingPathComponent(name)),
        "\(name)")
    }
    #expect(written.markdown == (try Data(contentsOf: Self.golden.appendingPathComponent("report.md"))))
    #expect(written.warnings.isEmpty)
  }

  @Test func writesOnlyTheFormatsAsked() throws {
    let out = try temporaryFolder().appendingPathComponent("report")
    var options = try scannerOptions()
    options.formats = [.json, .junit]
    let written = try StateProof.report(evidence: [Self.scanner], options: options).write(to: out.path)
    #expect(written.files == ["SHA256SUMS", "junit.xml", "report.json"])
    #expect(written.markdown == nil)
    let listed = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }
    #expect(Set(listed) == ["SHA256SUMS", "junit.xml", "report.json"])
  }

  @Test func failOnAndAllowancesDecideTheExitStatus() throws {
    var options = try scannerOptions()
    options.failOn = .never
    #expect(try StateProof.report(evidence: [Self.scanner], options: options).exitStatus == 0)

    options.failOn = .error
    options.allowances = [
      Allowance(code: .missingReceipt, platform: .ios, reason: "no iOS device farm this release", until: "2999-01-01"),
      try #require(Allowance(commandLine: "missing-screenshot:ios/camera/restricted=the screen ships in 4.3")),
    ]
    let run = try StateProof.report(evidence: [Self.scanner], options: options)
    #expect(run.report.verdict == .ready)
    #expect(run.exitStatus == 0)
    // The manual-entry screenshot's warning stays open: --fail-on warning would still fail.
    #expect(run.report.findings.map(\.code) == [.screenshotFromOtherTest])
    #expect(run.report.accepted.map(\.code) == [.missingReceipt, .missingScreenshot])
    #expect(run.report.accepted.compactMap(\.accepted?.source) == [.commandLine, .commandLine])
    #expect(run.report.accepted.first?.accepted?.until == "2999-01-01")
    #expect(FailureLevel.warning.fails(run.report) == true)
    #expect(
      run.report.accepted.map(\.accepted?.reason) == ["no iOS device farm this release", "the screen ships in 4.3"])
    #expect(run.report.provenance?.options.allow == options.allowances)
    #expect(Allowance(commandLine: "no-such-code=x") == nil)
    #expect(Allowance(commandLine: "missing-screenshot") == nil)
    #expect(Allowance(commandLine: "missing-screenshot:ios= ") == nil)
    #expect(Allowance(commandLine: "") == nil)
  }

  @Test func evidenceCarriesTypedRulesAndDerivedAssets() throws {
    let run = try StateProof.report(evidence: [Self.scanner], options: try scannerOptions())
    let rows = run.report.platforms.flatMap(\.rows)
    let evidence = rows.flatMap(\.evidence)
    #expect(Set(evidence.filter { $0.kind == .seed }.map(\.rule)) == [.permissionAndState])
    #expect(Set(evidence.filter { $0.kind == .test }.map(\.rule)) == [.configSelector])
    #expect(Set(evidence.filter { $0.kind == .screenshot }.map(\.rule)) == [.configGlob, .convention, .attachedToTest])
    #expect(run.report.platforms.flatMap(\.receipt.evidence).map(\.rule) == [.receiptSelector])
    for shot in evidence where shot.kind == .screenshot {
      let sha = try #require(shot.sha256)
      #expect(shot.asset == "assets/\(sha).png")
      #expect(shot.inline == true)
    }
    #expect(evidence.filter { $0.kind != .screenshot }.allSatisfy { $0.asset == nil && $0.inline == nil })
    #expect(run.report.evidence.allSatisfy { $0.sha256?.count == 64 })
    // Nothing went wrong reading; only a file that proves nothing (the exported text attachment) says why.
    #expect(run.report.evidence.allSatisfy { $0.error == nil || ($0.status == .ignored && $0.kind == .other) })
  }

  /// A screenshot's file in the report folder is named from its hash and format when a report is
  /// made or read back, never taken from what a report.json says: a changed format renames it, a
  /// path of the file's own is ignored.
  @Test func aScreenshotsPlaceFollowsFromItsHashAndFormat() throws {
    var shot = MatchedEvidence(kind: .screenshot, root: "e", path: "a.heic", rule: .convention)
    #expect(shot.asset == nil)
    shot.sha256 = String(repeating: "ab", count: 32)
    shot.format = .heic
    #expect(shot.asset == nil && shot.inline == false)
    let run = try StateProof.report(evidence: [Self.scanner], options: try scannerOptions())
    let json = String(decoding: try run.report.jsonData(), as: UTF8.self)
    let first = try #require(run.report.platforms.flatMap(\.rows).flatMap(\.evidence).first { $0.kind == .screenshot })
    let sha = try #require(first.sha256)
    let png = "\"asset\" : \"assets/\(sha).png\""
    #expect(json.contains(png))
    func readBack(_ text: String) throws -> MatchedEvidence? {
      try Report(json: Data(text.utf8)).platforms.flatMap(\.rows).flatMap(\.evidence).first { $0.sha256 == sha }
    }
    #expect(
      try readBack(json.replacingOccurrences(of: png, with: "\"asset\" : \"../../etc/passwd\""))?.asset
        == "assets/\(sha).png")
    let jpeg = try readBack(json.replacingOccurrences(of: "\"format\" : \"png\"", with: "\"format\" : \"jpeg\""))
    #expect(jpeg?.asset == "assets/\(sha).jpg")
    #expect(jpeg?.inline == true)
    let heic = try readBack(json.replacingOccurrences(of: "\"format\" : \"png\"", with: "\"format\" : \"heic\""))
    #expect(heic?.asset == "assets/\(sha).heic")
    #expect(heic?.display == nil)
    #expect(heic?.inline == false)
  }

  @Test func unreadableFilesCarryTypedErrors() throws {
    let evidence = try temporaryFolder()
    try Data("<testsuite name=\"s\">\n<testcase name=\"t\"".utf8).write(
      to: evidence.appendingPathComponent("broken.xml"))
    try FileManager.default.createSymbolicLink(
      atPath: evidence.appendingPathComponent("gone.png").path, withDestinationPath: "nowhere.png")
    let run = try StateProof.report(
      evidence: [evidence.path], options: ReportOptions(configuration: .builtIn))
    let files = Dictionary(uniqueKeysWithValues: run.report.evidence.map { ($0.path, $0) })

    let broken = try #require(files["broken.xml"])
    #expect(broken.status == .unreadable)
    guard case .problem(let problem)? = broken.error else {
      Issue.record("broken.xml: \(String(describing: broken.error)) is not a reader's problem")
      return
    }
    #expect(problem.location.path == "broken.xml" && problem.location.line != nil)
    #expect(broken.sha256?.count == 64)

    let gone = try #require(files["gone.png"])
    #expect(gone.error == .notOpened("a link that leads nowhere"))
    #expect(gone.sha256 == nil)

    let messages = run.report.findings.filter { $0.code == .unreadableEvidence }.map(\.message).sorted()
    #expect(messages.count == 2)
    #expect(messages.first?.hasPrefix("Could not read \(problem.location.display): ") == true, "\(messages)")
    #expect(messages.last == "Could not read gone.png: a link that leads nowhere.")
  }

  @Test func acceptedGapsSayWhoAcceptedThem() throws {
    let folder = try temporaryFolder()
    let config = folder.appendingPathComponent("stateproof.json")
    try Data(#"{"allow": [{"code": "missing-receipt", "platform": "ios", "reason": "no farm"}]}"#.utf8).write(
      to: config)
    var options = ReportOptions(configuration: try ReportConfiguration(contentsOf: config.path))
    options.allowances = [Allowance(code: .missingScreenshot, reason: "the screens ship in 4.3")]
    let accepted = try StateProof.report(evidence: [Self.scanner], options: options).report.accepted
    // The built-in camera matrix (no permissions configured): every row without a screenshot is
    // accepted from the command line, the missing iOS receipt from the configuration.
    #expect(Set(accepted.map(\.code)) == [.missingReceipt, .missingScreenshot])
    for finding in accepted {
      let fromConfiguration = finding.code == .missingReceipt
      #expect(finding.accepted?.source == (fromConfiguration ? .configuration : .commandLine))
      #expect(finding.accepted?.reason == (fromConfiguration ? "no farm" : "the screens ship in 4.3"))
    }
  }

  /// A library run records its options, and no command line unless it is told one.
  @Test func aLibraryRunRecordsItsOptions() throws {
    var options = try scannerOptions()
    options.allowances = [Allowance(code: .missingReceipt, platform: .ios, reason: "no farm", until: "2999-01-01")]
    options.failOn = .warning
    options.formats = [.json, .md]
    let provenance = try #require(try StateProof.report(evidence: [Self.scanner], options: options).report.provenance)
    #expect(provenance.command == nil)
    #expect(provenance.options.allow == options.allowances)
    #expect(provenance.options.failOn == "warning")
    #expect(provenance.options.formats == ["json", "md"])
    #expect(provenance.configuration.source == .given)
    #expect(provenance.configuration.file == Self.scanner + "/stateproof.json")
    #expect(provenance.configuration.sha256?.count == 64)
    #expect(provenance.templates == nil)
    #expect(provenance.acceptanceDay.source == .today)
    #expect(provenance.acceptanceDay.day != nil, "an acceptance has an end date, so the day is recorded")
  }

  /// The report's time is printed, never judged on: an acceptance that ended before today counts
  /// again whatever `generatedAt` says.
  @Test func theReportsTimeDoesNotReviveAnExpiredAcceptance() throws {
    var options = try scannerOptions()
    options.allowances = [Allowance(code: .missingReceipt, platform: .ios, reason: "no farm", until: "2025-06-30")]
    options.generatedAt = try ZonedTime("2025-06-01T12:00:00Z")
    let report = try StateProof.report(evidence: [Self.scanner], options: options).report
    #expect(report.generatedAt == "2025-06-01T12:00:00Z")
    let today = ISO8601DateFormatter.string(
      from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: .withFullDate)
    #expect(report.provenance?.acceptanceDay == AcceptanceDay(day: today, source: .today))
    #expect(report.findings.contains { $0.code == .missingReceipt && $0.accepted == nil })
    #expect(report.verdict == .notReady)
  }

  @Test func configurationsLoadFromAFileAsFoundOrBuiltIn() throws {
    #expect(ReportConfiguration.builtIn.file == nil)
    let found = try ReportConfiguration.find(evidence: [Self.scanner])
    if !FileManager.default.fileExists(atPath: "stateproof.json") {
      #expect(found.file == Self.scanner + "/stateproof.json")
      #expect(found.app == "Scanner")
    }
    let folder = try temporaryFolder()
    do {
      _ = try ReportConfiguration(contentsOf: folder.appendingPathComponent("missing.json").path)
      Issue.record("a missing file was read")
    } catch {
      guard case .unreadableConfiguration = error else { throw error }
    }
    let wrong = folder.appendingPathComponent("wrong.json")
    try Data(#"{"flaky": 3}"#.utf8).write(to: wrong)
    do {
      _ = try ReportConfiguration(contentsOf: wrong.path)
      Issue.record("a wrong type was accepted")
    } catch {
      guard case .configuration(let file, let mistake) = error else { throw error }
      #expect(file == wrong.path)
      #expect(mistake.path == "flaky")
    }
  }

  @Test(arguments: [
    ReportOptions(markdownMaxBytes: 0), ReportOptions(embedding: .below(-1)),
    ReportOptions(baseline: "/nonexistent/report.json"), ReportOptions(templates: "/nonexistent"),
    ReportOptions(allowances: [Allowance(code: .missingReceipt, reason: " ")]),
  ])
  func optionsItCannotUseAreErrorsBeforeAnyEvidenceIsRead(options: ReportOptions) throws {
    var options = options
    options.configuration = .builtIn
    #expect(throws: StateProofError.self) { try StateProof.report(evidence: [Self.scanner], options: options) }
  }

  /// `options.bundle` is checked as the command line checks `--bundle`, before any evidence is
  /// read: a folder that is not there, or a bundle inside the evidence.
  @Test func aBundleItCannotWriteIsRefusedBeforeTheEvidenceIsRead() throws {
    for (bundle, reason) in [
      ("/nonexistent-stateproof/bundle.tar.gz", "does not exist"),
      (Self.scanner + "/bundle.tar.gz", "never writes into evidence folders"),
    ] {
      var options = ReportOptions(configuration: .builtIn)
      options.bundle = bundle
      do {
        _ = try StateProof.report(evidence: [Self.scanner], options: options)
        Issue.record("a report was made for a bundle at \(bundle)")
      } catch {
        guard case .bundle(let path, _) = error else { throw error }
        #expect(path == bundle)
        #expect(error.description.contains(reason), "\(error)")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: Self.scanner + "/bundle.tar.gz"))
  }

  @Test func aReportFolderInsideTheEvidenceIsRefused() throws {
    let inside = Self.scanner + "/report"
    #expect(throws: StateProofError.self) { try StateProof.checkReportFolder(inside, evidence: [Self.scanner]) }
    let run = try StateProof.report(evidence: [Self.scanner], options: try scannerOptions())
    do {
      _ = try run.write(to: inside)
      Issue.record("a report was written into the evidence")
    } catch {
      guard case .outputFolder(_, .insideEvidence(let root)) = error else { throw error }
      #expect(root == Self.scanner)
      #expect(error.description.contains("never writes into evidence folders"))
    }
    #expect(!FileManager.default.fileExists(atPath: inside))
  }

  @Test func reportJSONReadsBackIntoTheSameModel() throws {
    let path = Self.golden.appendingPathComponent("report.json").path
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let report = try Report(contentsOf: path)
    #expect(try report.jsonData() == bytes)
    #expect(try Report(json: bytes).jsonData() == bytes)
    #expect(report.verdict == .notReady)
    #expect(report.findings.map(\.code) == [.missingReceipt, .missingScreenshot, .screenshotFromOtherTest])
    #expect(report.platforms.flatMap(\.rows).first { $0.id == RowID("ios/camera/restricted") }?.status == .incomplete)
    let provenance = try #require(report.provenance)
    #expect(provenance.command == ["report", "--generated-at", "2025-11-24T16:00:00Z", "examples/scanner"])
    #expect(provenance.configuration.source == .evidence)
    #expect(
      provenance.configuration.deviations.filter { $0.kind == .leftOut }.map(\.row.state) == [
        "auto-revoked", "one-time", "policy-granted", "sensor-off",
      ])
    #expect(provenance.acceptanceDay == AcceptanceDay(day: nil, source: .today), "no end date: no day recorded")
  }

  @Test func whatIsNotAReportIsRefusedWithTheReason() throws {
    let golden = try String(contentsOf: Self.golden.appendingPathComponent("report.json"), encoding: .utf8)
    let cases: [(String, String)] = [
      ("{}", "no schemaVersion"),
      (golden.replacingOccurrences(of: #""schemaVersion" : 2"#, with: #""schemaVersion" : 1"#), "schemaVersion 1"),
      (golden.replacingOccurrences(of: #""verdict" : "not-ready""#, with: #""verdict" : 3"#), "\"verdict\""),
      (golden.replacingOccurrences(of: #""rule" : "convention""#, with: #""rule" : "guesswork""#), "rule"),
      // Read through the strict reader: a key given twice, and where a wrong value is.
      (
        golden.replacingOccurrences(of: #""schemaVersion" : 2"#, with: #""schemaVersion" : 2, "verdict" : "ready""#),
        "key given twice"
      ),
      (
        golden.replacingOccurrences(of: #""bytes" : 1203,"#, with: #""bytes" : "1203","#),
        #"line 110, column 17: "evidence[1].bytes": expected an integer, found a string"#
      ),
    ]
    for (text, reason) in cases {
      do {
        _ = try Report(json: Data(text.utf8), name: "r.json")
        Issue.record("read as a report: \(reason)")
      } catch {
        guard case .reportJSON(let file, _) = error else { throw error }
        #expect(file == "r.json")
        let message = error.description
        #expect(message.hasPrefix("r.json: ") && message.contains(reason), "\(message)")
        if !reason.contains("schemaVersion") { #expect(message.contains(", column "), "\(message)") }
      }
    }
  }

  /// The build under test, the window and the build time are options as well as configuration:
  /// a client that knows the candidate (a release script) sets them in code, and reads back the
  /// build each platform's evidence names.
  @Test func theBuildUnderTestAndTheWindowAreOptions() throws {
    var options = try scannerOptions()
    let window = try #require(EvidenceWindow("1h"))
    #expect(window.seconds == 3600)
    #expect(EvidenceWindow("48") == nil && EvidenceWindow("0h") == nil)

    options.builds = [.android: BuildIdentity(versionName: "4.3.0")]
    let wrong = try StateProof.report(evidence: [Self.scanner], options: options)
    let refused = wrong.report.findings.filter { $0.code == .wrongBuild }
    #expect(refused.contains { $0.row?.description == "android/camera/blocked" })
    #expect(wrong.report.platforms.first?.build.expected?.versionName == "4.3.0")
    #expect(
      wrong.report.platforms.first?.build.named.contains { $0.build.versionName == "4.2.0" && $0.expected == false }
        == true)

    options.builds = [:]
    options.window = window
    options.builtAt = try ZonedTime("2025-11-24T17:45:00+01:00")
    let stale = try StateProof.report(evidence: [Self.scanner], options: options)
    #expect(stale.report.builtAt == "2025-11-24T16:45:00Z")
    #expect(stale.report.evidenceWindow?.reference == .builtAt)
    #expect(stale.report.evidenceWindow?.cutoff == "2025-11-24T15:45:00Z")
    // The Android tests ran by 15:40, the iOS run from 16:01: only Android's are stale.
    let old = stale.report.findings.filter { $0.code == .staleEvidence && $0.severity == .error }
    #expect(!old.isEmpty && old.allSatisfy { $0.platform == .android })
  }
}

/// `StateProof.verify` as a client calls it.
@Suite(.temporaryFolders) struct LibraryVerifyTests {
  @Test func verifiesAWrittenReportAndSeesAChange() throws {
    let folder = try TemporaryFolder.make()
    try FileManager.default.copyItem(
      atPath: LibraryTests.scanner, toPath: folder.appendingPathComponent("scanner").path)
    let evidence = folder.appendingPathComponent("scanner").path
    let out = folder.appendingPathComponent("report").path
    _ = try StateProof.report(evidence: [evidence]).write(to: out)
    var verification = try StateProof.verify(report: out)
    #expect(!verification.differs)
    #expect(verification.currentVerdict == .notReady && verification.decisionMatches)
    try Data("changed".utf8).write(to: URL(fileURLWithPath: evidence + "/android/seed/seed-camera-blocked.log"))
    verification = try StateProof.verify(report: out, evidence: [evidence])
    #expect(verification.differs)
    #expect(
      verification.evidence.flatMap(\.files).filter { $0.state != .unchanged }.map(\.path)
        == ["android/seed/seed-camera-blocked.log"])
  }

  /// `StateProof.inspect` as a client uses it: entries stream in, typed by kind, each file
  /// first; an entry encodes as its `inspect --format json` line; returning false stops.
  @Test func inspectStreamsTypedEntries() throws {
    var kinds: [InspectEntry.Kind] = []
    var files: [FileRecord] = []
    var firstLine: [String: Any]?
    StateProof.inspect([PackageRoot.path("examples/scanner")]) { entry in
      kinds.append(entry.kind)
      if let file = entry.file { files.append(file) }
      if firstLine == nil, let data = try? JSONEncoder().encode(entry) {
        firstLine = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
      }
      return true
    }
    #expect(kinds.first == .file)
    #expect(Set(kinds).isSuperset(of: [.file, .seed, .image, .test]))
    #expect(files.count == kinds.count { $0 == .file })
    #expect(files.allSatisfy { $0.sha256 != nil })
    #expect(firstLine?["type"] as? String == "file")
    #expect(firstLine?["path"] as? String == files.first?.path)

    // Returning false stops before the next file: one file's entries, then nothing.
    var filesSeen = 0
    StateProof.inspect([PackageRoot.path("examples/scanner")], hashing: false) { entry in
      if let file = entry.file {
        filesSeen += 1
        #expect(entry.text?.hasPrefix(file.path + ": ") == true)
      }
      return false
    }
    #expect(files.count > 1)
    #expect(filesSeen == 1)
  }
}
