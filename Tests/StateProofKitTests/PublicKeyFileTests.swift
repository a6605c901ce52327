import Foundation
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofKit

/// `verify --key`'s key reading and signature checking against published test vectors (RFC 8032
/// for Ed25519, RFC 6979 for ECDSA P-256 with SHA-256), with no tool to make keys: a signature
/// verifies with its key over its message and with nothing else, and hostile key bytes are refused
/// without a crash.
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
    Data("-----BEGIN PUBLIC KEY-----\n\(Data(der).base64EncodedString(options: .lineLength64Characters))\n-----END PUBLIC KEY-----\n".utf8)
  }

  /// RFC 8032 §7.1, test 2: a one-byte message.
  static let ed25519Key = bytes("302a300506032b6570032100") + bytes("3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c")
  static let ed25519Signature = bytes(
    "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00")
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

  @Test func whatIsNoUsablePublicKeyIsRefusedWithWhy() throws {
    #expect(throws: PublicKeyProblem.notPEM) { try PublicKeyFile.parse(pem: Data(#"{"keyid":"k"}"#.utf8)) }
    #expect(throws: PublicKeyProblem.privateKey) {
      try PublicKeyFile.parse(pem: Data("-----BEGIN PRIVATE KEY-----\nMC4CAQA=\n-----END PRIVATE KEY-----\n".utf8))
    }
    #expect(throws: PublicKeyProblem.malformed) {
      try PublicKeyFile.parse(pem: Data("-----BEGIN PUBLIC KEY-----\n!!!\n-----END PUBLIC KEY-----\n".utf8))
    }
    // P-384: another curve.
    var p384 = Self.p256Key
    p384.replaceSubrange(13..<23, with: Self.bytes("06052b81040022"))
    p384[3] = 0x10
    p384[1] = 0x56
    #expect(throws: PublicKeyProblem.unsupported("an elliptic curve other than P-256")) {
      try PublicKeyFile.parse(der: p384)
    }
    // An Ed25519 key one byte short, and one with bytes after it.
    #expect(throws: PublicKeyProblem.malformed) { try PublicKeyFile.parse(der: Array(Self.ed25519Key.dropLast())) }
    #expect(throws: PublicKeyProblem.malformed) { try PublicKeyFile.parse(der: Self.ed25519Key + [0]) }
  }

  @Test func hostileKeyBytesNeverCrash() {
    var random = SeededRandom(seed: 35)
    for round in 0..<20_000 {
      var der = round % 2 == 0 ? Self.p256Key : Self.ed25519Key
      for _ in 0..<(1 + round % 4) {
        let index = Int(random.next() % UInt64(der.count))
        der[index] = UInt8(truncatingIfNeeded: random.next())
      }
      if round % 7 == 0 { der = Array(der.prefix(Int(random.next() % UInt64(der.count)))) }
      if let key = try? PublicKeyFile.parse(der: der) {
        _ = key.verifies(Self.p256Signature, of: Self.p256Message)
      }
    }
  }
}
