import Foundation

#if canImport(CommonCrypto)
  import CommonCrypto
#else
  import CCrypto
#endif

/// SHA-256 from the platform's crypto library (CommonCrypto on Apple systems, libcrypto elsewhere).
package final class SHA256 {
  #if canImport(CommonCrypto)
    private var context = CC_SHA256_CTX()
  #else
    private let context: OpaquePointer
  #endif

  package init() {
    #if canImport(CommonCrypto)
      CC_SHA256_Init(&context)
    #else
      context = EVP_MD_CTX_new()
      EVP_DigestInit_ex(context, EVP_sha256(), nil)
    #endif
  }

  /// Feeds more bytes into the digest.
  package func update(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    #if canImport(CommonCrypto)
      CC_SHA256_Update(&context, base, CC_LONG(bytes.count))
    #else
      EVP_DigestUpdate(context, base, bytes.count)
    #endif
  }

  deinit {
    #if !canImport(CommonCrypto)
      EVP_MD_CTX_free(context)
    #endif
  }

  /// Finishes the digest and returns it as 64 lowercase hex digits; call it once.
  package func finalize() -> String {
    var digest = [UInt8](repeating: 0, count: 32)
    #if canImport(CommonCrypto)
      CC_SHA256_Final(&digest, &context)
    #else
      var length: UInt32 = 0
      EVP_DigestFinal_ex(context, &digest, &length)
    #endif
    // One allocation for the 64 digits: a report of 100,000 files keeps all of them.
    let digits = Array("0123456789abcdef".utf8)
    return String(unsafeUninitializedCapacity: 64, initializingUTF8With: { buffer in
      for (index, byte) in digest.enumerated() {
        buffer[index * 2] = digits[Int(byte >> 4)]
        buffer[index * 2 + 1] = digits[Int(byte & 0x0F)]
      }
      return 64
    })
  }

  /// The digest of a whole buffer.
  package static func hex(of data: Data) -> String {
    let hasher = SHA256()
    data.withUnsafeBytes { hasher.update($0) }
    return hasher.finalize()
  }
}
