#if canImport(Security)
  import Foundation
  import Security

  /// RSA on Apple systems, where CryptoKit has none: the Security framework, from the key's
  /// PKCS#1 bytes. Its PSS check takes a salt as long as the digest (32 bytes), what
  /// securesystemslib, cosign and cloud KMS write.
  extension PublicKey {
    /// The key as the Security framework's, nil when it does not take it.
    var securityKey: SecKey? {
      let attributes: [String: Any] = [
        kSecAttrKeyType as String: kSecAttrKeyTypeRSA, kSecAttrKeyClass as String: kSecAttrKeyClassPublic,
      ]
      return SecKeyCreateWithData(Data(raw) as CFData, attributes as CFDictionary, nil)
    }

    func rsaVerifies(_ signature: [UInt8], of message: [UInt8], padding: RSAPadding) -> Bool {
      guard let key = securityKey else { return false }
      let algorithm: SecKeyAlgorithm =
        switch padding {
        case .pkcs1v15: .rsaSignatureMessagePKCS1v15SHA256
        case .pss: .rsaSignatureMessagePSSSHA256
        }
      return SecKeyVerifySignature(key, algorithm, Data(message) as CFData, Data(signature) as CFData, nil)
    }
  }
#endif
