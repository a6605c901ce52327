import Foundation
import StateProofMatch
import StateProofModel
import StateProofSystem
import StateProofDiscover

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `stateproof verify`: checks a report folder against itself and its evidence, and decides the
/// report again (see ``Verification``).
package enum ReportVerifier {
  /// The largest `SHA256SUMS` read for the names it lists; a report of 1,000,000 files is under it.
  private static let maximumListBytes = 256 << 20

  package static func verify(
    report folder: String, evidence paths: [String], environment: [String: String], statement: String? = nil,
    key: String? = nil, allowUnsigned: Bool = false, allowUnchecked: Bool = false, signatureCheckNotWanted: Bool = false
  ) throws(StateProofError) -> Verification {
    let reportPath = folder + "/report.json"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .reportFolder(path: folder, reason: isBundleArchive(folder) ? .bundleArchive : .notAFolder)
    }
    guard FileManager.default.fileExists(atPath: reportPath) else {
      throw .reportFolder(path: folder, reason: .noReportJSON)
    }
    if let absent = paths.first(where: { !RootPairing.exists($0) }) {
      throw .evidencePath(path: absent, reason: .notFound)
    }
    // The statement and its signature first: a file that is not one, a key that is not one, or
    // an unsigned statement without --unsigned is a usage error before anything is hashed.
    let publicKey = try key.map { path throws(StateProofError) in (path, try PublicKeyFile.read(path)) }
    if publicKey != nil, statement == nil { throw .option(.keyWithoutStatement) }
    if signatureCheckNotWanted, publicKey != nil || statement == nil {
      throw .option(.noSignatureCheck(withKey: publicKey != nil))
    }
    var signed: (statement: SignedStatement, signature: SignatureCheck)?
    if let statement {
      let read = try SignedStatement(contentsOf: statement)
      signed = (read, try read.signature(key: publicKey, allowUnsigned: allowUnsigned, file: statement))
    }
    // Held one at a time: the recorded report whole, to make the folder's files again from it;
    // then the report decided again, with what is kept of the recorded one (``RecordedReport``);
    // then the recorded evidence and findings read again a value at a time, to compare with it.
    let recorded = try recordedReport(reportPath, folder: folder, environment: environment)
    FreedMemory.release()
    // A path given that holds none of the files the report cites there is looked for nearby
    // (the folder above an archive's evidence, one level too deep), not compared file by file.
    let (pairs, found) =
      paths.isEmpty
      ? RootPairing.unnamed(recorded: recorded.roots, reportFolder: folder)
      : (
        RootPairing.relocate(try RootPairing.pair(given: paths, recorded: recorded.roots), samples: recorded.samples),
        .whereRecorded
      )
    var (current, notDecided) = try decideAgain(
      recorded, pairs: pairs, pathsGiven: !paths.isEmpty, reportPath: reportPath, environment: environment)

    // Of the decision made again, only its verdict, what differs in its rows and findings, and
    // its files are kept.
    var (currentVerdict, rowChanges, findings): (Verdict?, [RowChange], FindingComparison?) = (nil, [], nil)
    if notDecided == nil, let current {
      currentVerdict = current.verdict
      rowChanges = BaselineComparison.rows(from: recorded.platforms, to: current.platforms)
      findings = FindingComparison(earlier: recorded.findingKeys, current: current.findings)
    }
    let currentEvidence = current?.evidence ?? []
    current = nil
    FreedMemory.release()
    let evidence = try compareEvidence(
      reportPath, sha256: recorded.sha256, pairs: pairs, current: currentEvidence,
      findings: { finding in findings?.add(finding) })

    var verification = Verification(
      reportFolder: folder, reportVersion: recorded.provenance?.version, verifierVersion: StateProof.version,
      reportFiles: recorded.files, evidence: evidence, recordedVerdict: recorded.verdict,
      currentVerdict: currentVerdict, notDecidedBecause: notDecided,
      statement: statement,
      statementFiles: signed?.statement.check(present: recorded.present) { name in
        try? MessageDigest.file(at: folder + "/" + name.text, .sha512).get().digest
      } ?? [],
      uncheckedAllowed: allowUnchecked)
    verification.signature = signed?.signature
    verification.signatureCheckNotWanted = signatureCheckNotWanted
    if signatureCheckNotWanted, verification.signature?.state == .notChecked {
      verification.signature?.note =
        "the caller checks it with the signer's tool (--no-signature-check; cosign verify-blob-attestation or scripts/dsse verify)"
    }
    verification.reportBuild = recorded.provenance?.build
    if case .unpackedBundle(let evidence) = found { verification.evidenceFoundIn = evidence }
    if let findings {
      verification.rowChanges = rowChanges
      verification.newFindings = findings.new
      verification.resolvedFindings = findings.resolved
    }
    return verification
  }

  /// Whether the file at `path` is gzip-compressed (its first two bytes `1f 8b`), as an evidence
  /// bundle is (`report --bundle`), or named like one (`.tar.gz`, `.tgz`).
  static func isBundleArchive(_ path: String) -> Bool {
    let name = PathBytes.lastComponent(of: path).lowercased()
    if name.hasSuffix(".tar.gz") || name.hasSuffix(".tgz") { return true }
    guard case .success(let file) = RegularFile.open(path), case .success(let head) = file.read(upTo: 2) else {
      return false
    }
    return head.elementsEqual([0x1F, 0x8B])
  }

  /// The report decided again from the evidence where it is now, with the configuration and
  /// options it records; or why it is not (decided, but not comparable, when an evidence path
  /// was not given).
  private static func decideAgain(
    _ recorded: RecordedReport, pairs: [RootPairing.Pair], pathsGiven: Bool, reportPath: String,
    environment: [String: String]
  ) throws(StateProofError) -> (Report?, notDecidedBecause: String?) {
    guard let provenance = recorded.provenance else {
      return (
        nil,
        "the report does not record its configuration (an earlier StateProof made it), so it cannot be decided again"
      )
    }
    var options = ReportOptions(
      configuration: try ReportConfiguration(
        recorded: provenance.configuration, in: reportPath, shadowing: recorded.shadowing),
      allowances: provenance.options.allow, formats: [])
    options.generatedAt = try recorded.generatedAt.map { text throws(StateProofError) in
      do throws(ZonedTime.Problem) { return try ZonedTime(text) } catch { throw .option(.reportTime(text)) }
    }
    options.acceptanceDay = provenance.acceptanceDay.day
    do {
      options.builtAt = try provenance.options.builtAt.map { text throws(ZonedTime.Problem) in try ZonedTime(text) }
    } catch {
      throw .reportJSON(
        file: reportPath, reason: .recordedBuiltAt(message: "\(ZonedTime.expected) is wanted (\(error))"))
    }
    options.window = provenance.options.window
    options.maxAttachmentBytes = provenance.options.maxAttachmentBytes ?? ReportOptions.defaultMaxAttachmentBytes
    for (name, build) in provenance.options.builds {
      guard let platform = Platform(rawValue: name) else {
        throw .reportJSON(file: reportPath, reason: .unknownPlatform(name))
      }
      options.builds[platform] = build
    }
    let current = try ReportPipeline.run(
      evidence: pairs.compactMap(\.given), options: options, environment: environment
    ).report
    let missing = pairs.first(where: { $0.given == nil })
    return (
      current,
      missing.map {
        pathsGiven
          ? "the evidence path \($0.recorded) was not given, so the evidence is not all there"
          : "the evidence path \($0.recorded) is neither where the report found it nor in an unpacked bundle's "
            + "evidence/ beside the report folder, so the evidence is not all there: give where it is now"
      }
    )
  }

  /// Each recorded evidence path's files against `current`, the files found now: `report.json`
  /// read again as a stream (it must be the bytes whose SHA-256 is `sha256`), each recorded file
  /// merged with those found under the path it is checked at, as the file lists them; its
  /// findings are handed to `findings`.
  ///
  /// - Throws: ``ReportJSONProblem/evidenceOutOfOrder(root:path:)`` when its evidence list is
  ///   not in the order StateProof writes it: an edited list is refused, not compared wrongly.
  private static func compareEvidence(
    _ reportPath: String, sha256: String, pairs: [RootPairing.Pair], current: [FileRecord],
    findings: (Finding) -> Void
  ) throws(StateProofError) -> [VerifiedRoot] {
    let currentFiles = Dictionary(grouping: current.indices, by: { PathKey(current[$0].root) })
    var merges = pairs.map { pair in
      VerifiedRoot.Merge(
        recorded: pair.recorded, checkedAt: pair.given, current: current,
        indices: pair.given.flatMap { currentFiles[PathKey($0)] } ?? [])
    }
    let mergesByRoot = Dictionary(grouping: merges.indices, by: { PathKey(pairs[$0].recorded) })
    var previous: FileRecord?
    var outOfOrder: FileRecord?
    try Report.stream(
      contentsOf: reportPath, sha256: sha256,
      evidence: { file in
        guard outOfOrder == nil else { return }
        if let previous, file < previous {
          outOfOrder = file
          return
        }
        previous = file
        for index in mergesByRoot[PathKey(file.root)] ?? [] { merges[index].add(file) }
      },
      findings: findings)
    if let outOfOrder {
      throw .reportJSON(file: reportPath, reason: .evidenceOutOfOrder(root: outOfOrder.root, path: outOfOrder.path))
    }
    return merges.indices.map { index in
      var root = merges[index].finish()
      root.note = pairs[index].note
      root.didYouMean = pairs[index].didYouMean.isEmpty ? nil : pairs[index].didYouMean
      return root
    }
  }

  /// The report at `path` read whole, the folder's report files checked against what is made
  /// again from it (``ReportDerivation``), and what `verify` keeps of it: its evidence and
  /// findings are let go.
  private static func recordedReport(_ path: String, folder: String, environment: [String: String])
    throws(StateProofError) -> RecordedReport
  {
    // Hashed as it is read and parsed (its evidence list a record at a time), so its text is
    // never held and the digest is of the bytes the report came from.
    let (report, reportSHA256) = try Report.hashed(contentsOf: path)
    var present: [PathKey: String] = [:]
    for name in presentFiles(in: folder) {
      switch SHA256.file(at: folder + "/" + name) {
      case .success(let digest): present[PathKey(name)] = digest.sha256
      case .failure(let error):
        throw .reportFolder(path: folder, reason: .unreadableFile(name: name, reason: "\(error)"))
      }
    }
    let expected = try ReportDerivation.expected(
      report: report, folder: folder, reportSHA256: reportSHA256, present: present, environment: environment)
    let listed = listedFiles(in: folder)
    var files: [VerifiedFile] = []
    for name in Set(expected.keys).union(present.keys).union(listed.keys) {
      let now = present[name]
      switch expected[name] {
      case .sha256(let sha)?:
        let state: FileState = now == nil ? .missing : now == sha ? .unchanged : .changed
        files.append(VerifiedFile(path: name.text, state: state, recordedSHA256: sha, currentSHA256: now))
      case .notRemade(let why)?:
        files.append(
          VerifiedFile(path: name.text, state: now == nil ? .missing : .notChecked, currentSHA256: now, note: why))
      case nil where now != nil:
        files.append(
          VerifiedFile(path: name.text, state: .new, currentSHA256: now, note: "the report does not make this file"))
      case nil:
        files.append(
          VerifiedFile(
            path: name.text, state: .missing, recordedSHA256: listed[name],
            note: "listed in \(ReportDigests.fileName), which the report does not make so"))
      }
    }
    return RecordedReport(
      sha256: reportSHA256, roots: report.roots, provenance: report.provenance, generatedAt: report.generatedAt,
      verdict: report.verdict, platforms: report.platforms.map(BaselineReport.Platform.init),
      shadowing: report.findings.filter { $0.code == .configShadowed }, findingKeys: .init(report.findings),
      files: files, present: present, samples: RecordedReport.samples(report.evidence))
  }

  /// The names `SHA256SUMS` lists now, with their SHA-256; none when it is gone or unreadable
  /// (it is then `missing` or `changed` against the one made again).
  private static func listedFiles(in folder: String) -> [PathKey: String] {
    let path = folder + "/" + ReportDigests.fileName
    guard let data = try? InputFile.read(path, limit: maximumListBytes, what: path),
      let sums = try? ReportDigests(parsing: data, file: path)
    else { return [:] }
    return Dictionary(sums.digests.map { (PathKey($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// The report files in `folder`: regular files at its top and in `assets/` that StateProof
  /// could have written, but the marker.
  private static func presentFiles(in folder: String) -> [String] {
    let top = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let assets =
      ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + ReportMarker.assetsFolder)) ?? [])
      .map { ReportMarker.assetsFolder + "/" + $0 }
    return (top + assets).filter { name in
      var status = stat()
      return (ReportDigests.isListable(name) || name == ReportDigests.fileName)
        && lstat(folder + "/" + name, &status) == 0
        && (status.st_mode & S_IFMT) == S_IFREG
    }
  }
}
