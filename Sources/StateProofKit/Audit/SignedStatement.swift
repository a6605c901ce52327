import Foundation
import StateProofJSON
import StateProofModel
import StateProofSystem

/// The statement a reviewer trusts (`verify --statement FILE`), read only from the bytes a
/// signature covers: the payload of a DSSE envelope, alone or inside a Sigstore bundle (the
/// documented `mediaType`, `verificationMaterial`, `dsseEnvelope`) or cosign's older bundle
/// (`base64Signature` holding the envelope, `cert`, `rekorBundle`). Every layer around the
/// payload is read strictly: a key no such layer has (a second, unsigned statement beside the
/// signed one) is refused by name. A bare in-toto statement is read too, and known to be unsigned.
package struct SignedStatement: Sendable {
  /// How the statement reached `verify`.
  package enum Wrapping: Sendable, Hashable {
    /// A bare in-toto statement: nothing signs it.
    case statement
    case dsseEnvelope
    case sigstoreBundle(mediaType: String)
    /// cosign's bundle before its Sigstore bundle format (`attest-blob --bundle`, cosign 2.x, or
    /// 3.x with `--new-bundle-format=false`).
    case cosignBundle

    /// In words, for the output.
    package var description: String {
      switch self {
      case .statement: "a bare in-toto statement"
      case .dsseEnvelope: "a DSSE envelope"
      case .sigstoreBundle(let mediaType): "a Sigstore bundle (\(mediaType))"
      case .cosignBundle: "a cosign bundle (base64Signature, its older shape)"
      }
    }
  }

  /// A subject's digests, lowercase hex: each one StateProof computes must match.
  package struct Digests: Sendable, Hashable {
    package var sha256: String?
    package var sha512: String?
  }

  package var wrapping: Wrapping
  /// The envelope whose payload is the statement; nil for a bare statement.
  package var envelope: DSSEEnvelope?
  /// Subject name to its digests, by the name's bytes.
  package var subjects: [PathKey: Digests]

  /// Whether anything signs the statement: an envelope with at least one signature.
  package var isSigned: Bool { !(envelope?.signatures.isEmpty ?? true) }

  /// The largest statement file read: an attestation over a report of 1,000,000 files is under it.
  static let maximumBytes = 1 << 30
  /// A statement's strings (a DSSE payload) are bounded by the file's size.
  private static let limits = JSONLimits(maximumStringBytes: maximumBytes)

  /// The media types of the Sigstore bundles read: cosign 2.4+ writes 0.3 (`--new-bundle-format`,
  /// the default from cosign 3); 0.1 and 0.2 are the same shape.
  package static let sigstoreMediaTypes = [
    "application/vnd.dev.sigstore.bundle+json;version=0.1",
    "application/vnd.dev.sigstore.bundle+json;version=0.2",
    "application/vnd.dev.sigstore.bundle+json;version=0.3",
    "application/vnd.dev.sigstore.bundle.v0.3+json",
  ]

  package init(contentsOf path: String) throws(StateProofError) {
    let data = try InputFile.read(path, limit: Self.maximumBytes, what: "--statement \(path)")
    try self.init(data, name: path)
  }

  package init(_ data: Data, name: String) throws(StateProofError) {
    let what = "--statement \(name)"
    do throws(StatementProblem) {
      let keys = try Self.topLevelKeys(data)
      let statementBytes: Data
      if keys.contains("payload") || keys.contains("payloadType") || keys.contains("signatures") {
        wrapping = .dsseEnvelope
        envelope = try Self.reading(data) { (parser: inout JSONPullParser) throws(StatementProblem) in
          try DSSEEnvelope(from: &parser, what: "the DSSE envelope")
        }
      } else if keys.contains("mediaType") || keys.contains("dsseEnvelope") || keys.contains("verificationMaterial")
        || keys.contains("messageSignature")
      {
        let (mediaType, inner) = try Self.reading(data, Self.sigstoreBundle)
        wrapping = .sigstoreBundle(mediaType: mediaType)
        envelope = inner
      } else if keys.contains("base64Signature") {
        var signature: String?
        try Self.reading(data) { (parser: inout JSONPullParser) throws(StatementProblem) in
          try StatementLayer.read(
            &parser, what: "the cosign bundle", allowed: ["base64Signature", "cert", "rekorBundle"]
          ) { (key: String, parser: inout JSONPullParser) throws(StatementProblem) in
            if key == "base64Signature" {
              signature = try StatementLayer.string(key, from: &parser, in: "the cosign bundle")
            } else {
              try StatementLayer.skip(&parser)
            }
          }
        }
        guard let signature else { throw .missingKey(key: "base64Signature", in: "the cosign bundle") }
        // attest-blob's base64Signature is the whole DSSE envelope; sign-blob's is a bare
        // signature over a blob, which signs no statement.
        guard let envelopeBytes = DSSEEnvelope.base64(signature) else { throw .cosignBundleWithoutEnvelope }
        wrapping = .cosignBundle
        do throws(StatementProblem) {
          envelope = try Self.reading(envelopeBytes) { (parser: inout JSONPullParser) throws(StatementProblem) in
            try DSSEEnvelope(from: &parser, what: "the cosign bundle's envelope (base64Signature)")
          }
        } catch .malformed {
          throw .cosignBundleWithoutEnvelope
        }
      } else if keys.contains("_type") {
        wrapping = .statement
        envelope = nil
      } else {
        throw .notAStatement
      }
      statementBytes = envelope?.payload ?? data
      subjects = try Self.subjects(of: statementBytes)
    } catch {
      throw .statement(file: what, reason: error)
    }
  }

  /// The top level's keys, each value passed over: a bare statement of a million subjects is
  /// never held to tell what the file is. None when the top level is not an object.
  private static func topLevelKeys(_ data: Data) throws(StatementProblem) -> Set<String> {
    var parser = JSONPullParser(bytes: data, limits: limits)
    var keys: Set<String> = []
    do throws(JSONError) {
      guard try parser.next() == .objectStart else { return [] }
      while case .key(let name)? = try parser.next() {
        keys.insert(name)
        try parser.skipValue()
      }
      _ = try parser.next()
    } catch {
      throw .malformed(JSONProblem(JSONDecodingError(error)))
    }
    return keys
  }

  /// Reads the one value of a document with `body`, refusing anything after it.
  private static func reading<Value>(
    _ data: Data, _ body: (inout JSONPullParser) throws(StatementProblem) -> Value
  ) throws(StatementProblem) -> Value {
    var parser = JSONPullParser(bytes: data, limits: limits)
    let value = try body(&parser)
    _ = try StatementLayer.json { () throws(JSONError) in try parser.next() }
    return value
  }

  /// A Sigstore bundle's media type and envelope: `verificationMaterial` must be there but is
  /// passed over (`verify` checks the signature with `--key`, not with the bundle's material).
  private static func sigstoreBundle(from parser: inout JSONPullParser) throws(StatementProblem)
    -> (mediaType: String, envelope: DSSEEnvelope)
  {
    let what = "the Sigstore bundle"
    var mediaType: String?
    var material = false
    var envelope: DSSEEnvelope?
    try StatementLayer.read(
      &parser, what: what, allowed: ["mediaType", "verificationMaterial", "dsseEnvelope", "messageSignature"]
    ) { (key: String, parser: inout JSONPullParser) throws(StatementProblem) in
      switch key {
      case "messageSignature": throw .messageSignature
      case "mediaType": mediaType = try StatementLayer.string(key, from: &parser, in: what)
      case "verificationMaterial":
        material = true
        try StatementLayer.skip(&parser)
      default: envelope = try DSSEEnvelope(from: &parser, what: "the Sigstore bundle's dsseEnvelope")
      }
    }
    guard let mediaType else { throw .missingKey(key: "mediaType", in: what) }
    guard sigstoreMediaTypes.contains(mediaType) else { throw .mediaType(mediaType) }
    guard material else { throw .missingKey(key: "verificationMaterial", in: what) }
    guard let envelope else { throw .missingKey(key: "dsseEnvelope", in: what) }
    return (mediaType, envelope)
  }

  /// The statement's subjects, read one at a time with the predicate passed over: an attestation
  /// over a million files is never held as JSON. It must be a StateProof release report.
  private static func subjects(of statementBytes: Data) throws(StatementProblem) -> [PathKey: Digests] {
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
    var subjects: [PathKey: Digests] = [:]
    var named: StatementProblem?
    let statement: Statement
    do throws(JSONDecodingError) {
      var parser = JSONPullParser(bytes: statementBytes, limits: limits)
      let root = try JSONDecoding.readObject(from: &parser, streaming: ["subject"], skipping: ["predicate"]) {
        (_: String, parser: inout JSONPullParser) throws(JSONDecodingError) in
        let subject = try JSONDecoding.decodeNext(Subject.self, from: &parser)
        guard named == nil else { return }
        var digests = Digests()
        for algorithm in MessageDigest.Algorithm.allCases {
          guard let text = subject.digest[algorithm.rawValue] else { continue }
          let hex = text.lowercased()
          guard hex.utf8.count == algorithm.byteCount * 2, hex.utf8.allSatisfy({ Self.isHexDigit($0) }) else {
            named = .malformedDigest(name: subject.name, algorithm: algorithm.rawValue)
            return
          }
          if algorithm == .sha256 { digests.sha256 = hex } else { digests.sha512 = hex }
        }
        guard digests.sha256 != nil || digests.sha512 != nil else {
          named = .subjectWithoutDigest(name: subject.name)
          return
        }
        if subjects.updateValue(digests, forKey: PathKey(subject.name)) != nil {
          named = .subjectTwice(name: subject.name)
        }
      }
      statement = try JSONDecoding.decode(Statement.self, from: root)
    } catch {
      throw .malformed(JSONProblem(error))
    }
    guard statement._type == AttestationStatement.statementType,
      statement.predicateType == AttestationStatement.predicateType
    else {
      throw .statementType(type: statement._type, predicateType: statement.predicateType)
    }
    if let named { throw named }
    return subjects
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
  }

  /// The signature, checked with `key` when one is given (`verify --key`): verified when any of
  /// the envelope's signatures is the key's over exactly the payload read. Without a key it is
  /// not checked, and the check says how to; an unsigned statement is refused unless
  /// `allowUnsigned` (`--unsigned`).
  package func signature(key: (path: String, key: PublicKey)?, allowUnsigned: Bool, file: String)
    throws(StateProofError) -> SignatureCheck
  {
    var check = SignatureCheck(
      state: .notChecked, wrapping: wrapping.description, signatures: envelope?.signatures.count ?? 0,
      key: key?.path, keyAlgorithm: key?.key.algorithm.rawValue, keySHA256: key?.key.fingerprint)
    if let key {
      if let envelope, envelope.isSigned(by: key.key) {
        check.state = .verified
      } else {
        check.state = .doesNotVerify
        check.note =
          isSigned
          ? "no signature of the statement is by this key: it was signed by another key, or the payload was changed after signing"
          : "the statement is not signed"
      }
      return check
    }
    guard isSigned else {
      guard allowUnsigned else {
        throw .statement(file: "--statement \(file)", reason: .unsigned(wrapping.description))
      }
      check.state = .unsigned
      check.note = "the subjects are checked (--unsigned), but nothing ties them to a signer"
      return check
    }
    check.note =
      "check it with --key PUBLIC_KEY, or with the signer's tool: cosign verify-blob-attestation (keyless identities), scripts/dsse verify"
    return check
  }

  /// Each subject against the folder's report files as they are now (name to SHA-256, and to
  /// SHA-512 for a subject that names one): unchanged, changed or missing. Digests compare as
  /// hex whatever their case, and every one the subject names must match. `report.json` is the
  /// anchor every other file is made from, so a statement that does not name it covers nothing:
  /// it is then listed as new (not attested). Other files it does not name are made again from
  /// `report.json` and checked there.
  package func check(present: [PathKey: String], sha512: (PathKey) -> String?) -> [VerifiedFile] {
    var files: [VerifiedFile] = []
    for (name, digests) in subjects {
      let now = present[name]
      var state: FileState = now == nil ? .missing : .unchanged
      var notes: [String] = []
      if let now, let sha256 = digests.sha256, sha256 != now { state = .changed }
      if now != nil, let wanted = digests.sha512 {
        if sha512(name) != wanted {
          state = .changed
          notes.append("its SHA-512 is not the statement's")
        }
      }
      if !ReportDigests.isListable(name.text) { notes.append("not a file a report folder holds") }
      files.append(
        VerifiedFile(
          path: name.text, state: state, recordedSHA256: digests.sha256, currentSHA256: now,
          note: notes.isEmpty ? nil : notes.joined(separator: "; ")))
    }
    let anchor = PathKey(ReportFormat.model.fileName)
    if subjects[anchor] == nil {
      files.append(
        VerifiedFile(
          path: anchor.text, state: .new, currentSHA256: present[anchor],
          note: "not a subject of the statement, which so does not cover this report"))
    }
    return files
  }
}
