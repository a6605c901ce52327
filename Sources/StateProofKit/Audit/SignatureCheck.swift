/// What `verify --statement` found of the statement's signature: checked with `--key` (verified,
/// or not by that key), not checked (no key given: the signer's tool checks it), or unsigned
/// (accepted only with `--unsigned`).
public struct SignatureCheck: Codable, Sendable, Hashable {
  public enum State: String, Codable, Sendable, CaseIterable {
    /// A signature over exactly the payload read is the key's.
    case verified
    /// No signature is the key's over the payload read: `verify` fails.
    case doesNotVerify = "does-not-verify"
    /// No key was given: the signature is still to be checked, with `--key` or the signer's tool.
    case notChecked = "not-checked"
    /// Nothing signs the statement (`--unsigned`).
    case unsigned
  }

  public var state: State
  /// How the statement was given: a DSSE envelope, a Sigstore bundle and its media type, …
  public var wrapping: String
  /// How many signatures the envelope carries.
  public var signatures: Int
  /// The `--key` file, as given.
  public var key: String?
  /// The key's algorithm and the scheme it checks: `Ed25519`, `ECDSA P-256` (SHA-256), `ECDSA
  /// P-384` (SHA-384), `RSA PKCS#1 v1.5 SHA-256` or `RSA-PSS SHA-256` (an RSA-PSS key, or a
  /// securesystemslib key naming that scheme), `RSA PKCS#1 v1.5 or PSS SHA-256` (a PEM RSA key,
  /// which names no scheme).
  public var keyAlgorithm: String?
  /// The SHA-256 of the key's DER SubjectPublicKeyInfo
  /// (`openssl pkey -pubin -in KEY -outform DER | sha256sum`).
  public var keySHA256: String?
  /// Why it does not verify, or how to check it.
  public var note: String?

  public init(
    state: State, wrapping: String, signatures: Int, key: String? = nil, keyAlgorithm: String? = nil,
    keySHA256: String? = nil, note: String? = nil
  ) {
    self.state = state
    self.wrapping = wrapping
    self.signatures = signatures
    self.key = key
    self.keyAlgorithm = keyAlgorithm
    self.keySHA256 = keySHA256
    self.note = note
  }
}
