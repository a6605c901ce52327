import Foundation
import StateProofJSON
import StateProofModel
import StateProofSystem

/// The statement a reviewer trusts (`verify --statement FILE`): an in-toto Statement as
/// `report --attestation` wrote it, the DSSE envelope a signer wraps it in, or the Sigstore
/// bundle `cosign attest-blob --bundle` writes around that envelope. Only its subjects are read:
/// the signature is checked by the tool that made it (cosign, securesystemslib) before.
package struct SignedStatement: Sendable {
  /// Subject name to SHA-256, by the name's bytes.
  package var subjects: [PathKey: String]

  /// The largest statement file read: an attestation over a report of 1,000,000 files is under it.
  static let maximumBytes = 1 << 30
  /// A statement's strings (a DSSE payload) are bounded by the file's size.
  private static let limits = JSONLimits(maximumStringBytes: maximumBytes)

  package init(contentsOf path: String) throws(StateProofError) {
    let data = try InputFile.read(path, limit: Self.maximumBytes, what: "--statement \(path)")
    try self.init(data, name: path)
  }

  package init(_ data: Data, name: String) throws(StateProofError) {
    struct Envelope: Decodable {
      var payloadType: String?
      var payload: String?
      var dsseEnvelope: Inner?
      var _type: String?
      struct Inner: Decodable {
        var payloadType: String
        var payload: String
      }
    }
    struct Statement: Decodable {
      var _type: String
      var predicateType: String
      /// Empty here: the subjects are read one at a time.
      var subject: [Subject]
    }
    struct Subject: Decodable {
      var name: String
      var digest: [String: String]
    }
    let what = "--statement \(name)"
    let statementBytes: Data
    let outer: Envelope
    do throws(JSONDecodingError) {
      var parser = JSONPullParser(bytes: data, limits: Self.limits)
      let root = try JSONDecoding.readObject(from: &parser, streaming: ["subject"], skipping: ["predicate"]) {
        (_: String, parser: inout JSONPullParser) throws(JSONDecodingError) in try JSONDecoding.skipNext(from: &parser)
      }
      outer = try JSONDecoding.decode(Envelope.self, from: root)
    } catch {
      throw .statement(file: what, reason: .malformed(JSONProblem(error)))
    }
    if let inner = outer.dsseEnvelope ?? outer.payload.map({ Envelope.Inner(payloadType: outer.payloadType ?? "", payload: $0) }) {
      guard inner.payloadType == "application/vnd.in-toto+json" else {
        throw .statement(file: what, reason: .payloadType(inner.payloadType))
      }
      guard let payload = Data(base64Encoded: inner.payload) else {
        throw .statement(file: what, reason: .payloadNotBase64)
      }
      statementBytes = payload
    } else if outer._type != nil {
      statementBytes = data
    } else {
      throw .statement(file: what, reason: .notAStatement)
    }
    // The subjects one at a time, and the predicate passed over: an attestation over a million
    // files is never held as JSON.
    var subjects: [PathKey: String] = [:]
    var named: StatementProblem?
    let statement: Statement
    do throws(JSONDecodingError) {
      var parser = JSONPullParser(bytes: statementBytes, limits: Self.limits)
      let root = try JSONDecoding.readObject(from: &parser, streaming: ["subject"], skipping: ["predicate"]) {
        (_: String, parser: inout JSONPullParser) throws(JSONDecodingError) in
        let subject = try JSONDecoding.decodeNext(Subject.self, from: &parser)
        guard named == nil else { return }
        guard let sha = subject.digest["sha256"] else {
          named = .subjectWithoutSHA256(name: subject.name)
          return
        }
        if subjects.updateValue(sha, forKey: PathKey(subject.name)) != nil { named = .subjectTwice(name: subject.name) }
      }
      statement = try JSONDecoding.decode(Statement.self, from: root)
    } catch {
      throw .statement(file: what, reason: .malformed(JSONProblem(error)))
    }
    guard statement._type == AttestationStatement.statementType,
      statement.predicateType == AttestationStatement.predicateType
    else {
      throw .statement(file: what, reason: .statementType(type: statement._type, predicateType: statement.predicateType))
    }
    if let named { throw .statement(file: what, reason: named) }
    self.subjects = subjects
  }

  /// Each subject against the folder's report files as they are now (name to SHA-256): unchanged,
  /// changed or missing. `report.json` is the anchor every other file is made from, so a
  /// statement that does not name it covers nothing: it is then listed as new (not attested).
  /// Other files it does not name are made again from `report.json` and checked there.
  package func check(present: [PathKey: String]) -> [VerifiedFile] {
    var files: [VerifiedFile] = []
    for (name, sha) in subjects {
      let now = present[name]
      let state: FileState = now == nil ? .missing : now == sha ? .unchanged : .changed
      files.append(
        VerifiedFile(
          path: name.text, state: state, recordedSHA256: sha, currentSHA256: now,
          note: ReportDigests.isListable(name.text) ? nil : "not a file a report folder holds"))
    }
    let anchor = PathKey("report.json")
    if subjects[anchor] == nil {
      files.append(
        VerifiedFile(
          path: anchor.text, state: .new, currentSHA256: present[anchor],
          note: "not a subject of the statement, which so does not cover this report"))
    }
    return files
  }
}
