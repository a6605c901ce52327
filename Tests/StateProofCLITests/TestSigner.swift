import Foundation
import Testing

/// A key pair made for one test with the `openssl` command line, and DSSE envelopes signed with
/// it as a signer writes them: Ed25519 as `scripts/dsse` makes by default, ECDSA P-256 as
/// `cosign generate-key-pair` makes (its `cosign.pub` is the same PEM `PUBLIC KEY`), ECDSA P-384
/// over SHA-384, or RSA-2048 signing RSA-PSS over SHA-256 with a 32-byte salt as cloud KMS does;
/// each signature over DSSE's pre-authentication encoding, ECDSA's DER-encoded.
struct TestSigner {
  enum Kind: String {
    case ed25519
    case ecdsaP256
    case ecdsaP384
    case rsaPSS
  }

  /// Whether the machine has `openssl` to make keys and sign with.
  static var available: Bool { TestSupport.executable("openssl") != nil }

  let kind: Kind
  let privateKey: String
  /// The public key, PEM: what `verify --key` reads.
  let publicKey: String
  private let folder: URL

  init(_ kind: Kind, in folder: URL, name: String) throws {
    self.kind = kind
    self.folder = folder
    privateKey = folder.appendingPathComponent(name + ".key").path
    publicKey = folder.appendingPathComponent(name + ".pub").path
    let generate: [String] =
      switch kind {
      case .ed25519: ["genpkey", "-algorithm", "ed25519", "-out", privateKey]
      case .ecdsaP256: ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", privateKey]
      case .ecdsaP384: ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", privateKey]
      case .rsaPSS: ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", privateKey]
      }
    try Self.openssl(generate)
    try Self.openssl(["pkey", "-in", privateKey, "-pubout", "-out", publicKey])
  }

  /// The signature of `message` by the private key.
  func sign(_ message: Data) throws -> Data {
    let input = folder.appendingPathComponent(UUID().uuidString)
    let output = folder.appendingPathComponent(UUID().uuidString)
    try message.write(to: input)
    switch kind {
    case .ed25519:
      try Self.openssl(["pkeyutl", "-sign", "-rawin", "-inkey", privateKey, "-in", input.path, "-out", output.path])
    case .ecdsaP256:
      try Self.openssl(["dgst", "-sha256", "-sign", privateKey, "-out", output.path, input.path])
    case .ecdsaP384:
      try Self.openssl(["dgst", "-sha384", "-sign", privateKey, "-out", output.path, input.path])
    case .rsaPSS:
      try Self.openssl([
        "dgst", "-sha256", "-sigopt", "rsa_padding_mode:pss", "-sigopt", "rsa_pss_saltlen:digest", "-sign", privateKey,
        "-out", output.path, input.path,
      ])
    }
    return try Data(contentsOf: output)
  }

  /// A DSSE envelope of `payload` (an in-toto statement), signed; `keyid` empty as cosign leaves it.
  func envelope(_ payload: Data, keyid: String = "") throws -> [String: Any] {
    let type = "application/vnd.in-toto+json"
    let signature = try sign(Self.preAuthenticationEncoding(type: type, payload: payload))
    return [
      "payloadType": type, "payload": payload.base64EncodedString(),
      "signatures": [["keyid": keyid, "sig": signature.base64EncodedString()]],
    ]
  }

  /// DSSE v1's PAE: `DSSEv1 SP LEN(type) SP type SP LEN(body) SP body`.
  static func preAuthenticationEncoding(type: String, payload: Data) -> Data {
    Data("DSSEv1 \(type.utf8.count) \(type) \(payload.count) ".utf8) + payload
  }

  @discardableResult
  static func openssl(_ arguments: [String]) throws -> String {
    let path = try #require(TestSupport.executable("openssl"), "openssl is needed to make a key pair")
    let result = try TestSupport.runProgram(path, arguments)
    try #require(result.status == 0, "openssl \(arguments.joined(separator: " ")): \(result.errors)")
    return result.output
  }
}
