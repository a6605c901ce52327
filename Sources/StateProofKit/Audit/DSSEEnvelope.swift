import Foundation
import StateProofJSON
import StateProofSystem

/// A DSSE envelope (https://github.com/secure-systems-lab/dsse, protocol v1): a payload, its
/// type, and signatures over the pre-authentication encoding (PAE) of exactly those two. Read
/// strictly: `payloadType`, `payload` and `signatures` and no other key, each signature `sig`
/// with an optional `keyid`, since anything beside the payload is not signed; and at most
/// ``maximumSignatures`` signatures, so a flood of them is neither held nor tried.
package struct DSSEEnvelope: Sendable {
  /// The one payload type StateProof reads: an in-toto statement.
  package static let inTotoPayloadType = "application/vnd.in-toto+json"
  /// The most signatures an envelope may carry: a signer writes one to three. Past it the rest
  /// are only counted, for the refusal, never decoded or checked.
  package static let maximumSignatures = 16

  package var payloadType: String
  /// The payload's bytes, base64-decoded: what the signatures cover, and the statement read.
  package var payload: Data
  /// Each signature's bytes, base64-decoded.
  package var signatures: [[UInt8]]

  /// The envelope that comes next in `parser`, which `what` names in a refusal ("the DSSE
  /// envelope", "the Sigstore bundle's dsseEnvelope").
  package init(from parser: inout JSONPullParser, what: String) throws(StatementProblem) {
    var type: String?
    var text: String?
    var signatures: [[UInt8]]?
    try StatementLayer.read(&parser, what: what, allowed: ["payloadType", "payload", "signatures"]) {
      (key: String, parser: inout JSONPullParser) throws(StatementProblem) in
      switch key {
      case "payloadType": type = try StatementLayer.string(key, from: &parser, in: what)
      case "payload": text = try StatementLayer.string(key, from: &parser, in: what)
      default: signatures = try Self.signatures(from: &parser, in: what)
      }
    }
    guard let type else { throw .missingKey(key: "payloadType", in: what) }
    guard type == Self.inTotoPayloadType else { throw .payloadType(type) }
    guard let text else { throw .missingKey(key: "payload", in: what) }
    guard let payload = Self.base64(text) else { throw .payloadNotBase64 }
    guard let signatures else { throw .missingKey(key: "signatures", in: what) }
    payloadType = type
    self.payload = payload
    self.signatures = signatures
  }

  /// The `signatures` array: each of the first ``maximumSignatures`` read and decoded, any more
  /// passed over and counted, and then refused with their count.
  private static func signatures(from parser: inout JSONPullParser, in what: String) throws(StatementProblem)
    -> [[UInt8]]
  {
    guard try StatementLayer.json({ () throws(JSONError) in try parser.next() }) == .arrayStart else {
      throw .notAnArray(key: "signatures", in: what)
    }
    var signatures: [[UInt8]] = []
    var count = 0
    while try StatementLayer.json({ () throws(JSONError) in try parser.nextElement() }) {
      count += 1
      guard count <= maximumSignatures else {
        try StatementLayer.skip(&parser)
        continue
      }
      signatures.append(try signature(from: &parser, index: count - 1, in: what))
    }
    guard count <= maximumSignatures else {
      throw .tooManySignatures(count: count, limit: maximumSignatures, in: what)
    }
    return signatures
  }

  /// One signature: its `sig`, base64-decoded, and an optional `keyid` (a string or null), not used.
  private static func signature(from parser: inout JSONPullParser, index: Int, in envelope: String)
    throws(StatementProblem) -> [UInt8]
  {
    let what = "\(envelope)'s signatures[\(index)]"
    var signature: [UInt8]?
    try StatementLayer.read(&parser, what: what, allowed: ["keyid", "sig"]) {
      (key: String, parser: inout JSONPullParser) throws(StatementProblem) in
      let value = try StatementLayer.json { () throws(JSONError) in try parser.next() }
      switch (key, value) {
      case ("keyid", .string?), ("keyid", .null?): return
      case ("keyid", _): throw .notAString(key: "keyid", in: what)
      case (_, .string(let sig)?):
        guard let bytes = base64(sig) else { throw .signatureNotBase64(index: index) }
        signature = [UInt8](bytes)
      default: throw .signatureNotBase64(index: index)
      }
    }
    guard let signature else { throw .signatureNotBase64(index: index) }
    return signature
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

  /// DSSE's base64: standard or URL-safe, padded or not, nothing else (no whitespace).
  static func base64(_ text: String) -> Data? {
    var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
    if standard.utf8.count % 4 != 0 { standard += String(repeating: "=", count: 4 - standard.utf8.count % 4) }
    return Data(base64Encoded: standard)
  }
}
