import Foundation
import StateProofSystem

/// Reads a `verify --key` file: the first PEM `PUBLIC KEY` block (a DER SubjectPublicKeyInfo,
/// RFC 5280) or `RSA PUBLIC KEY` block (PKCS#1), as `cosign generate-key-pair`, `scripts/dsse
/// keygen`, `openssl pkey -pubout` and cloud KMS write them; or securesystemslib's JSON key
/// (`.pub.json`), which names its signature scheme. Ed25519, ECDSA P-256 and P-384, RSA.
package enum PublicKeyFile {
  /// Larger than any public key file by far.
  static let maximumBytes = 64 << 10

  package static func read(_ path: String) throws(StateProofError) -> PublicKey {
    let data = try InputFile.read(path, limit: maximumBytes, what: "--key \(path)")
    do throws(PublicKeyProblem) {
      return try parse(data)
    } catch {
      throw .publicKey(file: path, reason: error)
    }
  }

  /// A key file's bytes: securesystemslib's JSON when they begin with `{`, PEM otherwise.
  package static func parse(_ data: Data) throws(PublicKeyProblem) -> PublicKey {
    let isJSON = data.first { !Set(" \t\r\n".utf8).contains($0) } == UInt8(ascii: "{")
    return isJSON ? try SecureSystemsLibKey.parse(data) : try parse(pem: data)
  }

  /// The first `PUBLIC KEY` or `RSA PUBLIC KEY` block.
  package static func parse(pem data: Data) throws(PublicKeyProblem) -> PublicKey {
    guard let text = String(data: data, encoding: .utf8) else { throw .notPEM }
    let blocks = ["PUBLIC KEY", "RSA PUBLIC KEY"].compactMap { label -> (label: String, body: Range<String.Index>)? in
      guard let start = text.range(of: "-----BEGIN \(label)-----"),
        let stop = text.range(of: "-----END \(label)-----", range: start.upperBound..<text.endIndex)
      else { return nil }
      return (label, start.upperBound..<stop.lowerBound)
    }
    guard let block = blocks.min(by: { $0.body.lowerBound < $1.body.lowerBound }) else {
      throw text.contains("PRIVATE KEY-----") ? .privateKey : .notPEM
    }
    let body = text[block.body].filter { !$0.isWhitespace }
    guard let der = Data(base64Encoded: String(body)) else { throw .malformed }
    return block.label == "PUBLIC KEY"
      ? try SubjectPublicKeyInfo.parse([UInt8](der)) : try SubjectPublicKeyInfo.parse(pkcs1: [UInt8](der))
  }
}
