import Foundation
import StateProofJSON
import StateProofSystem
import StateProofModel
import StateProofRender

extension Report {
  /// The largest `report.json` read back; a report of 1,000,000 files is well under it.
  static let maximumJSONBytes = 1 << 30
  /// What one `report.json` value may be: its strings (a screenshot embedded as a data: URI) are
  /// bounded by the file's size, its nesting by the strict reader's limit.
  static let jsonLimits = JSONLimits(maximumStringBytes: maximumJSONBytes)

  /// Reads a `report.json` back into the model it was encoded from, so a tool can post-process a
  /// report: ``jsonData()`` of the result gives the same bytes. Reads the schema version it
  /// knows (``currentSchemaVersion``); keys it does not know are ignored. The file is untrusted:
  /// it goes through the strict JSON reader, and an error names its line, column and key path.
  ///
  /// - Throws: ``StateProofError/reportJSON(file:reason:)`` naming `name` (the file, for
  ///   messages) when the bytes are not a StateProof report of this schema version.
  public init(json: Data, name: String = ReportFormat.json.fileName) throws(StateProofError) {
    var parser = JSONPullParser(bytes: json, limits: Self.jsonLimits)
    try self.init(reading: &parser, name: name)
  }

  /// Reads the `report.json` at `path` (see ``init(json:name:)``); at most 1 GB. The file is
  /// read as it is parsed, and its evidence list one file at a time, so its text is never held.
  public init(contentsOf path: String) throws(StateProofError) {
    let file = try InputFile.open(path, limit: Self.maximumJSONBytes, what: path)
    var parser = JSONPullParser(FileDescriptorSource(file.descriptor), limits: Self.jsonLimits)
    try self.init(reading: &parser, name: path)
    withExtendedLifetime(file) {}
  }

  /// Reads the `report.json` at `path` (see ``init(contentsOf:)``) and hashes the bytes as they
  /// are parsed, so the SHA-256 returned is that of the report returned (`verify`'s anchor).
  package static func hashed(contentsOf path: String) throws(StateProofError) -> (report: Report, sha256: String) {
    var report: Report?
    let (sha256, failure) = try hashing(path) { (parser: inout JSONPullParser) throws(StateProofError) in
      report = try Report(reading: &parser, name: path)
    }
    if let failure { throw failure }
    guard let report else { throw .hashFailed(file: path) }
    return (report, sha256)
  }

  /// Reads the `report.json` at `path` again, a value at a time: each record of its evidence list
  /// and each of its (open) findings is handed to `evidence` and `findings` in the order the file
  /// lists them, and neither list is held; the rest is checked as JSON and passed over. The bytes
  /// must be those whose SHA-256 is `sha256` (read before), else what was handed over is not
  /// what was read then.
  ///
  /// - Throws: ``ReportJSONProblem/changedSinceRead`` when the bytes are others, whatever else is
  ///   wrong with them; else ``StateProofError/reportJSON(file:reason:)`` when the file is not
  ///   JSON or an element is not a file record or finding, or
  ///   ``StateProofError/inputFile(path:name:reason:)`` when it cannot be read.
  package static func stream(
    contentsOf path: String, sha256 expected: String, evidence: (FileRecord) -> Void, findings: (Finding) -> Void
  ) throws(StateProofError) {
    let (sha256, failure) = try hashing(path) { (parser: inout JSONPullParser) throws(StateProofError) in
      do throws(JSONDecodingError) {
        _ = try JSONDecoding.readObject(
          from: &parser, streaming: ["evidence", "findings"], skipping: ["accepted", "devices", "platforms", "sources"]
        ) { (key: String, parser: inout JSONPullParser) throws(JSONDecodingError) in
          if key == "findings" {
            findings(try JSONDecoding.decodeNext(Finding.self, from: &parser))
          } else {
            evidence(try JSONDecoding.decodeNext(FileRecord.self, from: &parser))
          }
        }
      } catch {
        throw .reportJSON(file: path, reason: .malformed(JSONProblem(error)))
      }
    }
    guard sha256 == expected else { throw .reportJSON(file: path, reason: .changedSinceRead) }
    if let failure { throw failure }
  }

  /// Runs `parse` on a parser reading the file at `path` (at most ``maximumJSONBytes``), and the
  /// SHA-256 of every byte of the file: those parsed and any after them, so the digest is the
  /// file's whatever `parse` left unread, also when it failed (its error is returned with it).
  private static func hashing(
    _ path: String, parse: (inout JSONPullParser) throws(StateProofError) -> Void
  ) throws(StateProofError) -> (sha256: String, failure: StateProofError?) {
    let file = try InputFile.open(path, limit: maximumJSONBytes, what: path)
    let source = HashingSource(file: file)
    var failure: StateProofError?
    do throws(StateProofError) {
      var parser = JSONPullParser(source, limits: jsonLimits)
      try parse(&parser)
    } catch {
      failure = error
    }
    let rest = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
    defer { rest.deallocate() }
    while true {
      switch file.read(into: rest) {
      case .success(0):
        guard let sha256 = source.hasher.finalize() else { throw .hashFailed(file: path) }
        return (sha256, failure)
      case .success(let count): source.hasher.update(UnsafeRawBufferPointer(rebasing: rest[..<count]))
      case .failure(let error): throw .inputFile(path: path, name: path, reason: .unreadable(reason: "\(error)"))
      }
    }
  }

  /// The report `parser` reads: its `evidence` and `findings` (a report of a million files has
  /// a million of each) one element at a time, the rest whole.
  private init(reading parser: inout JSONPullParser, name: String) throws(StateProofError) {
    var evidence: [FileRecord] = []
    var findings: [Finding] = []
    var paths: EvidencePaths?
    // The first element that is not one waits for the schema version, which comes after it.
    var elementError: JSONDecodingError?
    let root: JSONNode
    do throws(JSONDecodingError) {
      root = try JSONDecoding.readObject(from: &parser, streaming: ["evidence", "findings"]) {
        (key: String, parser: inout JSONPullParser) throws(JSONDecodingError) in
        do throws(JSONDecodingError) {
          if key == "findings" {
            if findings.isEmpty {
              Self.fit(&evidence)
              paths = EvidencePaths(evidence)
            }
            var finding = try JSONDecoding.decodeNext(Finding.self, from: &parser)
            if let file = finding.files.first, finding.files.count == 1, let path = paths?.path(file, in: evidence) {
              finding.share(path: path)
            }
            findings.append(finding)
            return
          }
          var record = try JSONDecoding.decodeNext(FileRecord.self, from: &parser)
          // One copy of a root for all its files, as the report that wrote them held it.
          if let root = evidence.last?.root, root.utf8.elementsEqual(record.root.utf8) { record.root = root }
          evidence.append(record)
        } catch {
          if case .invalid = error.reason { throw error }
          if elementError == nil { elementError = error }
        }
      }
    } catch {
      throw .reportJSON(file: name, reason: .malformed(JSONProblem(error)))
    }
    guard case .object(let members) = root.value, let versionNode = members["schemaVersion"],
      let version = try? JSONDecoding.decode(Int.self, from: versionNode)
    else {
      throw .reportJSON(file: name, reason: .noSchemaVersion)
    }
    guard version == Self.currentSchemaVersion else {
      throw .reportJSON(file: name, reason: .schemaVersion(found: version, supported: Self.currentSchemaVersion))
    }
    do throws(JSONDecodingError) {
      if let elementError { throw elementError }
      self = try JSONDecoding.decode(Report.self, from: root)
    } catch {
      throw .reportJSON(file: name, reason: .malformed(JSONProblem(error)))
    }
    Self.fit(&evidence)
    Self.fit(&findings)
    self.evidence = evidence
    self.findings = findings
    AssetNames.name(&self)
  }

  /// Finds a path's text among an evidence list sorted as StateProof writes it (by root, then
  /// path, as bytes), so a finding read after the list can share it.
  private struct EvidencePaths {
    /// Each root's run of records, in the list's order.
    var runs: [Range<Int>] = []

    init(_ evidence: [FileRecord]) {
      var start = 0
      for index in evidence.indices.dropFirst()
      where !evidence[index].root.utf8.elementsEqual(evidence[start].root.utf8) {
        runs.append(start..<index)
        start = index
      }
      if !evidence.isEmpty { runs.append(start..<evidence.count) }
    }

    /// The record's path of the same bytes as `path`, found by halving each run (a list out of
    /// order finds less, never a wrong path: only equal bytes are taken).
    func path(_ path: String, in evidence: [FileRecord]) -> String? {
      for run in runs {
        var (low, high) = (run.lowerBound, run.upperBound)
        while low < high {
          let middle = (low + high) / 2
          if evidence[middle].path.utf8.lexicographicallyPrecedes(path.utf8) { low = middle + 1 } else { high = middle }
        }
        if low < run.upperBound, evidence[low].path.utf8.elementsEqual(path.utf8) { return evidence[low].path }
      }
      return nil
    }
  }

  /// `list` in a buffer of its own size: grown by doubling as it was read, it may hold room for
  /// twice its elements (60 MB more for 300,000 file records and findings).
  private static func fit<Element>(_ list: inout [Element]) {
    guard list.capacity - list.count > list.count / 16 else { return }
    var fitted: [Element] = []
    fitted.reserveCapacity(list.count)
    fitted.append(contentsOf: list)
    list = fitted
  }

  /// The model as `report.json` holds it: every key, sorted, byte for byte what StateProof writes.
  public func jsonData() throws(StateProofError) -> Data {
    do {
      return try JSONRenderer.render(self)
    } catch {
      throw .write(path: ReportFormat.model.fileName, reason: .encode(reason: "\(error)"))
    }
  }
}
