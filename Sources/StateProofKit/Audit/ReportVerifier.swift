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
    allowUnchecked: Bool = false
  ) throws(StateProofError) -> Verification {
    let reportPath = folder + "/report.json"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .reportFolder(path: folder, reason: .notAFolder)
    }
    guard FileManager.default.fileExists(atPath: reportPath) else {
      throw .reportFolder(path: folder, reason: .noReportJSON)
    }
    // The statement first: a file that is not one is a usage error before anything is hashed.
    let signed = try statement.map { path throws(StateProofError) in try SignedStatement(contentsOf: path) }
    // What is kept of the report: its text and the rest of its model go once the folder's files
    // are made again from it, so a report of 100,000 files is not held twice.
    let (recorded, baseline, reportFiles, present) = try recordedReport(reportPath, folder: folder, environment: environment)
    let pairs = try RootPairing.pair(given: paths, recorded: recorded.roots)

    // Decided again from the evidence where it is now, as the report was decided.
    var notDecided: String?
    var current: Report?
    if let provenance = recorded.provenance {
      var options = ReportOptions(
        configuration: try ReportConfiguration(
          recorded: provenance.configuration, in: reportPath,
          shadowing: baseline.findings.filter { $0.code == .configShadowed }),
        allowances: provenance.options.allow, generatedAt: recorded.generatedAt, formats: [])
      options.acceptanceDay = provenance.acceptanceDay.day
      do {
        options.builtAt = try provenance.options.builtAt.map { text throws(ZonedTime.Problem) in try ZonedTime(text).date }
      } catch {
        throw .reportJSON(file: reportPath, reason: .recordedBuiltAt(message: "\(ZonedTime.expected) is wanted (\(error))"))
      }
      options.window = provenance.options.window
      for (name, build) in provenance.options.builds {
        guard let platform = Platform(rawValue: name) else {
          throw .reportJSON(file: reportPath, reason: .unknownPlatform(name))
        }
        options.builds[platform] = build
      }
      let given = pairs.compactMap(\.given)
      current = try ReportPipeline.run(
        evidence: given, options: options, environment: environment, templatesFromPackage: true
      ).report
      if let missing = pairs.first(where: { $0.given == nil }) {
        notDecided = "the evidence path \(missing.recorded) was not given, so the evidence is not all there"
      }
    } else {
      notDecided = "the report does not record its configuration (an earlier StateProof made it), so it cannot be decided again"
    }

    // Each root's files by index: the lists are not copied per root.
    let currentEvidence = current?.evidence ?? []
    let currentFiles = Dictionary(grouping: currentEvidence.indices, by: { PathKey(currentEvidence[$0].root) })
    let recordedFiles = Dictionary(grouping: recorded.evidence.indices, by: { PathKey(recorded.evidence[$0].root) })
    let evidence = pairs.map { pair in
      VerifiedRoot(
        recorded: pair.recorded, checkedAt: pair.given,
        recordedFiles: (recordedFiles[PathKey(pair.recorded)] ?? []).lazy.map { recorded.evidence[$0] },
        currentFiles: (pair.given.flatMap { currentFiles[PathKey($0)] } ?? []).lazy.map { currentEvidence[$0] })
    }
    var verification = Verification(
      reportFolder: folder, reportVersion: recorded.provenance?.version, verifierVersion: StateProof.version,
      reportFiles: reportFiles, evidence: evidence, recordedVerdict: recorded.verdict,
      currentVerdict: notDecided == nil ? current?.verdict : nil, notDecidedBecause: notDecided,
      statement: statement, statementFiles: signed?.check(present: present) ?? [], uncheckedAllowed: allowUnchecked)
    if notDecided == nil, let current {
      let changes = BaselineComparison.changes(from: baseline, to: current, path: reportPath)
      verification.rowChanges = changes.rows
      verification.newFindings = changes.newFindings
      verification.resolvedFindings = changes.resolvedFindings
    }
    return verification
  }

  /// The report at `path`, without the parts verify does not use; its rows and findings as a
  /// baseline to compare the decision with; the folder's report files checked against what is
  /// made again from it (``ReportDerivation``); and their SHA-256s as they are now.
  private static func recordedReport(_ path: String, folder: String, environment: [String: String])
    throws(StateProofError) -> (Report, BaselineReport, [VerifiedFile], [PathKey: String])
  {
    // Hashed as it is, and read as it is parsed (its evidence list a record at a time), so its
    // text is never held.
    let reportSHA256: String
    switch SHA256.file(at: path) {
    case .success(let digest): reportSHA256 = digest.sha256
    case .failure(let error): throw .inputFile(path: path, name: path, reason: .unreadable(reason: "\(error)"))
    }
    var report = try Report(contentsOf: path)
    var present: [PathKey: String] = [:]
    for name in presentFiles(in: folder) {
      switch SHA256.file(at: folder + "/" + name) {
      case .success(let digest): present[PathKey(name)] = digest.sha256
      case .failure(let error): throw .reportFolder(path: folder, reason: .unreadableFile(name: name, reason: "\(error)"))
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
    let baseline = BaselineReport(report)
    report.platforms = []
    report.findings = []
    report.accepted = []
    report.sources = []
    report.devices = []
    return (report, baseline, files, present)
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
    let assets = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + ReportMarker.assetsFolder)) ?? [])
      .map { ReportMarker.assetsFolder + "/" + $0 }
    return (top + assets).filter { name in
      var status = stat()
      return (ReportDigests.isListable(name) || name == ReportDigests.fileName) && lstat(folder + "/" + name, &status) == 0
        && (status.st_mode & S_IFMT) == S_IFREG
    }
  }
}
