import Foundation

#if canImport(CommonCrypto)
  import CommonCrypto
#else
  import CCrypto
#endif

/// SHA-256 from the platform's crypto library (CommonCrypto on Apple systems, libcrypto elsewhere).
/// Every call's return code is checked: when the library fails (it can, e.g. out of memory),
/// ``finalize()`` gives no digest rather than a wrong one.
package final class SHA256 {
  #if canImport(CommonCrypto)
    private var context = CC_SHA256_CTX()
  #else
    private let context: OpaquePointer?
  #endif
  /// False once any call into the library has failed.
  private var healthy: Bool

  package init() {
    #if canImport(CommonCrypto)
      healthy = CC_SHA256_Init(&context) == 1
    #else
      context = EVP_MD_CTX_new()
      healthy = context != nil && EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1
    #endif
  }

  /// Feeds more bytes into the digest.
  package func update(_ bytes: UnsafeRawBufferPointer) {
    guard healthy, let base = bytes.baseAddress, !bytes.isEmpty else { return }
    #if canImport(CommonCrypto)
      healthy = CC_SHA256_Update(&context, base, CC_LONG(bytes.count)) == 1
    #else
      healthy = EVP_DigestUpdate(context, base, bytes.count) == 1
    #endif
  }

  deinit {
    #if !canImport(CommonCrypto)
      if let context { EVP_MD_CTX_free(context) }
    #endif
  }

  /// Finishes the digest and returns it as 64 lowercase hex digits, or nil when the crypto
  /// library failed on the way; call it once.
  package func finalize() -> String? {
    guard healthy else { return nil }
    var digest = [UInt8](repeating: 0, count: 32)
    #if canImport(CommonCrypto)
      guard CC_SHA256_Final(&digest, &context) == 1 else { return nil }
    #else
      var length: UInt32 = 0
      guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else { return nil }
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

  /// The size and digest of the regular file at `path`, read a megabyte at a time; a crypto
  /// library failure is a read error, since no digest can be trusted then.
  package static func file(at path: String) -> Result<(bytes: Int, sha256: String), RegularFileError> {
    let file: RegularFile
    switch RegularFile.open(path) {
    case .success(let opened): file = opened
    case .failure(let error): return .failure(error)
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    let hasher = SHA256()
    var bytes = 0
    while true {
      switch file.read(into: buffer) {
      case .failure(let error): return .failure(error)
      case .success(0):
        guard let digest = hasher.finalize() else {
          return .failure(.cannotRead(reason: "the crypto library failed to compute its SHA-256"))
        }
        return .success((bytes, digest))
      case .success(let count):
        bytes += count
        hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      }
    }
  }

  /// The digest of a whole buffer, or nil when the crypto library failed.
  package static func hex(of data: Data) -> String? {
    let hasher = SHA256()
    data.withUnsafeBytes { hasher.update($0) }
    return hasher.finalize()
  }
}
