/// Why a `verify --key` file is not a public key StateProof can check signatures with.
public enum PublicKeyProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// Neither a `-----BEGIN PUBLIC KEY-----` (or `RSA PUBLIC KEY`) block nor JSON.
  case notPEM
  /// A private key where the public one was wanted.
  case privateKey
  /// The block (or securesystemslib's `keyval.public`) is not a well-formed key of its algorithm.
  case malformed
  /// A key of an algorithm or curve not checked, named.
  case unsupported(String)
  /// An RSA key too short to trust, with its modulus's bits.
  case rsaTooSmall(bits: Int)
  /// A securesystemslib key file (`.pub.json`) that is not JSON of its shape.
  case json(JSONProblem)
  /// A securesystemslib key of a key type and scheme not checked.
  case scheme(keytype: String, scheme: String)
  /// A securesystemslib key whose `keyval.public` is a key of another algorithm than its scheme's.
  case schemeMismatch(scheme: String, key: String)

  /// What `verify --key` checks, for the refusals.
  static let checked =
    "StateProof checks Ed25519, ECDSA P-256 (SHA-256) and P-384 (SHA-384), "
    + "and RSA of 2048 bits or more (SHA-256, PKCS#1 v1.5 or PSS) signatures"

  public var description: String {
    switch self {
    case .notPEM:
      "neither a PEM public key (-----BEGIN PUBLIC KEY----- or -----BEGIN RSA PUBLIC KEY-----) nor a securesystemslib key (.pub.json)"
    case .privateKey: "a private key: give the public one (cosign.pub, or the .pub that scripts/dsse keygen wrote)"
    case .malformed: "not a well-formed Ed25519, ECDSA or RSA public key"
    case .unsupported(let what): "\(what): \(Self.checked)"
    case .rsaTooSmall(let bits):
      "an RSA key of \(bits) bits, too short to trust: StateProof checks RSA keys of 2048 bits or more"
    case .json(let problem): "not a securesystemslib key (.pub.json): \(problem)"
    case .scheme(let keytype, let scheme):
      "a securesystemslib key of keytype \(keytype) and scheme \(scheme): StateProof checks the schemes ed25519, ecdsa-sha2-nistp256, ecdsa-sha2-nistp384 (keytype ecdsa), rsassa-pss-sha256 and rsa-pkcs1v15-sha256 (keytype rsa)"
    case .schemeMismatch(let scheme, let key): "its keyval.public is an \(key) key, not one for its scheme \(scheme)"
    }
  }
}
