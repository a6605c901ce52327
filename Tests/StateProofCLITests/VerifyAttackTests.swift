import Foundation
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// The attacks issue 28 reported against `verify`, each reproduced and shown caught: a forged page
/// with the attestation and `SHA256SUMS` made to match, deleted attested files, normalisation-twin
/// evidence names, a `config-shadowed` report verified elsewhere, and a `--bundle` folder that is
/// not there.
@Suite(.temporaryFolders) struct VerifyAttackTests {
  /// A copy of the example and its report (with an attestation) in a fresh folder, removed when
  /// the test is done.
  private final class Setup {
    let folder: URL
    var evidence: String { folder.appendingPathComponent("scanner").path }
    var report: String { folder.appendingPathComponent("report").path }

    init(extra: [String] = [], prepare: (String) throws -> Void = { _ in }) throws {
      folder = try TestSupport.temporaryFolder()
      try FileManager.default.copyItem(atPath: TestSupport.scannerExample, toPath: evidence)
      try prepare(evidence)
      let run = TestSupport.run(
        ["report", "--attestation", "--generated-at", "2025-11-24T16:00:00Z", "--out", report] + extra + [evidence])
      #expect(run.status == 1, "\(run.errors)")
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func verify(_ extra: [String] = [], at report: String? = nil) -> (status: Int32, output: String, errors: String) {
      TestSupport.run(["verify"] + extra + [report ?? self.report])
    }

    /// The line `verify` printed for `path` in the section that starts with `section`.
    func line(_ output: String, _ path: String, in section: String = "Report folder") -> String {
      let lines = output.split(separator: "\n").map(String.init)
      guard let start = lines.firstIndex(where: { $0.hasPrefix(section) }) else { return "" }
      return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }
        .first { $0.hasSuffix(" " + path) || $0.contains(" \(path) (") || $0.contains(" \(path):") } ?? ""
    }

    /// The forged-page attack: `index.html` says Ready, the attestation's subject and
    /// `SHA256SUMS` are made to match it, `report.json` is left as it was signed.
    func forgePage() throws {
      let index = URL(fileURLWithPath: report + "/index.html")
      let page = try String(contentsOf: index, encoding: .utf8).replacingOccurrences(of: "Not ready", with: "Ready")
      try Data(page.utf8).write(to: index)
      let pageDigest = try #require(SHA256.hex(of: Data(page.utf8)))
      let attestationURL = URL(fileURLWithPath: report + "/attestation.intoto.json")
      var statement = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: attestationURL)) as? [String: Any])
      statement["subject"] = try #require(statement["subject"] as? [[String: Any]]).map { subject in
        subject["name"] as? String == "index.html" ? ["name": "index.html", "digest": ["sha256": pageDigest]] : subject
      }
      try JSONSerialization.data(withJSONObject: statement, options: [.sortedKeys]).write(to: attestationURL)
      try rewriteSums()
    }

    /// `SHA256SUMS` made again from the files in the folder now, as `sha256sum` would.
    func rewriteSums() throws {
      let names = try FileManager.default.subpathsOfDirectory(atPath: report).filter {
        ReportDigests.isListable($0) && !$0.hasSuffix("/")
          && (try? FileManager.default.attributesOfItem(atPath: report + "/" + $0)[.type] as? FileAttributeType)
            == .typeRegular
      }
      var sums = ReportDigests([:])
      for name in names {
        sums.digests[name] = try #require(SHA256.hex(of: Data(contentsOf: URL(fileURLWithPath: report + "/" + name))))
      }
      try sums.text.write(to: URL(fileURLWithPath: report + "/SHA256SUMS"))
    }
  }

  @Test func aForgedPageWithItsAttestationAndSumsMadeToMatchFailsFromTheFolderAlone() throws {
    let setup = try Setup()
    #expect(setup.verify().status == 0)
    try setup.forgePage()
    let sums = try TestSupport.runProgram(
      "/usr/bin/env", ["sh", "-c", "cd '\(setup.report)' && sha256sum -c --quiet SHA256SUMS"])
    #expect(sums.status == 0, "the forgery passes sha256sum -c, as the issue says")
    let result = setup.verify()
    #expect(result.status == 1)
    #expect(setup.line(result.output, "index.html").hasPrefix("  changed"), "\(result.output)")
    #expect(setup.line(result.output, "attestation.intoto.json").hasPrefix("  changed"), "\(result.output)")
    #expect(setup.line(result.output, "SHA256SUMS").hasPrefix("  changed"), "\(result.output)")
  }

  @Test func theSignedStatementChecksEverySubjectInEveryWrapping() throws {
    let setup = try Setup()
    let signed = try Data(contentsOf: URL(fileURLWithPath: setup.report + "/attestation.intoto.json"))
    let dsse = try JSONSerialization.data(withJSONObject: [
      "payloadType": "application/vnd.in-toto+json", "payload": signed.base64EncodedString(),
      "signatures": [["keyid": "k", "sig": "c2ln"]],
    ])
    let sigstore = try JSONSerialization.data(withJSONObject: [
      "mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json", "verificationMaterial": [String: String](),
      "dsseEnvelope": [
        "payloadType": "application/vnd.in-toto+json", "payload": signed.base64EncodedString(),
        "signatures": [["sig": "c2ln"]],
      ],
    ])
    let forms = ["statement.json": signed, "envelope.dsse.json": dsse, "bundle.sigstore.json": sigstore]
    for (name, data) in forms {
      try data.write(to: setup.folder.appendingPathComponent(name))
    }
    // The subjects are what is checked here: the wrappings' made-up signatures are left unchecked
    // (--no-signature-check), which without it fails verify (SignedStatementTests).
    for name in forms.keys {
      let result = setup.verify([
        "--unsigned", "--no-signature-check", "--statement", setup.folder.appendingPathComponent(name).path,
      ])
      #expect(result.status == 0, "\(name): \(result.output)\(result.errors)")
      #expect(setup.line(result.output, "report.json", in: "Statement").hasPrefix("  unchanged"), "\(result.output)")
    }
    // The forgery, and report.json edited too with everything made to match: the signed
    // statement names report.json's and index.html's bytes as they were.
    try setup.forgePage()
    let reportURL = URL(fileURLWithPath: setup.report + "/report.json")
    let json = try String(contentsOf: reportURL, encoding: .utf8)
      .replacingOccurrences(of: "\"verdict\" : \"not-ready\"", with: "\"verdict\" : \"ready\"")
    try Data(json.utf8).write(to: reportURL)
    try setup.rewriteSums()
    for name in forms.keys {
      let result = setup.verify(["--unsigned", "--statement", setup.folder.appendingPathComponent(name).path])
      #expect(result.status == 1, "\(name)")
      #expect(setup.line(result.output, "index.html", in: "Statement").hasPrefix("  changed"), "\(result.output)")
      #expect(setup.line(result.output, "report.json", in: "Statement").hasPrefix("  changed"), "\(result.output)")
    }
    // A subject gone from the folder is missing; a statement of something else is refused.
    try FileManager.default.removeItem(atPath: setup.report + "/junit.xml")
    let result = setup.verify(["--unsigned", "--statement", setup.folder.appendingPathComponent("statement.json").path])
    #expect(setup.line(result.output, "junit.xml", in: "Statement").hasPrefix("  missing"), "\(result.output)")
    try Data(#"{"payloadType":"text/plain","payload":"eA=="}"#.utf8).write(
      to: setup.folder.appendingPathComponent("x.json"))
    let refused = setup.verify(["--statement", setup.folder.appendingPathComponent("x.json").path])
    #expect(refused.status == 2)
    #expect(refused.errors.contains("x.json"), "\(refused.errors)")
  }

  @Test func aStatementThatDoesNotNameReportJSONCoversNothing() throws {
    let setup = try Setup()
    let attestation = try Data(contentsOf: URL(fileURLWithPath: setup.report + "/attestation.intoto.json"))
    var statement = try #require(try JSONSerialization.jsonObject(with: attestation) as? [String: Any])
    statement["subject"] = try #require(statement["subject"] as? [[String: Any]]).filter {
      $0["name"] as? String != "report.json"
    }
    let file = setup.folder.appendingPathComponent("partial.json")
    try JSONSerialization.data(withJSONObject: statement).write(to: file)
    let result = setup.verify(["--unsigned", "--statement", file.path])
    #expect(result.status == 1)
    #expect(setup.line(result.output, "report.json", in: "Statement").hasPrefix("  new"), "\(result.output)")
  }

  @Test func deletedAttestedFilesWithTheirSumsLinesAreMissing() throws {
    let setup = try Setup()
    let asset = try #require(
      try FileManager.default.contentsOfDirectory(atPath: setup.report + "/assets").sorted().first)
    for name in ["index.html", "junit.xml", "assets/" + asset] {
      try FileManager.default.removeItem(atPath: setup.report + "/" + name)
    }
    try setup.rewriteSums()
    let result = setup.verify()
    #expect(result.status == 1)
    for name in ["index.html", "junit.xml", "assets/" + asset] {
      #expect(setup.line(result.output, name).hasPrefix("  missing"), "\(name): \(result.output)")
    }
  }

  @Test func aTemplateOverrideThatIsGoneIsNotCheckedUnlessAllowed() throws {
    let templates = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: templates) }
    let layout = try String(contentsOfFile: TestSupport.templates + "/layout.html.mustache", encoding: .utf8)
    try Data((layout + "\n<!-- ours -->\n").utf8).write(to: templates.appendingPathComponent("layout.html.mustache"))
    let setup = try Setup(extra: ["--templates", templates.path])
    // Still there: the page is made again with it.
    var result = setup.verify()
    #expect(result.status == 0, "\(result.output)")
    try FileManager.default.removeItem(at: templates)
    result = setup.verify()
    #expect(result.status == 1)
    #expect(setup.line(result.output, "index.html").hasPrefix("  not-checked"), "\(result.output)")
    #expect(setup.line(result.output, "index.html").contains("layout.html.mustache"), "\(result.output)")
    #expect(setup.line(result.output, "junit.xml").hasPrefix("  unchanged"), "\(result.output)")
    #expect(setup.verify(["--allow-unchecked"]).status == 0)
  }

  @Test func anUntouchedReportVerifiesFromAnotherFolder() throws {
    let setup = try Setup()
    let elsewhere = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let report = elsewhere.appendingPathComponent("moved-report").path
    let evidence = elsewhere.appendingPathComponent("moved-evidence").path
    try FileManager.default.copyItem(atPath: setup.report, toPath: report)
    try FileManager.default.copyItem(atPath: setup.evidence, toPath: evidence)
    let result = TestSupport.run(["verify", report, evidence])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
  }

  @Test func aConfigShadowedReportVerifiesFromAnotherFolderAndFromItsBundle() throws {
    // Run where another stateproof.json than the evidence's lies: config-shadowed.
    let setup = try Setup()
    let workdir = setup.folder.appendingPathComponent("workdir")
    try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
    let config = try String(contentsOfFile: setup.evidence + "/stateproof.json", encoding: .utf8)
      .replacingOccurrences(of: "4.2.0 (RC 1)", with: "4.2.0 (RC 2)")
    try Data(config.utf8).write(to: workdir.appendingPathComponent("stateproof.json"))
    let report = setup.folder.appendingPathComponent("shadowed").path
    let bundle = setup.folder.appendingPathComponent("shadowed.tar.gz").path
    let ran = try TestSupport.spawn(
      ["report", "--generated-at", "2025-11-24T16:00:00Z", "--out", report, "--bundle", bundle, setup.evidence],
      in: workdir)
    #expect(ran.status == 1, "\(ran.errors)")
    #expect(try String(contentsOfFile: report + "/report.json", encoding: .utf8).contains("config-shadowed"))
    // Verified here, where neither configuration applies the same way.
    let result = TestSupport.run(["verify", report, setup.evidence])
    #expect(result.status == 0, "\(result.output)\(result.errors)")
    let unpacked = setup.folder.appendingPathComponent("unpacked")
    try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
    #expect(try TestSupport.runProgram("/usr/bin/env", ["tar", "-xzf", bundle, "-C", unpacked.path]).status == 0)
    let fromBundle = TestSupport.run(
      [
        "verify", unpacked.appendingPathComponent("report").path,
        unpacked.appendingPathComponent("evidence").path + setup.evidence,
      ])
    #expect(fromBundle.status == 0, "\(fromBundle.output)\(fromBundle.errors)")
  }

  @Test func normalisationTwinsAreTwoFilesInVerifyAndTheBundle() throws {
    let composed = "ios/screenshots/extra-\u{00C5}.png"
    let angstrom = "ios/screenshots/extra-\u{212B}.png"
    #expect(composed == angstrom, "Swift sees one name")
    let shots = TestSupport.scannerExample + "/ios/screenshots/"
    let setup = try Setup { evidence in
      try FileManager.default.copyItem(atPath: shots + "ios-camera-denied.png", toPath: evidence + "/" + composed)
      try FileManager.default.copyItem(atPath: shots + "ios-camera-authorized.png", toPath: evidence + "/" + angstrom)
    }
    let listing = try FileManager.default.contentsOfDirectory(atPath: setup.evidence + "/ios/screenshots")
    #expect(listing.filter { $0.hasPrefix("extra-") }.count == 2, "the file system holds two")
    // The report cites both, each by its own bytes.
    let cited = try Data(contentsOf: URL(fileURLWithPath: setup.report + "/report.json"))
    #expect(cited.range(of: Data(composed.utf8)) != nil)
    #expect(cited.range(of: Data(angstrom.utf8)) != nil)
    // Bundled as two entries.
    let bundle = setup.folder.appendingPathComponent("twins.tar.gz").path
    let again = TestSupport.run(
      [
        "report", "--attestation", "--generated-at", "2025-11-24T16:00:00Z", "--out", setup.report, "--bundle", bundle,
        setup.evidence,
      ])
    #expect(again.status == 1, "\(again.errors)")
    let tar = try TestSupport.runProgram("/usr/bin/env", ["tar", "-tzf", bundle])
    let entries = tar.output.split(separator: "\n").filter { $0.contains("extra-") }
    #expect(entries.count == 2, "\(tar.output)")
    #expect(setup.verify().status == 0)
    // One twin replaced by the other's bytes: caught, and named by its own bytes.
    try FileManager.default.removeItem(atPath: setup.evidence + "/" + angstrom)
    try FileManager.default.copyItem(atPath: shots + "ios-camera-denied.png", toPath: setup.evidence + "/" + angstrom)
    let result = setup.verify(["--format", "json"])
    #expect(result.status == 1)
    let verification = try JSONDecoder().decode(Verification.self, from: Data(result.output.utf8))
    let changed = verification.evidence.flatMap(\.files).filter { $0.state == .changed }
    #expect(changed.count == 1)
    #expect(changed.first.map { Array($0.path.utf8) } == Array(angstrom.utf8), "\(changed)")
  }

  /// Two evidence paths whose folders in the bundle sort otherwise than the paths (`ev` before
  /// `ev-2`, but `ev-2/` before `ev/`): every entry once, in the order of its name's bytes, each
  /// folder before what it holds, and the report verifies from the unpacked bundle.
  @Test func bundleEntriesAreInTheOrderOfTheirNamesBytes() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (first, second) = (folder.appendingPathComponent("ev").path, folder.appendingPathComponent("ev-2").path)
    try FileManager.default.copyItem(atPath: TestSupport.scannerExample, toPath: first)
    try FileManager.default.copyItem(atPath: TestSupport.scannerExample + "/ios", toPath: second)
    let report = folder.appendingPathComponent("report").path
    let bundle = folder.appendingPathComponent("ev.tar.gz").path
    let run = TestSupport.run(
      ["report", "--generated-at", "2025-11-24T16:00:00Z", "--out", report, "--bundle", bundle, first, second])
    #expect(run.status == 1, "\(run.errors)")
    let names = try TestSupport.runProgram("/usr/bin/env", ["tar", "-tzf", bundle]).output
      .split(separator: "\n").map { Array($0.utf8.reversed().drop { $0 == UInt8(ascii: "/") }.reversed()) }
    #expect(names.count == Set(names).count, "every entry once")
    #expect(zip(names, names.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
    for (index, name) in names.enumerated() {
      guard let slash = name.lastIndex(of: UInt8(ascii: "/")) else { continue }
      #expect(names[..<index].contains(Array(name[..<slash])), "\(String(decoding: name, as: UTF8.self))")
    }
    let starts = { (root: String) in
      Array((BundleLayout.evidenceFolder + "/" + BundleLayout.folder(forRoot: root) + "/").utf8)
    }
    let firstOfSecond = try #require(names.firstIndex { $0.starts(with: starts(second)) })
    let firstOfFirst = try #require(names.firstIndex { $0.starts(with: starts(first)) })
    #expect(firstOfSecond < firstOfFirst, "ev-2/ sorts before ev/")
    let unpacked = folder.appendingPathComponent("unpacked")
    try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
    #expect(try TestSupport.runProgram("/usr/bin/env", ["tar", "-xzf", bundle, "-C", unpacked.path]).status == 0)
    let evidence = unpacked.appendingPathComponent("evidence").path + "/"
    let verified = TestSupport.run(
      [
        "verify", unpacked.appendingPathComponent("report").path, evidence + BundleLayout.folder(forRoot: first),
        evidence + BundleLayout.folder(forRoot: second),
      ])
    #expect(verified.status == 0, "\(verified.output)\(verified.errors)")
  }

  /// `verify` reads `report.json` twice (whole, then its evidence and findings as a stream):
  /// the stream hands what the whole read holds, and bytes that changed between the two reads
  /// are an error, also when the change left them unreadable.
  @Test func reportJSONReadAgainMustBeTheBytesReadFirst() throws {
    let setup = try Setup()
    let path = setup.report + "/report.json"
    let (report, sha256) = try Report.hashed(contentsOf: path)
    #expect(sha256 == SHA256.hex(of: try Data(contentsOf: URL(fileURLWithPath: path))))
    var evidence: [FileRecord] = []
    var findings: [Finding] = []
    try Report.stream(
      contentsOf: path, sha256: sha256, evidence: { evidence.append($0) }, findings: { findings.append($0) })
    #expect(!evidence.isEmpty && !findings.isEmpty)
    #expect(evidence == report.evidence)
    #expect(findings == report.findings)

    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    for changed in [original + Data("\n".utf8), original.prefix(original.count / 2)] {
      try changed.write(to: URL(fileURLWithPath: path))
      #expect {
        try Report.stream(contentsOf: path, sha256: sha256, evidence: { _ in }, findings: { _ in })
      } throws: { error in
        guard case .reportJSON(path, .changedSinceRead) = error as? StateProofError else { return false }
        return "\(error)".contains("changed while verify read it")
      }
    }
  }

  /// The streamed comparison needs the evidence in the order StateProof writes it: a
  /// `report.json` edited to list it otherwise is refused, naming the file and why, never
  /// compared wrongly.
  @Test func anEvidenceListOutOfOrderIsRefused() throws {
    let setup = try Setup()
    let url = URL(fileURLWithPath: setup.report + "/report.json")
    var report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    var evidence = try #require(report["evidence"] as? [[String: Any]])
    #expect(evidence.count > 2)
    evidence.swapAt(0, evidence.count - 1)
    report["evidence"] = evidence
    try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys, .withoutEscapingSlashes]).write(to: url)
    let result = setup.verify()
    #expect(result.status == 2, "\(result.output)")
    #expect(
      result.errors.contains(url.path + ": its evidence list is not in the order StateProof writes it"),
      "\(result.errors)")
    #expect(!result.output.contains("matches its evidence"))
  }

  /// The recorded findings, compared a key at a time with the decision made again: one the
  /// evidence no longer gives is resolved, one it gives now is new, each shown whole.
  @Test func findingsDecidedAgainAreNewOrResolvedByTheirKeys() throws {
    let broken = "ios/junit/TEST-broken.xml"
    let resolved = try Setup { evidence in
      try Data("<testsuite name=\"Broken\"".utf8).write(to: URL(fileURLWithPath: evidence + "/" + broken))
    }
    #expect(resolved.verify().status == 0)
    try FileManager.default.removeItem(atPath: resolved.evidence + "/" + broken)
    let gone = try JSONDecoder().decode(
      Verification.self, from: Data(resolved.verify(["--format", "json"]).output.utf8))
    #expect(gone.resolvedFindings.map(\.code) == [.unreadableEvidence], "\(gone.resolvedFindings)")
    #expect(gone.resolvedFindings.first?.files == [broken])
    #expect(gone.newFindings.isEmpty)

    let new = try Setup()
    try Data("<testsuite name=\"Broken\"".utf8).write(to: URL(fileURLWithPath: new.evidence + "/" + broken))
    let added = try JSONDecoder().decode(Verification.self, from: Data(new.verify(["--format", "json"]).output.utf8))
    #expect(added.newFindings.map(\.code) == [.unreadableEvidence], "\(added.newFindings)")
    #expect(added.resolvedFindings.isEmpty)
    #expect(added.evidence.flatMap(\.files).filter { $0.state == .new }.map(\.path) == [broken])
  }

  @Test func aBundleFolderThatIsNotThereStopsTheRunBeforeAnythingIsWritten() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appendingPathComponent("report").path
    let result = TestSupport.run(
      [
        "report", "--out", report, "--bundle", folder.appendingPathComponent("nowhere/release.tar.gz").path,
        TestSupport.scannerExample,
      ])
    #expect(result.status == 2)
    #expect(result.errors.contains("does not exist"), "\(result.errors)")
    #expect(!FileManager.default.fileExists(atPath: report))
  }
}
