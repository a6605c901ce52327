import StateProofSystem

/// Reads a DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7) into a ``PublicKey``, strictly: Ed25519
/// (RFC 8410); ECDSA on P-256 or P-384 (RFC 5480, an uncompressed point); RSA (`rsaEncryption`,
/// RFC 8017, or `id-RSASSA-PSS` bound to SHA-256 or to nothing, RFC 4055) of 2048 to 16384 bits.
/// Nothing may follow an element, and the crypto library must take the key.
enum SubjectPublicKeyInfo {
  /// The key `der` holds: `SEQUENCE { SEQUENCE { OID, parameters }, BIT STRING }`.
  static func parse(_ der: [UInt8]) throws(PublicKeyProblem) -> PublicKey {
    var outer = DERReader(der)
    guard let info = outer.next(0x30), outer.isAtEnd else { throw .malformed }
    var fields = outer.inside(info)
    guard let identifier = fields.next(0x30), let bits = fields.next(0x03), fields.isAtEnd else { throw .malformed }
    var parameters = fields.inside(identifier)
    guard let oid = parameters.next(0x06) else { throw .malformed }
    let key = fields.contents(of: bits)
    // A BIT STRING's first byte counts the unused bits of its last: keys use whole bytes.
    guard key.first == 0 else { throw .malformed }
    let raw = Array(key.dropFirst())
    let algorithm: PublicKey.Algorithm
    switch Array(parameters.contents(of: oid)) {
    case ed25519OID:
      guard parameters.isAtEnd, raw.count == 32 else { throw .malformed }
      algorithm = .ed25519
    case ecPublicKeyOID:
      guard let curve = parameters.next(0x06), parameters.isAtEnd else { throw .malformed }
      switch Array(parameters.contents(of: curve)) {
      case p256OID: algorithm = .ecdsaP256
      case p384OID: algorithm = .ecdsaP384
      default: throw .unsupported("an elliptic curve other than P-256 and P-384")
      }
      // Uncompressed points only, as every signer here writes them.
      guard raw.count == (algorithm == .ecdsaP256 ? 65 : 97), raw.first == 0x04 else { throw .malformed }
    case rsaOID:
      // rsaEncryption's parameters are NULL.
      guard let null = parameters.next(0x05), parameters.contents(of: null).isEmpty, parameters.isAtEnd else {
        throw .malformed
      }
      try checkRSAKey(raw)
      algorithm = .rsaPKCS1v15OrPSS
    case rsaPSSOID:
      try checkPSSParameters(&parameters)
      try checkRSAKey(raw)
      algorithm = .rsaPSS
    default:
      throw .unsupported("a key of another algorithm")
    }
    let publicKey = PublicKey(algorithm: algorithm, der: der, raw: raw)
    guard publicKey.isUsable else { throw .malformed }
    return publicKey
  }

  /// A PKCS#1 `RSAPublicKey` alone (PEM `RSA PUBLIC KEY`), read as the `rsaEncryption`
  /// SubjectPublicKeyInfo that holds it, so its fingerprint is openssl's for the same key.
  static func parse(pkcs1 key: [UInt8]) throws(PublicKeyProblem) -> PublicKey {
    let identifier = element(0x30, [0x06, UInt8(rsaOID.count)] + rsaOID + [0x05, 0x00])
    return try parse(element(0x30, identifier + element(0x03, [0] + key)))
  }

  /// A raw 32-byte Ed25519 key (securesystemslib's hex), read as its SubjectPublicKeyInfo.
  static func parse(ed25519 key: [UInt8]) throws(PublicKeyProblem) -> PublicKey {
    let identifier = element(0x30, [0x06, UInt8(ed25519OID.count)] + ed25519OID)
    return try parse(element(0x30, identifier + element(0x03, [0] + key)))
  }

  /// The key in an RSA SubjectPublicKeyInfo's BIT STRING, `SEQUENCE { INTEGER modulus, INTEGER
  /// publicExponent }`: both positive and minimally encoded, the modulus odd and of 2048 to
  /// 16384 bits (libcrypto's most), the exponent odd, above 1 and at most 64 bits.
  private static func checkRSAKey(_ key: [UInt8]) throws(PublicKeyProblem) {
    var outer = DERReader(key)
    guard let sequence = outer.next(0x30), outer.isAtEnd else { throw .malformed }
    var fields = outer.inside(sequence)
    guard let modulusElement = fields.next(0x02), let exponentElement = fields.next(0x02), fields.isAtEnd,
      let modulus = magnitude(fields.contents(of: modulusElement)),
      let exponent = magnitude(fields.contents(of: exponentElement)),
      let low = modulus.last, low & 1 == 1, let exponentLow = exponent.last, exponentLow & 1 == 1,
      exponent.count <= 8, exponent.count > 1 || exponentLow > 1, let high = modulus.first
    else { throw .malformed }
    let bits = modulus.count * 8 - high.leadingZeroBitCount
    guard bits >= 2048 else { throw .rsaTooSmall(bits: bits) }
    guard bits <= 16384 else { throw .unsupported("an RSA key of \(bits) bits (more than 16384)") }
  }

  /// A DER INTEGER's magnitude without its sign byte, when it is positive and minimally encoded.
  private static func magnitude(_ contents: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    guard let first = contents.first, first < 0x80 else { return nil }
    guard first == 0 else { return contents }
    // A leading zero only keeps the next byte's high bit from reading as a sign.
    guard let next = contents.dropFirst().first, next >= 0x80 else { return nil }
    return contents.dropFirst()
  }

  /// `id-RSASSA-PSS`'s parameters: none (the key is bound to no hash), or RSASSA-PSS-params
  /// naming SHA-256 for the hash and MGF1's (a hash left out is SHA-1), with any salt length and
  /// the one trailer field.
  private static func checkPSSParameters(_ reader: inout DERReader) throws(PublicKeyProblem) {
    guard !reader.isAtEnd else { return }
    guard let sequence = reader.next(0x30), reader.isAtEnd else { throw .malformed }
    var fields = reader.inside(sequence)
    var hash = sha1OID
    var maskHash = sha1OID
    if let element = fields.next(0xA0) {
      var inner = fields.inside(element)
      hash = try digest(in: &inner)
    }
    if let element = fields.next(0xA1) {
      var inner = fields.inside(element)
      guard let identifier = inner.next(0x30), inner.isAtEnd else { throw .malformed }
      var algorithm = inner.inside(identifier)
      guard let oid = algorithm.next(0x06), Array(algorithm.contents(of: oid)) == mgf1OID else { throw .malformed }
      maskHash = try digest(in: &algorithm)
    }
    if let element = fields.next(0xA2) {
      var inner = fields.inside(element)
      guard let salt = inner.next(0x02), inner.isAtEnd, let first = inner.contents(of: salt).first, first < 0x80 else {
        throw .malformed
      }
    }
    if let element = fields.next(0xA3) {
      var inner = fields.inside(element)
      guard let trailer = inner.next(0x02), inner.isAtEnd, Array(inner.contents(of: trailer)) == [1] else {
        throw .malformed
      }
    }
    guard fields.isAtEnd else { throw .malformed }
    guard hash == sha256OID, maskHash == sha256OID else {
      throw .unsupported("an RSA-PSS key bound to a hash other than SHA-256")
    }
  }

  /// The OID of the digest AlgorithmIdentifier that ends `reader`; its parameters are NULL or absent.
  private static func digest(in reader: inout DERReader) throws(PublicKeyProblem) -> [UInt8] {
    guard let identifier = reader.next(0x30), reader.isAtEnd else { throw .malformed }
    var algorithm = reader.inside(identifier)
    guard let oid = algorithm.next(0x06) else { throw .malformed }
    if let null = algorithm.next(0x05), !algorithm.contents(of: null).isEmpty { throw .malformed }
    guard algorithm.isAtEnd else { throw .malformed }
    return Array(algorithm.contents(of: oid))
  }

  /// A DER element of `tag` around `contents`.
  private static func element(_ tag: UInt8, _ contents: [UInt8]) -> [UInt8] {
    let count = contents.count
    guard count >= 0x80 else { return [tag, UInt8(count)] + contents }
    let length = withUnsafeBytes(of: UInt32(count).bigEndian) { Array($0.drop { $0 == 0 }) }
    return [tag, 0x80 | UInt8(length.count)] + length + contents
  }

  private static let ed25519OID: [UInt8] = [0x2B, 0x65, 0x70]
  private static let ecPublicKeyOID: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
  private static let p256OID: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
  private static let p384OID: [UInt8] = [0x2B, 0x81, 0x04, 0x00, 0x22]
  private static let rsaOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
  private static let rsaPSSOID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x0A]
  private static let mgf1OID: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x08]
  private static let sha1OID: [UInt8] = [0x2B, 0x0E, 0x03, 0x02, 0x1A]
  private static let sha256OID: [UInt8] = [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
}
