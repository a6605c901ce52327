import Foundation
import StateProofJSON
import StateProofSystem

/// A DSSE envelope (https://github.com/secure-systems-lab/dsse, protocol v1): a payload, its
/// type, and signatures over the pre-authentication encoding (PAE) of exactly those two. Read
/// strictly: `payloadType`, `payload` and `signatures` and no other key, each signature `sig`
/// with an optional `keyid`, since anything beside the payload is not signed.
package struct DSSEEnvelope: Sendable {
  /// The one payload type StateProof reads: an in-toto statement.
  package static let inTotoPayloadType = "application/vnd.in-toto+json"

  package var payloadType: String
  /// The payload's bytes, base64-decoded: what the signatures cover, and the statement read.
  package var payload: Data
  /// Each signature's bytes, base64-decoded.
  package var signatures: [[UInt8]]

  /// The envelope in `node`, which `what` names in a refusal ("the DSSE envelope", "the Sigstore
  /// bundle's dsseEnvelope").
  package init(_ node: JSONNode, what: String) throws(StatementProblem) {
    let members = try Self.members(of: node, what: what, allowed: ["payloadType", "payload", "signatures"])
    let type = try Self.string("payloadType", of: members, in: what)
    guard type == Self.inTotoPayloadType else { throw .payloadType(type) }
    guard let payload = Self.base64(try Self.string("payload", of: members, in: what)) else {
      throw .payloadNotBase64
    }
    guard let listed = members["signatures"] else { throw .missingKey(key: "signatures", in: what) }
    guard case .array(let list) = listed.value else { throw .notAnArray(key: "signatures", in: what) }
    var signatures: [[UInt8]] = []
    for (index, entry) in list.enumerated() {
      let signature = try Self.members(of: entry, what: "\(what)'s signatures[\(index)]", allowed: ["keyid", "sig"])
      if let keyid = signature["keyid"], keyid.value != .null {
        guard case .string = keyid.value else { throw .notAString(key: "keyid", in: "\(what)'s signatures[\(index)]") }
      }
      guard case .string(let sig)? = signature["sig"]?.value, let bytes = Self.base64(sig) else {
        throw .signatureNotBase64(index: index)
      }
      signatures.append([UInt8](bytes))
    }
    payloadType = type
    self.payload = payload
    self.signatures = signatures
  }

  /// What each signature signs: `DSSEv1 SP LEN(type) SP type SP LEN(body) SP body`, lengths
  /// in ASCII decimal.
  package var preAuthenticationEncoding: [UInt8] {
    let type = Array(payloadType.utf8)
    var bytes = Array("DSSEv1 \(type.count) ".utf8) + type + Array(" \(payload.count) ".utf8)
    bytes.append(contentsOf: payload)
    return bytes
  }

  /// Whether any signature is `key`'s over the PAE.
  package func isSigned(by key: PublicKey) -> Bool {
    let message = preAuthenticationEncoding
    return signatures.contains { key.verifies($0, of: message) }
  }

  /// An object's members, refused when it is not an object or holds a key not `allowed`.
  static func members(of node: JSONNode, what: String, allowed: Set<String>) throws(StatementProblem)
    -> [String: JSONNode]
  {
    guard case .object(let members) = node.value else { throw .notAnObject(what) }
    if let extra = members.keys.filter({ !allowed.contains($0) }).sorted().first {
      throw .unexpectedKey(key: extra, in: what, allowed: allowed.sorted())
    }
    return members
  }

  /// The string member `key`, refused when it is missing or of another type.
  static func string(_ key: String, of members: [String: JSONNode], in what: String) throws(StatementProblem)
    -> String
  {
    guard let member = members[key] else { throw .missingKey(key: key, in: what) }
    guard case .string(let text) = member.value else { throw .notAString(key: key, in: what) }
    return text
  }

  /// DSSE's base64: standard or URL-safe, padded or not, nothing else (no whitespace).
  static func base64(_ text: String) -> Data? {
    var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
    if standard.utf8.count % 4 != 0 { standard += String(repeating: "=", count: 4 - standard.utf8.count % 4) }
    return Data(base64Encoded: standard)
  }
}
