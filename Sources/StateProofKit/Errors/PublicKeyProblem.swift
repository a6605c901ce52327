/// Why a `verify --key` file is not a public key StateProof can check signatures with.
public enum PublicKeyProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// No `-----BEGIN PUBLIC KEY-----` block.
  case notPEM
  /// A private key where the public one was wanted.
  case privateKey
  /// The block is not base64 of a SubjectPublicKeyInfo.
  case malformed
  /// A key of an algorithm or curve not checked, named.
  case unsupported(String)

  public var description: String {
    switch self {
    case .notPEM: "not a PEM public key (-----BEGIN PUBLIC KEY-----)"
    case .privateKey: "a private key: give the public one (cosign.pub, or the .pub that scripts/dsse keygen wrote)"
    case .malformed: "its PUBLIC KEY block is not a well-formed Ed25519 or P-256 key"
    case .unsupported(let what): "\(what): StateProof checks Ed25519 and ECDSA P-256 signatures"
    }
  }
}
