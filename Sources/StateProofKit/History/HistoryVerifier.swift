import Foundation
import StateProofJSON
import StateProofModel
import StateProofSystem

/// `verify --history`: walks a history file's hash chain and names each line that breaks it (not
/// a record, edited, removed, reordered, repeated), then checks each report given against the line
/// that records it. Every line is read on its own, so one bad line does not hide the others.
package enum HistoryVerifier {
  /// The most `report.json` files looked at under the paths given.
  static let maximumReports = 10_000
  /// How deep under a path given report folders are looked for.
  static let searchDepth = 3

  package static func verify(_ path: String, reports paths: [String]) throws(StateProofError) -> HistoryVerification {
    guard let data = try HistoryFile.contents(path, missingIsEmpty: false) else {
      throw .history(file: path, reason: .notFound)
    }
    let lines = try HistoryFile.parse(data, file: path)
    let problems = chainProblems(lines)
    var checks: [HistoryReportCheck] = []
    for given in paths {
      for file in try reportFiles(under: given) {
        checks.append(try check(file, against: lines))
      }
    }
    let lastChecked = !lines.isEmpty && checks.contains { $0.line == lines.count }
    return HistoryVerification(
      file: path, lines: lines.count, problems: problems, reports: checks, lastLineChecked: lastChecked)
  }

  /// Every break in the chain, in line order. A line whose number is out of place is named for
  /// that (removed, reordered, repeated), and its link is not named again; a link that does not
  /// hold between two lines in place names the earlier line as edited.
  static func chainProblems(_ lines: [HistoryFile.Line]) -> [HistoryLineProblem] {
    var problems: [HistoryLineProblem] = []
    var linesOf: [Int: [Int]] = [:]
    for line in lines {
      if case .success(let record) = line.record { linesOf[record.signOff, default: []].append(line.number) }
    }
    var reportLine: [String: Int] = [:]
    var expected = 1
    for (index, line) in lines.enumerated() {
      guard case .success(let record) = line.record else {
        let why = Self.problem(line.record)
        problems.append(
          HistoryLineProblem(
            line: line.number, signOff: nil, kind: .notARecord,
            message: "line \(line.number) is not a sign-off record (\(why)): it was edited or cut"))
        expected += 1
        continue
      }
      let number = record.signOff
      var inPlace = false
      if number > expected {
        let missing = Array(expected..<number)
        if let later = missing.lazy.compactMap({ linesOf[$0]?.first { $0 > line.number } }).first {
          problems.append(
            HistoryLineProblem(
              line: line.number, signOff: number, kind: .reordered,
              message:
                "line \(line.number) is sign-off #\(number), but #\(expected) comes later, on line \(later): lines were reordered"
            ))
        } else {
          let what =
            missing.count == 1
            ? "sign-off #\(expected) is missing before it: its line was removed"
            : "sign-offs #\(expected) to #\(number - 1) are missing before it: \(missing.count) lines were removed"
          problems.append(
            HistoryLineProblem(
              line: line.number, signOff: number, kind: .removed,
              message: "line \(line.number) is sign-off #\(number); \(what)"))
        }
        expected = number + 1
      } else if number < expected {
        if let earlier = linesOf[number]?.first(where: { $0 < line.number }) {
          problems.append(
            HistoryLineProblem(
              line: line.number, signOff: number, kind: .repeated,
              message: "line \(line.number) is sign-off #\(number) again, as line \(earlier) is"))
        } else {
          problems.append(
            HistoryLineProblem(
              line: line.number, signOff: number, kind: .reordered,
              message: "line \(line.number) is sign-off #\(number), after #\(expected - 1): lines were reordered"))
        }
      } else {
        inPlace = true
        expected = number + 1
      }
      if let earlier = reportLine[record.reportSHA256] {
        problems.append(
          HistoryLineProblem(
            line: line.number, signOff: number, kind: .repeated,
            message:
              "line \(line.number) records the same report.json as line \(earlier) (SHA-256 \(record.reportSHA256))"))
      } else {
        reportLine[record.reportSHA256] = line.number
      }
      guard inPlace, record.previousSHA256 != (index == 0 ? SignOffRecord.genesis : lines[index - 1].sha256) else {
        continue
      }
      guard index > 0 else {
        problems.append(
          HistoryLineProblem(
            line: 1, signOff: number, kind: .removed,
            message:
              "line 1 is chained to a line before it (previousSHA256 is not the first line's 64 zeros): the lines before it were removed"
          ))
        continue
      }
      let previous = lines[index - 1]
      // A line that is no record is named already, and so is one out of place: the link after
      // either broke with it.
      guard case .success(let earlier) = previous.record, earlier.signOff == number - 1 else { continue }
      problems.append(
        HistoryLineProblem(
          line: previous.number, signOff: earlier.signOff, kind: .edited,
          message:
            "line \(previous.number) (sign-off #\(earlier.signOff)\(earlier.release.map { ", release \($0)" } ?? "")) "
            + "was edited after it was written: line \(line.number) records its SHA-256 as \(record.previousSHA256), "
            + "it is \(previous.sha256) now"))
    }
    return problems.sorted { ($0.line, $0.kind.rawValue) < ($1.line, $1.kind.rawValue) }
  }

  private static func problem(_ result: Result<SignOffRecord, HistoryProblem>) -> String {
    guard case .failure(let problem) = result else { return "" }
    switch problem {
    case .notARecord(_, let json): return json.column.map { "column \($0): \(json.message)" } ?? json.message
    case .blankLine: return "it is empty"
    case .schemaVersion(_, let found, let supported):
      return "schemaVersion \(found); this StateProof reads \(supported)"
    default: return "\(problem)"
    }
  }

  /// The `report.json` files `path` leads to: the file itself, the one in a report folder, in an
  /// unpacked bundle's `report/`, or in report folders up to ``searchDepth`` folders below.
  static func reportFiles(under path: String) throws(StateProofError) -> [String] {
    var status = stat()
    guard stat(path, &status) == 0 else {
      throw .inputFile(path: path, name: path, reason: .unreadable(reason: String(cString: strerror(errno))))
    }
    guard (status.st_mode & S_IFMT) == S_IFDIR else { return [path] }
    var found: [String] = []
    func search(_ folder: String, depth: Int) {
      guard found.count < maximumReports else { return }
      let candidate = PathBytes.appending(ReportFormat.json.fileName, to: folder)
      var entry = stat()
      if stat(candidate, &entry) == 0, (entry.st_mode & S_IFMT) == S_IFREG {
        found.append(candidate)
        return
      }
      guard depth < searchDepth,
        let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
      else { return }
      for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !name.hasPrefix(".") {
        let child = PathBytes.appending(name, to: folder)
        var childStatus = stat()
        if lstat(child, &childStatus) == 0, (childStatus.st_mode & S_IFMT) == S_IFDIR {
          search(child, depth: depth + 1)
        }
      }
    }
    search(path, depth: 0)
    guard !found.isEmpty else {
      throw .reportFolder(path: path, reason: .noReportJSON)
    }
    return found
  }

  /// A report's `report.json` against the history's lines.
  static func check(_ file: String, against lines: [HistoryFile.Line]) throws(StateProofError) -> HistoryReportCheck {
    let sha256: String
    switch SHA256.file(at: file) {
    case .success(let digest): sha256 = digest.sha256
    case .failure(let error): throw .inputFile(path: file, name: file, reason: .unreadable(reason: "\(error)"))
    }
    let heading = try heading(of: file)
    let records = lines.compactMap { line in (try? line.record.get()).map { (line.number, $0) } }
    if let (number, record) = records.first(where: { $0.1.reportSHA256 == sha256 }) {
      let note = try difference(record, report: file)
      return HistoryReportCheck(
        path: file, release: heading.release, generatedAt: heading.generatedAt, sha256: sha256, line: number,
        recordedSHA256: record.reportSHA256, state: note == nil ? .matches : .lineEdited, note: note)
    }
    if let (number, record) = records.first(where: {
      $0.1.release == heading.release && $0.1.generatedAt == heading.generatedAt && $0.1.app == heading.app
    }) {
      return HistoryReportCheck(
        path: file, release: heading.release, generatedAt: heading.generatedAt, sha256: sha256, line: number,
        recordedSHA256: record.reportSHA256, state: .differs)
    }
    return HistoryReportCheck(
      path: file, release: heading.release, generatedAt: heading.generatedAt, sha256: sha256, line: nil,
      recordedSHA256: nil, state: .notInHistory)
  }

  /// What the line `record` says of the report at `file` that the report does not: the line made
  /// again from `report.json` is compared field by field, and the attestation beside it (when
  /// there is one) by its SHA-256. Nil when they agree.
  static func difference(_ record: SignOffRecord, report file: String) throws(StateProofError) -> String? {
    var made = SignOffRecord(report: try Report(contentsOf: file), version: record.stateproof)
    made.signOff = record.signOff
    made.previousSHA256 = record.previousSHA256
    made.reportSHA256 = record.reportSHA256
    made.attestationSHA256 = record.attestationSHA256
    let fields: [(String, (SignOffRecord) -> AnyHashable?)] = [
      ("app", \.app), ("release", \.release), ("time", \.generatedAt), ("build time", \.builtAt),
      ("builds", \.builds), ("verdict", \.verdict), ("counts", \.counts), ("receipts", \.receipts), ("rows", \.rows),
      ("accepted gaps", \.accepted),
    ]
    if let (name, _) = fields.first(where: { $0.1(made) != $0.1(record) }) {
      return "what it says of the \(name) is not what the report says"
    }
    if made != record { return "it is not what the report says" }
    let attestation = PathBytes.sibling(AttestationStatement.fileName, of: file)
    if let recorded = record.attestationSHA256, case .success(let digest) = SHA256.file(at: attestation),
      digest.sha256 != recorded
    {
      return
        "its attestation's SHA-256 is \(recorded), \(AttestationStatement.fileName) beside the report has \(digest.sha256)"
    }
    return nil
  }

  /// What names a report's sign-off, read without holding its long lists.
  private struct Heading: Decodable {
    var app: String?
    var release: String?
    var generatedAt: String?
  }

  private static func heading(of file: String) throws(StateProofError) -> Heading {
    let input = try InputFile.open(file, limit: Report.maximumJSONBytes, what: file)
    defer { withExtendedLifetime(input) {} }
    var parser = JSONPullParser(FileDescriptorSource(input.descriptor), limits: Report.jsonLimits)
    do throws(JSONDecodingError) {
      let root = try JSONDecoding.readObject(
        from: &parser, streaming: [],
        skipping: ["evidence", "findings", "accepted", "platforms", "devices", "sources", "provenance", "changes"]
      ) { (_: String, parser: inout JSONPullParser) throws(JSONDecodingError) in
        try JSONDecoding.skipNext(from: &parser)
      }
      return try JSONDecoding.decode(Heading.self, from: root)
    } catch {
      throw .reportJSON(file: file, reason: .malformed(JSONProblem(error)))
    }
  }
}
