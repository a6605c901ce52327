import Foundation

#if canImport(CryptoKit)
  import CryptoKit
#else
  import CCrypto
#endif

/// A public key that checks signatures: Ed25519, ECDSA on P-256 with SHA-256 or on P-384 with
/// SHA-384, or RSA with SHA-256 (PKCS#1 v1.5 or PSS). The one place signatures meet the
/// platform's crypto library (CryptoKit, and the Security framework for RSA, on Apple systems;
/// libcrypto elsewhere); reading a key file into one is the caller's.
package struct PublicKey: Sendable, Hashable {
  package enum Algorithm: String, Sendable, Hashable, CaseIterable {
    case ed25519 = "Ed25519"
    case ecdsaP256 = "ECDSA P-256"
    case ecdsaP384 = "ECDSA P-384"
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    case rsaPKCS1v15 = "RSA PKCS#1 v1.5 SHA-256"
    /// RSASSA-PSS with SHA-256 and MGF1 over SHA-256.
    case rsaPSS = "RSA-PSS SHA-256"
    /// An RSA key whose file names no scheme (a bare PEM key): a signature of either RSA scheme.
    case rsaPKCS1v15OrPSS = "RSA PKCS#1 v1.5 or PSS SHA-256"

    /// Whether the key is an RSA key.
    package var isRSA: Bool { self == .rsaPKCS1v15 || self == .rsaPSS || self == .rsaPKCS1v15OrPSS }
  }

  /// How an RSA signature is padded.
  enum RSAPadding {
    case pkcs1v15
    /// MGF1 over SHA-256; libcrypto finds the salt's length (32 bytes as securesystemslib and
    /// cloud KMS write it, or the most the key allows), the Security framework takes 32 bytes.
    case pss
  }

  package let algorithm: Algorithm
  /// The SubjectPublicKeyInfo, DER.
  package let der: [UInt8]
  /// The key's own bits: 32 bytes for Ed25519, the uncompressed point for ECDSA (65 bytes on
  /// P-256, 97 on P-384), the PKCS#1 `RSAPublicKey` (DER) for RSA.
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

  /// Whether the crypto library takes the key (an elliptic curve point on its curve, an RSA key
  /// it can use), so a key that could verify nothing is refused when read.
  package var isUsable: Bool {
    #if canImport(CryptoKit)
      switch algorithm {
      case .ed25519: (try? Curve25519.Signing.PublicKey(rawRepresentation: raw)) != nil
      case .ecdsaP256: (try? P256.Signing.PublicKey(x963Representation: raw)) != nil
      case .ecdsaP384: (try? P384.Signing.PublicKey(x963Representation: raw)) != nil
      case .rsaPKCS1v15, .rsaPSS, .rsaPKCS1v15OrPSS: securityKey != nil
      }
    #else
      withLibcryptoKey { _ in true } ?? false
    #endif
  }

  /// Whether `signature` is this key's over `message`: Ed25519's over the message itself,
  /// ECDSA's (DER-encoded, as DSSE signers write it) over its SHA-256 (P-256) or SHA-384 (P-384),
  /// RSA's over its SHA-256 with the padding the algorithm names (either, for a key that names none).
  package func verifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
    switch algorithm {
    case .ed25519, .ecdsaP256, .ecdsaP384: curveVerifies(signature, of: message)
    case .rsaPKCS1v15: rsaVerifies(signature, of: message, padding: .pkcs1v15)
    case .rsaPSS: rsaVerifies(signature, of: message, padding: .pss)
    case .rsaPKCS1v15OrPSS:
      rsaVerifies(signature, of: message, padding: .pkcs1v15) || rsaVerifies(signature, of: message, padding: .pss)
    }
  }

  #if canImport(CryptoKit)
    private func curveVerifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
      switch algorithm {
      case .ed25519:
        guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else { return false }
        return key.isValidSignature(signature, for: message)
      case .ecdsaP256:
        guard let key = try? P256.Signing.PublicKey(x963Representation: raw),
          let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature)
        else { return false }
        return key.isValidSignature(parsed, for: message)
      case .ecdsaP384:
        guard let key = try? P384.Signing.PublicKey(x963Representation: raw),
          let parsed = try? P384.Signing.ECDSASignature(derRepresentation: signature)
        else { return false }
        return key.isValidSignature(parsed, for: message)
      case .rsaPKCS1v15, .rsaPSS, .rsaPKCS1v15OrPSS:
        return false
      }
    }
  #else
    private func curveVerifies(_ signature: [UInt8], of message: [UInt8]) -> Bool {
      libcryptoVerifies(signature, of: message, padding: nil)
    }

    private func rsaVerifies(_ signature: [UInt8], of message: [UInt8], padding: RSAPadding) -> Bool {
      libcryptoVerifies(signature, of: message, padding: padding)
    }

    /// libcrypto's check, with the digest the algorithm names (none for Ed25519, which hashes
    /// inside its scheme) and, for RSA, the padding.
    private func libcryptoVerifies(_ signature: [UInt8], of message: [UInt8], padding: RSAPadding?) -> Bool {
      let digest: OpaquePointer? =
        switch algorithm {
        case .ed25519: nil
        case .ecdsaP384: EVP_sha384()
        case .ecdsaP256, .rsaPKCS1v15, .rsaPSS, .rsaPKCS1v15OrPSS: EVP_sha256()
        }
      let verified = withLibcryptoKey { key -> Bool in
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        var keyContext: OpaquePointer?
        guard EVP_DigestVerifyInit(context, &keyContext, digest, nil, key) == 1 else { return false }
        switch padding {
        case .pkcs1v15?:
          guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PADDING) == 1 else { return false }
        case .pss?:
          guard EVP_PKEY_CTX_set_rsa_padding(keyContext, RSA_PKCS1_PSS_PADDING) == 1,
            EVP_PKEY_CTX_set_rsa_mgf1_md(keyContext, EVP_sha256()) == 1,
            EVP_PKEY_CTX_set_rsa_pss_saltlen(keyContext, RSA_PSS_SALTLEN_AUTO) == 1
          else { return false }
        case nil:
          break
        }
        return signature.withUnsafeBufferPointer { signatureBytes in
          message.withUnsafeBufferPointer { messageBytes in
            EVP_DigestVerify(
              context, signatureBytes.baseAddress, signatureBytes.count, messageBytes.baseAddress, messageBytes.count)
              == 1
          }
        }
      }
      // A signature that does not verify leaves its reasons on the thread's error queue.
      ERR_clear_error()
      return verified ?? false
    }

    /// Runs `body` with the key as libcrypto's `EVP_PKEY`: from the SubjectPublicKeyInfo, or for
    /// RSA from the PKCS#1 key (so an RSA-PSS key's parameters, already read, do not restrict the
    /// check twice). Nil when libcrypto does not take the key.
    private func withLibcryptoKey<Result>(_ body: (OpaquePointer) -> Result) -> Result? {
      let bytes = algorithm.isRSA ? raw : der
      let key = bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
        var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
        return algorithm.isRSA
          ? d2i_PublicKey(EVP_PKEY_RSA, nil, &cursor, buffer.count) : d2i_PUBKEY(nil, &cursor, buffer.count)
      }
      guard let key else {
        ERR_clear_error()
        return nil
      }
      defer { EVP_PKEY_free(key) }
      return body(key)
    }
  #endif
}
