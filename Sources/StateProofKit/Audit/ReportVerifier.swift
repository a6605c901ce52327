import Foundation
import StateProofDiscover
import StateProofMatch
import StateProofModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `stateproof verify`: checks a report folder against itself and its evidence, and decides the
/// report again (see ``Verification``).
package enum ReportVerifier {
  /// The largest `SHA256SUMS` or attestation read; a report of 100,000 files is well under it.
  private static let maximumListBytes = 256 << 20

  package static func verify(report folder: String, evidence paths: [String], environment: [String: String])
    throws(StateProofError) -> Verification
  {
    let reportPath = folder + "/report.json"
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .input("\(folder) is not a folder; verify checks a report folder (the one report --out wrote)")
    }
    guard FileManager.default.fileExists(atPath: reportPath) else {
      throw .input("\(folder) has no report.json; verify needs it (report writes it unless --format leaves json out)")
    }
    // What is kept of the report: its text and the rest of its model go before the evidence is
    // read again, so a report of 100,000 files is not held twice.
    let (recorded, baseline) = try recordedReport(reportPath)
    let reportFiles = try reportFiles(in: folder)
    let pairs = try RootPairing.pair(given: paths, recorded: recorded.roots)

    // Decided again from the evidence where it is now, as the report was decided.
    var notDecided: String?
    var current: Report?
    if let provenance = recorded.provenance {
      var options = ReportOptions(
        configuration: try ReportConfiguration(recorded: provenance.configuration, in: reportPath),
        allowances: provenance.options.allow, generatedAt: recorded.generatedAt, formats: [])
      options.acceptanceDay = provenance.acceptanceDay.day
      do {
        options.builtAt = try provenance.options.builtAt.map(BuiltAt.parse)
      } catch {
        throw .input("\(reportPath): provenance.options.builtAt: \(error.message)")
      }
      options.window = provenance.options.window
      for (name, build) in provenance.options.builds {
        guard let platform = Platform(rawValue: name) else {
          throw .input("\(reportPath): provenance.options.builds names no platform StateProof knows: \(name)")
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

    let currentFiles = Dictionary(grouping: current?.evidence ?? [], by: \.root)
    let recordedFiles = Dictionary(grouping: recorded.evidence, by: \.root)
    let evidence = pairs.map { pair in
      VerifiedRoot(
        recorded: pair.recorded, checkedAt: pair.given, recordedFiles: recordedFiles[pair.recorded] ?? [],
        currentFiles: pair.given.flatMap { currentFiles[$0] } ?? [])
    }
    var verification = Verification(
      reportFolder: folder, reportVersion: recorded.provenance?.version, verifierVersion: StateProof.version,
      reportFiles: reportFiles, evidence: evidence, recordedVerdict: recorded.verdict,
      currentVerdict: notDecided == nil ? current?.verdict : nil, notDecidedBecause: notDecided)
    if notDecided == nil, let current {
      let changes = BaselineComparison.changes(from: baseline, to: current, path: reportPath)
      verification.rowChanges = changes.rows
      verification.newFindings = changes.newFindings
      verification.resolvedFindings = changes.resolvedFindings
    }
    return verification
  }

  /// The report at `path`, without the parts verify does not use, and its rows and findings as a
  /// baseline to compare the decision with.
  private static func recordedReport(_ path: String) throws(StateProofError) -> (Report, BaselineReport) {
    let data = try InputFile.read(path, limit: Report.maximumJSONBytes, what: path)
    var report = try Report(json: data, name: path)
    let baseline = BaselineReport(report)
    report.platforms = []
    report.findings = []
    report.accepted = []
    report.sources = []
    report.devices = []
    return (report, baseline)
  }

  /// The folder's files StateProof writes, each against `SHA256SUMS`, and against the
  /// attestation's subjects when there is one: a file whose bytes differ from either is changed.
  private static func reportFiles(in folder: String) throws(StateProofError) -> [VerifiedFile] {
    let sumsPath = folder + "/" + ReportDigests.fileName
    var files: [VerifiedFile] = []
    var listed: [String: String] = [:]
    if FileManager.default.fileExists(atPath: sumsPath) {
      listed = try ReportDigests(
        parsing: try InputFile.read(sumsPath, limit: maximumListBytes, what: sumsPath), file: sumsPath
      ).digests
    } else {
      files.append(VerifiedFile(path: ReportDigests.fileName, state: .missing))
    }
    let attested = try attestedDigests(in: folder)
    let present = Set(presentFiles(in: folder))
    for name in Set(listed.keys).union(present) {
      let now: String?
      if present.contains(name) {
        switch SHA256.file(at: folder + "/" + name) {
        case .success(let digest): now = digest.sha256
        case .failure(let error): throw .input("cannot read \(folder)/\(name): \(error)")
        }
      } else {
        now = nil
      }
      let expected = listed[name]
      let state: FileState
      if expected == nil {
        state = .new
      } else if now == nil {
        state = .missing
      } else if let claim = attested[name], claim != now {
        // SHA256SUMS rewritten to match a changed file: the attestation still tells.
        files.append(VerifiedFile(path: name, state: .changed, recordedSHA256: claim, currentSHA256: now))
        continue
      } else {
        state = expected == now ? .unchanged : .changed
      }
      files.append(VerifiedFile(path: name, state: state, recordedSHA256: expected, currentSHA256: now))
    }
    return files
  }

  /// The report files in `folder`: regular files at its top and in `assets/` that StateProof
  /// could have written, but `SHA256SUMS` and the marker.
  private static func presentFiles(in folder: String) -> [String] {
    let top = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let assets = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + ReportMarker.assetsFolder)) ?? [])
      .map { ReportMarker.assetsFolder + "/" + $0 }
    return (top + assets).filter { name in
      var status = stat()
      return ReportDigests.isListable(name) && lstat(folder + "/" + name, &status) == 0
        && (status.st_mode & S_IFMT) == S_IFREG
    }
  }

  /// The attestation's subjects, name to SHA-256; none when there is no attestation.
  private static func attestedDigests(in folder: String) throws(StateProofError) -> [String: String] {
    let path = folder + "/" + AttestationStatement.fileName
    guard FileManager.default.fileExists(atPath: path) else { return [:] }
    struct Statement: Decodable {
      struct Subject: Decodable {
        var name: String
        var digest: [String: String]
      }
      var subject: [Subject]
    }
    do {
      let statement = try JSONDecoder().decode(
        Statement.self, from: try InputFile.read(path, limit: maximumListBytes, what: path))
      return Dictionary(
        statement.subject.compactMap { subject in subject.digest["sha256"].map { (subject.name, $0) } },
        uniquingKeysWith: { first, _ in first })
    } catch let error as StateProofError {
      throw error
    } catch {
      throw .input("\(path): not an in-toto Statement StateProof wrote (\(error))")
    }
  }
}
