/// Why a signed statement (`verify --statement`) is not one StateProof can check a report against.
public enum StatementProblem: Sendable, Hashable, CustomStringConvertible {
  /// A DSSE envelope of another payload type.
  case payloadType(String)
  /// The DSSE envelope's payload is not base64.
  case payloadNotBase64
  /// Neither a statement, an envelope nor a bundle holding one.
  case notAStatement
  /// A statement of another type or predicate.
  case statementType(type: String, predicateType: String)
  /// A subject without a SHA-256 digest.
  case subjectWithoutSHA256(name: String)
  /// A subject named twice.
  case subjectTwice(name: String)
  /// Not JSON of any of the shapes read.
  case malformed(JSONProblem)

  public var description: String {
    switch self {
    case .payloadType(let type): "a DSSE envelope of payloadType \(type), not an in-toto statement"
    case .payloadNotBase64: "the DSSE envelope's payload is not base64"
    case .notAStatement: "neither an in-toto statement, a DSSE envelope nor a Sigstore bundle holding one"
    case .statementType(let type, let predicateType):
      "a statement of type \(type) about \(predicateType), not a StateProof release report (\(AttestationStatement.predicateType))"
    case .subjectWithoutSHA256(let name): "the subject \(name) has no sha256 digest"
    case .subjectTwice(let name): "the subject \(name) is named twice"
    case .malformed(let problem): "not an in-toto statement, DSSE envelope or Sigstore bundle: \(problem)"
    }
  }
}
