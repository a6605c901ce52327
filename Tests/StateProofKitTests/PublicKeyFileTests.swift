import Foundation
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofKit

/// `verify --key`'s key reading and signature checking against published test vectors (RFC 8032
/// for Ed25519, RFC 6979 for ECDSA P-256 with SHA-256) and keys and signatures Python's
/// `cryptography` made (`Fixtures/keys`: RSA with PKCS#1 v1.5 and PSS, RSA-PSS keys, P-384,
/// securesystemslib's `.pub.json`): a signature verifies with its key over its message, by the
/// scheme the key file names, and with nothing else; keys too weak, of other kinds or malformed
/// are refused with why, and hostile key bytes without a crash.
struct PublicKeyFileTests {
  private static func bytes(_ hex: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      bytes.append(UInt8(hex[index..<next], radix: 16)!)
      index = next
    }
    return bytes
  }

  private static func pem(_ der: [UInt8]) -> Data {
    Data(
      "-----BEGIN PUBLIC KEY-----\n\(Data(der).base64EncodedString(options: .lineLength64Characters))\n-----END PUBLIC KEY-----\n"
        .utf8)
  }

  /// RFC 8032 §7.1, test 2: a one-byte message.
  static let ed25519Key =
    bytes("302a300506032b6570032100") + bytes("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c")
  static let ed25519Signature = bytes(
    "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"
  )
  static let ed25519Message: [UInt8] = [0x72]

  /// RFC 6979 §A.2.5: P-256, SHA-256, the message "sample".
  static let p256Key =
    bytes("3059301306072a8648ce3d020106082a8648ce3d030107034200") + [0x04]
    + bytes("60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6")
    + bytes("7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299")
  static let p256Signature =
    bytes("3046022100") + bytes("efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716") + bytes("022100")
    + bytes("f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8")
  static let p256Message = Array("sample".utf8)

  @Test func ed25519SignaturesVerifyWithTheirKeyOnly() throws {
    let key = try PublicKeyFile.parse(pem: Self.pem(Self.ed25519Key))
    #expect(key.algorithm == .ed25519)
    #expect(key.verifies(Self.ed25519Signature, of: Self.ed25519Message))
    #expect(!key.verifies(Self.ed25519Signature, of: [0x73]))
    var flipped = Self.ed25519Signature
    flipped[10] ^= 1
    #expect(!key.verifies(flipped, of: Self.ed25519Message))
    #expect(!key.verifies([], of: Self.ed25519Message))
  }

  @Test func p256SignaturesVerifyWithTheirKeyOnly() throws {
    let key = try PublicKeyFile.parse(pem: Self.pem(Self.p256Key))
    #expect(key.algorithm == .ecdsaP256)
    #expect(key.verifies(Self.p256Signature, of: Self.p256Message))
    #expect(!key.verifies(Self.p256Signature, of: Array("test".utf8)))
    var flipped = Self.p256Signature
    flipped[40] ^= 1
    #expect(!key.verifies(flipped, of: Self.p256Message))
    // The other key's signature, and a raw r||s (not DER), are not this key's.
    #expect(!key.verifies(Self.ed25519Signature, of: Self.p256Message))
    #expect(!key.verifies(Array(Self.p256Signature[5..<37] + Self.p256Signature[40...]), of: Self.p256Message))
    // The fingerprint is the SHA-256 of the DER, as openssl and sha256sum give it.
    #expect(key.fingerprint == SHA256.hex(of: Data(Self.p256Key)))
  }

  /// A fixture's bytes.
  private static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: TestFiles.keyFixture(name))
  }

  private static func key(_ name: String) throws -> PublicKey {
    try PublicKeyFile.parse(fixture(name))
  }

  /// A fixture signature (base64 text) of `message.txt`.
  private static func signature(_ name: String) throws -> [UInt8] {
    let text = try #require(String(data: fixture(name + ".sig"), encoding: .utf8))
    return [UInt8](try #require(Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines))))
  }

  private static var message: [UInt8] { get throws { [UInt8](try fixture("message.txt")) } }

  @Test func rsaKeysVerifyPKCS1v15AndPSSSignaturesOverSHA256() throws {
    let message = try Self.message
    for bits in [2048, 3072] {
      let key = try Self.key("rsa\(bits).pub")
      #expect(key.algorithm == .rsaPKCS1v15OrPSS)
      #expect(key.verifies(try Self.signature("rsa\(bits).pkcs1v15"), of: message))
      #expect(key.verifies(try Self.signature("rsa\(bits).pss"), of: message))
      #expect(!key.verifies(try Self.signature("rsa\(bits).pss"), of: message + [0]))
      var flipped = try Self.signature("rsa\(bits).pkcs1v15")
      flipped[100] ^= 1
      #expect(!key.verifies(flipped, of: message))
    }
    let key = try Self.key("rsa2048.pub")
    #if !canImport(Security)
      // libcrypto finds a PSS salt of any length (here the most the key allows); the Security
      // framework takes only the digest's 32 bytes.
      #expect(key.verifies(try Self.signature("rsa2048.pss-max"), of: message))
    #endif
    // Over SHA-384, or by another key: not this key's.
    #expect(!key.verifies(try Self.signature("rsa2048.pkcs1v15-sha384"), of: message))
    #expect(!key.verifies(try Self.signature("rsa3072.pkcs1v15"), of: message))
    #expect(!(try Self.key("rsa3072.pub")).verifies(try Self.signature("rsa2048.pss"), of: message))
    // The same key as PKCS#1 (BEGIN RSA PUBLIC KEY): the same key, and openssl's fingerprint.
    let pkcs1 = try Self.key("rsa2048.pkcs1.pem")
    #expect(pkcs1 == key)
    #expect(key.fingerprint == SHA256.hex(of: Data(key.der)))
  }

  @Test func anRSAPSSKeyTakesOnlyPSSSignatures() throws {
    let message = try Self.message
    let bound = try Self.key("rsapss.pub")
    #expect(bound.algorithm == .rsaPSS)
    #expect(bound.verifies(try Self.signature("rsapss"), of: message))
    #expect(!bound.verifies(try Self.signature("rsapss.pkcs1v15"), of: message))
    let unbound = try Self.key("rsapss-unbound.pub")
    #expect(unbound.algorithm == .rsaPSS)
    #expect(unbound.verifies(try Self.signature("rsapss-unbound"), of: message))
    #expect(throws: PublicKeyProblem.unsupported("an RSA-PSS key bound to a hash other than SHA-256")) {
      try Self.key("rsapss-sha384.pub")
    }
  }

  @Test func p384SignaturesVerifyOverSHA384() throws {
    let message = try Self.message
    let key = try Self.key("p384.pub")
    #expect(key.algorithm == .ecdsaP384)
    #expect(key.raw.count == 97)
    #expect(key.verifies(try Self.signature("p384"), of: message))
    #expect(!key.verifies(try Self.signature("p384"), of: Array(message.dropLast())))
    #expect(!key.verifies(try Self.signature("p384-sha256"), of: message))
    #expect(!key.verifies(try Self.signature("p256"), of: message))
    #expect(!(try Self.key("p256.pub")).verifies(try Self.signature("p384"), of: message))
  }

  @Test func securesystemslibKeysVerifyWithTheirOwnSchemeOnly() throws {
    let message = try Self.message
    let cases: [(file: String, pem: String, algorithm: PublicKey.Algorithm, signature: String)] = [
      ("ed25519.pub.json", "ed25519.pub", .ed25519, "ed25519"),
      ("ed25519.keyid.pub.json", "ed25519.pub", .ed25519, "ed25519"),
      ("p256.pub.json", "p256.pub", .ecdsaP256, "p256"),
      ("p384.pub.json", "p384.pub", .ecdsaP384, "p384"),
      ("rsa2048-pss.pub.json", "rsa2048.pub", .rsaPSS, "rsa2048.pss"),
      ("rsa2048-pkcs1v15.pub.json", "rsa2048.pub", .rsaPKCS1v15, "rsa2048.pkcs1v15"),
    ]
    for (file, pem, algorithm, signature) in cases {
      let key = try Self.key(file)
      #expect(key.algorithm == algorithm, "\(file)")
      #expect(key.verifies(try Self.signature(signature), of: message), "\(file)")
      #expect(key.der == (try Self.key(pem)).der, "\(file): the same key as \(pem)")
      #expect(!key.verifies(try Self.signature(signature), of: message + [0]), "\(file)")
    }
    // The scheme decides: a PSS key takes no PKCS#1 v1.5 signature, and the other way round.
    #expect(!(try Self.key("rsa2048-pss.pub.json")).verifies(try Self.signature("rsa2048.pkcs1v15"), of: message))
    #expect(!(try Self.key("rsa2048-pkcs1v15.pub.json")).verifies(try Self.signature("rsa2048.pss"), of: message))
    // Another key's signature.
    #expect(!(try Self.key("ed25519.pub.json")).verifies(try Self.signature("p256"), of: message))
    // Members securesystemslib keeps aside are not read.
    var record = try #require(try JSONSerialization.jsonObject(with: Self.fixture("p384.pub.json")) as? [String: Any])
    record["keyid_hash_algorithms"] = ["sha256", "sha512"]
    record["x-tuf-on-ci-keyowner"] = "@releaser"
    let extra = try PublicKeyFile.parse(JSONSerialization.data(withJSONObject: record))
    #expect(extra.verifies(try Self.signature("p384"), of: message))
  }

  @Test func whatIsNoUsablePublicKeyIsRefusedWithWhy() throws {
    #expect(throws: PublicKeyProblem.notPEM) { try PublicKeyFile.parse(Data("ssh-ed25519 AAAA".utf8)) }
    #expect(throws: PublicKeyProblem.privateKey) {
      try PublicKeyFile.parse(Data("-----BEGIN PRIVATE KEY-----\nMC4CAQA=\n-----END PRIVATE KEY-----\n".utf8))
    }
    #expect(throws: PublicKeyProblem.malformed) {
      try PublicKeyFile.parse(Data("-----BEGIN PUBLIC KEY-----\n!!!\n-----END PUBLIC KEY-----\n".utf8))
    }
    #expect(throws: PublicKeyProblem.unsupported("an elliptic curve other than P-256 and P-384")) {
      try Self.key("p521.pub")
    }
    // Too short to trust, as PEM and as securesystemslib's key.
    #expect(throws: PublicKeyProblem.rsaTooSmall(bits: 1024)) { try Self.key("rsa1024.pub") }
    #expect(throws: PublicKeyProblem.rsaTooSmall(bits: 1024)) { try Self.key("rsa1024.pub.json") }
    #expect(
      PublicKeyProblem.rsaTooSmall(bits: 1024).description
        == "an RSA key of 1024 bits, too short to trust: StateProof checks RSA keys of 2048 bits or more")
    // An Ed25519 key one byte short, and one with bytes after it.
    #expect(throws: PublicKeyProblem.malformed) { try SubjectPublicKeyInfo.parse(Array(Self.ed25519Key.dropLast())) }
    #expect(throws: PublicKeyProblem.malformed) { try SubjectPublicKeyInfo.parse(Self.ed25519Key + [0]) }
    // A P-256 point off its curve: the crypto library would verify nothing with it.
    var offCurve = Self.p256Key
    offCurve[offCurve.count - 1] ^= 1
    #expect(throws: PublicKeyProblem.malformed) { try SubjectPublicKeyInfo.parse(offCurve) }
    // An RSA key (its DER ends in the exponent 65537, 02 03 01 00 01) with its modulus made even,
    // its exponent even, its exponent 1 written with needless zeros, or cut short.
    let rsa = try Self.key("rsa2048.pub").der
    #expect(Array(rsa.suffix(5)) == [0x02, 0x03, 0x01, 0x00, 0x01])
    var evenModulus = rsa
    evenModulus[rsa.count - 6] &= 0xFE
    var evenExponent = rsa
    evenExponent[rsa.count - 1] = 0
    var one = rsa
    one[rsa.count - 3] = 0
    for der in [evenModulus, evenExponent, one, Array(rsa.dropLast())] {
      #expect(throws: PublicKeyProblem.malformed) { try SubjectPublicKeyInfo.parse(der) }
    }
  }

  @Test func aSecureSystemsLibKeyMustBeOfItsSchemesKind() throws {
    func record(_ edit: (inout [String: Any]) -> Void, from file: String = "p256.pub.json") throws -> Data {
      var record = try #require(try JSONSerialization.jsonObject(with: Self.fixture(file)) as? [String: Any])
      edit(&record)
      return try JSONSerialization.data(withJSONObject: record)
    }
    #expect(throws: PublicKeyProblem.scheme(keytype: "ecdsa", scheme: "ecdsa-sha2-nistp521")) {
      try PublicKeyFile.parse(try record { $0["scheme"] = "ecdsa-sha2-nistp521" })
    }
    #expect(throws: PublicKeyProblem.scheme(keytype: "rsa", scheme: "rsassa-pss-sha512")) {
      try PublicKeyFile.parse(try record({ $0["scheme"] = "rsassa-pss-sha512" }, from: "rsa2048-pss.pub.json"))
    }
    #expect(throws: PublicKeyProblem.scheme(keytype: "rsa", scheme: "ecdsa-sha2-nistp256")) {
      try PublicKeyFile.parse(try record { $0["keytype"] = "rsa" })
    }
    #expect(throws: PublicKeyProblem.schemeMismatch(scheme: "ecdsa-sha2-nistp384", key: "ECDSA P-256")) {
      try PublicKeyFile.parse(try record { $0["scheme"] = "ecdsa-sha2-nistp384" })
    }
    // An id-RSASSA-PSS key named for PKCS#1 v1.5.
    let pss = try #require(String(data: Self.fixture("rsapss.pub"), encoding: .utf8))
    #expect(throws: PublicKeyProblem.schemeMismatch(scheme: "rsa-pkcs1v15-sha256", key: "RSA-PSS SHA-256")) {
      try PublicKeyFile.parse(
        try record({ $0["keyval"] = ["public": pss] }, from: "rsa2048-pkcs1v15.pub.json"))
    }
    #expect(throws: PublicKeyProblem.privateKey) {
      try PublicKeyFile.parse(
        try record { $0["keyval"] = ["public": "", "private": "-----BEGIN EC PRIVATE KEY-----"] })
    }
    #expect(throws: PublicKeyProblem.malformed) {
      try PublicKeyFile.parse(try record({ $0["keyval"] = ["public": "b94c1eca"] }, from: "ed25519.pub.json"))
    }
    // Not of its shape: placed by line, column and key path.
    let missing = try record { $0["scheme"] = nil }
    #expect(throws: PublicKeyProblem.self) { try PublicKeyFile.parse(missing) }
    do {
      _ = try PublicKeyFile.parse(Data(#"{"keyid": "k", "key": {"keytype": "ed25519"}}"#.utf8))
      Issue.record("a key without a scheme was read")
    } catch {
      #expect(
        error.description == #"not a securesystemslib key (.pub.json): line 1, column 23: "key": missing "scheme""#)
    }
  }

  @Test func hostileKeyBytesNeverCrash() throws {
    let rsa = try Self.key("rsa2048.pub").der
    let p384 = try Self.key("p384.pub").der
    let pss = try Self.key("rsapss.pub").der
    let keys = [Self.p256Key, Self.ed25519Key, rsa, p384, pss]
    var random = SeededRandom(seed: 35)
    for round in 0..<20_000 {
      var der = keys[round % keys.count]
      for _ in 0..<(1 + round % 4) {
        let index = Int(random.next() % UInt64(der.count))
        der[index] = UInt8(truncatingIfNeeded: random.next())
      }
      if round % 7 == 0 { der = Array(der.prefix(Int(random.next() % UInt64(der.count)))) }
      if let key = try? SubjectPublicKeyInfo.parse(der) {
        _ = key.verifies(Self.p256Signature, of: Self.p256Message)
      }
    }
  }
}
