import Foundation

#if canImport(CommonCrypto)
  import CommonCrypto
#else
  import CCrypto
#endif

/// A SHA-2 digest from the platform's crypto library (CommonCrypto on Apple systems, libcrypto
/// elsewhere): SHA-256 for everything StateProof hashes, SHA-512 for a signed statement's subjects
/// that carry one. Every call's return code is checked: when the library fails (it can, e.g. out
/// of memory), ``finalize()`` gives no digest rather than a wrong one.
package class MessageDigest {
  /// The digests StateProof computes, by the names in-toto gives them.
  package enum Algorithm: String, Sendable, CaseIterable {
    case sha256
    case sha512

    /// The digest's length in bytes.
    package var byteCount: Int { self == .sha256 ? 32 : 64 }
  }

  package let algorithm: Algorithm
  #if canImport(CommonCrypto)
    private var context256 = CC_SHA256_CTX()
    private var context512 = CC_SHA512_CTX()
  #else
    private let context: OpaquePointer?
  #endif
  /// False once any call into the library has failed.
  private var healthy: Bool

  package init(_ algorithm: Algorithm) {
    self.algorithm = algorithm
    #if canImport(CommonCrypto)
      healthy = algorithm == .sha256 ? CC_SHA256_Init(&context256) == 1 : CC_SHA512_Init(&context512) == 1
    #else
      context = EVP_MD_CTX_new()
      healthy =
        context != nil && EVP_DigestInit_ex(context, algorithm == .sha256 ? EVP_sha256() : EVP_sha512(), nil) == 1
    #endif
  }

  /// Feeds more bytes into the digest.
  package func update(_ bytes: UnsafeRawBufferPointer) {
    guard healthy, let base = bytes.baseAddress, !bytes.isEmpty else { return }
    #if canImport(CommonCrypto)
      healthy =
        algorithm == .sha256
        ? CC_SHA256_Update(&context256, base, CC_LONG(bytes.count)) == 1
        : CC_SHA512_Update(&context512, base, CC_LONG(bytes.count)) == 1
    #else
      healthy = EVP_DigestUpdate(context, base, bytes.count) == 1
    #endif
  }

  deinit {
    #if !canImport(CommonCrypto)
      if let context { EVP_MD_CTX_free(context) }
    #endif
  }

  /// Finishes the digest and returns it as lowercase hex digits (64 for SHA-256, 128 for
  /// SHA-512), or nil when the crypto library failed on the way; call it once.
  package func finalize() -> String? {
    guard healthy else { return nil }
    let count = algorithm.byteCount
    var digest = [UInt8](repeating: 0, count: count)
    #if canImport(CommonCrypto)
      let finished =
        algorithm == .sha256 ? CC_SHA256_Final(&digest, &context256) : CC_SHA512_Final(&digest, &context512)
      guard finished == 1 else { return nil }
    #else
      var length: UInt32 = 0
      guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == count else { return nil }
    #endif
    // One allocation for the digits: a report of 100,000 files keeps all of them.
    let digits = Array("0123456789abcdef".utf8)
    return String(
      unsafeUninitializedCapacity: count * 2,
      initializingUTF8With: { buffer in
        for (index, byte) in digest.enumerated() {
          buffer[index * 2] = digits[Int(byte >> 4)]
          buffer[index * 2 + 1] = digits[Int(byte & 0x0F)]
        }
        return count * 2
      })
  }

  /// The size and digest of the regular file at `path`, read a megabyte at a time; a crypto
  /// library failure is a read error, since no digest can be trusted then.
  package static func file(at path: String, _ algorithm: Algorithm) -> Result<
    (bytes: Int, digest: String), RegularFileError
  > {
    let file: RegularFile
    switch RegularFile.open(path) {
    case .success(let opened): file = opened
    case .failure(let error): return .failure(error)
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    defer { buffer.deallocate() }
    let hasher = MessageDigest(algorithm)
    var bytes = 0
    while true {
      switch file.read(into: buffer) {
      case .failure(let error): return .failure(error)
      case .success(0):
        guard let digest = hasher.finalize() else {
          return .failure(.cannotRead(reason: "the crypto library failed to compute its \(algorithm.name)"))
        }
        return .success((bytes, digest))
      case .success(let count):
        bytes += count
        hasher.update(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
      }
    }
  }

  /// The digest of a whole buffer, or nil when the crypto library failed.
  package static func hex(of data: Data, _ algorithm: Algorithm) -> String? {
    let hasher = MessageDigest(algorithm)
    data.withUnsafeBytes { hasher.update($0) }
    return hasher.finalize()
  }
}

extension MessageDigest {
  /// Adds one file's line as `sha256sum` prints it (`DIGEST  PATH`): a digest of such lines, in
  /// the order of the paths' bytes, names a set of files (a result bundle's tree, the templates)
  /// and can be checked with `sha256sum … | sha256sum`.
  package func addSumsLine(sha256: String, path: String) {
    var line = sha256 + "  " + path + "\n"
    line.withUTF8 { update(UnsafeRawBufferPointer($0)) }
  }
}

extension MessageDigest.Algorithm {
  /// The name people write: "SHA-256", "SHA-512".
  package var name: String { self == .sha256 ? "SHA-256" : "SHA-512" }
}

/// SHA-256, the digest every file StateProof reads or writes is named by.
package final class SHA256: MessageDigest {
  package init() { super.init(.sha256) }

  /// The size and SHA-256 of the regular file at `path` (``MessageDigest/file(at:_:)``).
  package static func file(at path: String) -> Result<(bytes: Int, sha256: String), RegularFileError> {
    MessageDigest.file(at: path, .sha256).map { (bytes: $0.bytes, sha256: $0.digest) }
  }

  /// The SHA-256 of a whole buffer, or nil when the crypto library failed.
  package static func hex(of data: Data) -> String? { MessageDigest.hex(of: data, .sha256) }
}
