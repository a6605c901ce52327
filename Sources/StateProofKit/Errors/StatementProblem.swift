/// Why a signed statement (`verify --statement`) is not one StateProof can check a report against.
public enum StatementProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// A DSSE envelope of another payload type.
  case payloadType(String)
  /// The DSSE envelope's payload is not base64.
  case payloadNotBase64
  /// A signature's `sig` is missing or not base64.
  case signatureNotBase64(index: Int)
  /// An envelope with more signatures than are read, their count, the most read, and the envelope.
  case tooManySignatures(count: Int, limit: Int, in: String)
  /// Neither a statement, an envelope nor a bundle holding one.
  case notAStatement
  /// A layer that must be an object is not.
  case notAnObject(String)
  /// A key the layer does not have in any shape StateProof reads: refused, since it is not
  /// signed (a second statement beside the signed payload).
  case unexpectedKey(key: String, in: String, allowed: [String])
  /// A key the layer must have.
  case missingKey(key: String, in: String)
  /// A key that must hold a string.
  case notAString(key: String, in: String)
  /// A key that must hold an array.
  case notAnArray(key: String, in: String)
  /// A Sigstore bundle of a media type not read.
  case mediaType(String)
  /// A Sigstore bundle signing a blob (`messageSignature`), not a statement.
  case messageSignature
  /// cosign's older bundle whose `base64Signature` is not a DSSE envelope (`sign-blob`'s).
  case cosignBundleWithoutEnvelope
  /// Nothing signs the statement, and `--unsigned` was not given; the shape, in words.
  case unsigned(String)
  /// A statement of another type or predicate.
  case statementType(type: String, predicateType: String)
  /// A subject with neither a SHA-256 nor a SHA-512 digest.
  case subjectWithoutDigest(name: String)
  /// A subject's digest that is not hex of its algorithm's length.
  case malformedDigest(name: String, algorithm: String)
  /// A subject named twice.
  case subjectTwice(name: String)
  /// Not JSON of any of the shapes read.
  case malformed(JSONProblem)

  public var description: String {
    switch self {
    case .payloadType(let type):
      "a DSSE envelope of payloadType \(type), not an in-toto statement (application/vnd.in-toto+json)"
    case .payloadNotBase64: "the DSSE envelope's payload is not base64"
    case .signatureNotBase64(let index): "the DSSE envelope's signatures[\(index)] has no base64 sig"
    case .tooManySignatures(let count, let limit, let what):
      "\(what) carries \(count) signatures, more than the \(limit) StateProof reads (a signer writes one to three): refused before any is checked"
    case .notAStatement: "neither an in-toto statement, a DSSE envelope nor a Sigstore or cosign bundle holding one"
    case .notAnObject(let what): "\(what) is not a JSON object"
    case .unexpectedKey(let key, let what, let allowed):
      "\(what) has a key \(key), which it has in no shape StateProof reads (only \(allowed.joined(separator: ", "))): refused, since only the payload is signed"
    case .missingKey(let key, let what): "\(what) has no \(key)"
    case .notAString(let key, let what): "\(what)'s \(key) is not a string"
    case .notAnArray(let key, let what): "\(what)'s \(key) is not an array"
    case .mediaType(let type):
      "a Sigstore bundle of media type \(type), which StateProof does not read (it reads bundle versions 0.1 to 0.3)"
    case .messageSignature:
      "a Sigstore bundle with a messageSignature: it signs a file, not a statement (cosign sign-blob's, not attest-blob's)"
    case .cosignBundleWithoutEnvelope:
      "a cosign bundle whose base64Signature is a bare signature, not a DSSE envelope: it signs a file, not a statement (cosign sign-blob's, not attest-blob's)"
    case .unsigned(let shape):
      "\(shape), which nothing signs: give the signed envelope or bundle, or pass --unsigned to check its subjects anyway"
    case .statementType(let type, let predicateType):
      "a statement of type \(type) about \(predicateType), not a StateProof release report (\(AttestationStatement.predicateType))"
    case .subjectWithoutDigest(let name): "the subject \(name) has neither a sha256 nor a sha512 digest"
    case .malformedDigest(let name, let algorithm): "the subject \(name)'s \(algorithm) digest is not hex of its length"
    case .subjectTwice(let name): "the subject \(name) is named twice"
    case .malformed(let problem): "not an in-toto statement, DSSE envelope or Sigstore bundle: \(problem)"
    }
  }
}
