import Foundation
import StateProofJSON
import StateProofSystem

/// Reads securesystemslib's JSON public key (`SSlibKey.to_dict()`: `keytype`, `scheme`,
/// `keyval.public`, hex for Ed25519 and a PEM SubjectPublicKeyInfo otherwise), alone or as
/// `scripts/dsse keygen` writes it (`{"keyid": …, "key": {…}}`). Its scheme is the one the key
/// checks: an `rsassa-pss-sha256` key takes no PKCS#1 v1.5 signature, and the other way round.
/// Other members (`keyid_hash_algorithms`, tools' own fields) are not read, as securesystemslib
/// keeps them aside.
enum SecureSystemsLibKey {
  /// The schemes read, each with the key type securesystemslib names for it and the algorithm
  /// its key must have. ECDSA's scheme is also its legacy key type.
  private static let schemes: [String: (keytypes: Set<String>, algorithm: PublicKey.Algorithm)] = [
    "ed25519": (["ed25519"], .ed25519),
    "ecdsa-sha2-nistp256": (["ecdsa", "ecdsa-sha2-nistp256"], .ecdsaP256),
    "ecdsa-sha2-nistp384": (["ecdsa", "ecdsa-sha2-nistp384"], .ecdsaP384),
    "rsassa-pss-sha256": (["rsa"], .rsaPSS),
    "rsa-pkcs1v15-sha256": (["rsa"], .rsaPKCS1v15),
  ]

  static func parse(_ data: Data) throws(PublicKeyProblem) -> PublicKey {
    struct Key: Decodable {
      var keytype: String
      var scheme: String
      var keyval: Value
    }
    struct Value: Decodable {
      var `public`: String
      var `private`: String?
    }
    let root: JSONNode
    do throws(JSONError) {
      root = try JSONNode.parse(data)
    } catch {
      throw .json(JSONProblem(JSONDecodingError(error)))
    }
    let key: Key
    do throws(JSONDecodingError) {
      // scripts/dsse keygen's file holds the key under "key", beside its keyid.
      if case .object(let members) = root.value, members["keytype"] == nil, let inner = members["key"] {
        key = try JSONDecoding.decode(Key.self, from: inner, path: JSONPath([.key("key")]))
      } else {
        key = try JSONDecoding.decode(Key.self, from: root)
      }
    } catch {
      throw .json(JSONProblem(error))
    }
    guard key.keyval.private?.isEmpty ?? true else { throw .privateKey }
    guard let (keytypes, algorithm) = schemes[key.scheme], keytypes.contains(key.keytype) else {
      throw .scheme(keytype: key.keytype, scheme: key.scheme)
    }
    let publicKey: PublicKey
    if algorithm == .ed25519 {
      guard let raw = hexBytes(key.keyval.public), raw.count == 32 else { throw .malformed }
      publicKey = try SubjectPublicKeyInfo.parse(ed25519: raw)
    } else {
      publicKey = try PublicKeyFile.parse(pem: Data(key.keyval.public.utf8))
    }
    // A bare RSA key takes either scheme, so the JSON's decides; an id-RSASSA-PSS key only PSS.
    let fits = publicKey.algorithm == algorithm || (publicKey.algorithm == .rsaPKCS1v15OrPSS && algorithm.isRSA)
    guard fits else { throw .schemeMismatch(scheme: key.scheme, key: publicKey.algorithm.rawValue) }
    return PublicKey(algorithm: algorithm, der: publicKey.der, raw: publicKey.raw)
  }

  /// Bytes of hex digits (either case), nil for anything else.
  private static func hexBytes(_ text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
    }
    return bytes
  }

  private static func hexValue(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
