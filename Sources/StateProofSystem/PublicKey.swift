import Foundation

#if canImport(CryptoKit)
  import CryptoKit
#else
  import CCrypto
#endif

/// A public key that checks signatures: Ed25519, or ECDSA on P-256 with SHA-256. The one place
/// signatures meet the platform's crypto library (CryptoKit on Apple systems, libcrypto
/// elsewhere); reading a key file into one is the caller's.
package struct PublicKey: Sendable, Hashable {
  package enum Algorithm: String, Sendable, Hashable {
    case ed25519 = "Ed25519"
    case ecdsaP256 = "ECDSA P-256"
  }

  package let algorithm: Algorithm
  /// The SubjectPublicKeyInfo, DER.
  package let der: [UInt8]
  /// The key's own bits: 32 bytes for Ed25519, the 65-byte uncompressed point for P-256.
  package let raw: [UInt8]

  /// A key whose `der` SubjectPublicKeyInfo holds `raw`, as its reader found them.
  package init(algorithm: Algorithm, der: [UInt8], raw: [UInt8]) {
    self.algorithm = algorithm
    self.der = der
    self.raw = raw
  }

  /// The SHA-256 of the DER SubjectPublicKeyInfo, in hex: what `openssl pkey -pubin -outform
  /// DER | sha256sum` prints for the same key, to tell keys apart.
  package var fingerprint: String {
    MessageDigest.hex(of: Data(der), .sha256) ?? ""
  }

  /// Whether `signature` is this key's over `message`: Ed25519's over the message itself, or
  /// ECDSA's (DER-encoded, as DSSE signers write it) over its SHA-256.
  package func verifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
    #if canImport(CryptoKit)
      switch algorithm {
      case .ed25519:
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else { return false }
        return key.isValidSignature(signature, for: message)
      case .ecdsaP256:
        guard let key = try? P256.Signing.PublicKey(x963Representation: raw),
          let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature)
        else { return false }
        return key.isValidSignature(parsed, for: message)
      }
    #else
      return der.withUnsafeBufferPointer { (keyBytes) -> Bool in
        var cursor: UnsafePointer<UInt8>? = keyBytes.baseAddress
        guard let key = d2i_PUBKEY(nil, &cursor, keyBytes.count) else { return false }
        defer { EVP_PKEY_free(key) }
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        // Ed25519 hashes inside the signature scheme: no digest is named for it.
        let digest = algorithm == .ed25519 ? nil : EVP_sha256()
        guard EVP_DigestVerifyInit(context, nil, digest, nil, key) == 1 else { return false }
        return signature.withUnsafeBufferPointer { signatureBytes in
          message.withUnsafeBufferPointer { messageBytes in
            EVP_DigestVerify(
              context, signatureBytes.baseAddress, signatureBytes.count, messageBytes.baseAddress, messageBytes.count)
              == 1
          }
        }
      }
    #endif
  }
}
