import Foundation
import StateProofSystem

/// Reads a `verify --key` file: the first PEM `PUBLIC KEY` block (a DER SubjectPublicKeyInfo,
/// RFC 5280), Ed25519 or ECDSA P-256, as `cosign generate-key-pair`, `scripts/dsse keygen` and
/// `openssl pkey -pubout` write it.
package enum PublicKeyFile {
  /// Larger than any public key file by far.
  static let maximumBytes = 64 << 10

  package static func read(_ path: String) throws(StateProofError) -> PublicKey {
    let data = try InputFile.read(path, limit: maximumBytes, what: "--key \(path)")
    do throws(PublicKeyProblem) {
      return try parse(pem: data)
    } catch {
      throw .publicKey(file: path, reason: error)
    }
  }

  package static func parse(pem data: Data) throws(PublicKeyProblem) -> PublicKey {
    guard let text = String(data: data, encoding: .utf8) else { throw .notPEM }
    let begin = "-----BEGIN PUBLIC KEY-----"
    let end = "-----END PUBLIC KEY-----"
    guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
    else {
      throw text.contains("PRIVATE KEY-----") ? .privateKey : .notPEM
    }
    let body = text[start.upperBound..<stop.lowerBound].filter { !$0.isWhitespace }
    guard let der = Data(base64Encoded: String(body)) else { throw .malformed }
    return try parse(der: [UInt8](der))
  }

  /// A SubjectPublicKeyInfo: `SEQUENCE { SEQUENCE { OID, parameters }, BIT STRING }`.
  package static func parse(der: [UInt8]) throws(PublicKeyProblem) -> PublicKey {
    var outer = DERReader(der)
    guard let info = outer.next(0x30), outer.isAtEnd else { throw .malformed }
    var fields = outer.inside(info)
    guard let identifier = fields.next(0x30), let bits = fields.next(0x03), fields.isAtEnd else { throw .malformed }
    var algorithmFields = fields.inside(identifier)
    guard let oid = algorithmFields.next(0x06) else { throw .malformed }
    let key = fields.contents(of: bits)
    // A BIT STRING's first byte counts the unused bits of its last: keys use whole bytes.
    guard key.first == 0 else { throw .malformed }
    let algorithm: PublicKey.Algorithm
    switch Array(algorithmFields.contents(of: oid)) {
    case ed25519OID:
      guard algorithmFields.isAtEnd, key.count == 33 else { throw .malformed }
      algorithm = .ed25519
    case ecPublicKeyOID:
      guard let curve = algorithmFields.next(0x06), algorithmFields.isAtEnd else { throw .malformed }
      guard Array(algorithmFields.contents(of: curve)) == p256OID else {
        throw .unsupported("an elliptic curve other than P-256")
      }
      // Uncompressed points only, as every signer here writes them.
      guard key.count == 66, key[key.startIndex + 1] == 0x04 else { throw .malformed }
      algorithm = .ecdsaP256
    case rsaOID:
      throw .unsupported("an RSA key")
    default:
      throw .unsupported("a key of another algorithm")
    }
    return PublicKey(algorithm: algorithm, der: der, raw: Array(key.dropFirst()))
  }

  private static let ed25519OID: [UInt8] = [0x2B, 0x65, 0x70]
  private static let ecPublicKeyOID: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
  private static let p256OID: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
  private static let rsaOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
}
