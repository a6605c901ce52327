import Foundation
import Testing
import StateProofJSON

@testable import StateProofKit

/// A statement whose envelope carries a flood of signatures (issue 45: 200,000 kept `verify --key`
/// busy for most of a minute, a million took 648 MB) is refused in every wrapping with their
/// count and the limit, before any signature past the limit is decoded, held or checked, while an
/// envelope of exactly the limit is read.
struct SignatureFloodTests {
  /// A StateProof statement naming one subject, base64: what an envelope's payload holds.
  private static let payload = Data(
    """
    {"_type":"\(AttestationStatement.statementType)","predicateType":"\(AttestationStatement.predicateType)",\
    "subject":[{"name":"report.json","digest":{"sha256":"\(String(repeating: "0", count: 64))"}}],"predicate":{}}
    """.utf8
  ).base64EncodedString()

  /// An envelope whose `signatures` array holds `elements`, each already JSON.
  private static func envelope(_ elements: some Sequence<String>) -> String {
    #"{"payloadType":"application/vnd.in-toto+json","payload":"\#(payload)","signatures":["#
      + elements.joined(separator: ",") + "]}"
  }

  /// The envelope alone, in a Sigstore bundle, and in cosign's older bundle, with the name each
  /// refusal gives the envelope.
  private static func wrappings(_ envelope: String) -> [(json: String, what: String)] {
    [
      (envelope, "the DSSE envelope"),
      (
        #"{"mediaType":"application/vnd.dev.sigstore.bundle.v0.3+json","verificationMaterial":{},"dsseEnvelope":"#
          + envelope + "}",
        "the Sigstore bundle's dsseEnvelope"
      ),
      (
        #"{"base64Signature":"\#(Data(envelope.utf8).base64EncodedString())"}"#,
        "the cosign bundle's envelope (base64Signature)"
      ),
    ]
  }

  private static func problem(reading json: String) -> StatementProblem? {
    do {
      _ = try SignedStatement(Data(json.utf8), name: "flood.json")
      return nil
    } catch {
      guard case .statement(_, let reason) = error else { return nil }
      return reason
    }
  }

  private static let signature = #"{"keyid":"","sig":"c2lnbmF0dXJl"}"#

  @Test func aFloodOfSignaturesIsRefusedWithItsCountInEveryWrapping() throws {
    let limit = DSSEEnvelope.maximumSignatures
    for count in [limit, limit + 1, 100_000] {
      for (json, what) in Self.wrappings(Self.envelope(repeatElement(Self.signature, count: count))) {
        guard count > limit else {
          let statement = try SignedStatement(Data(json.utf8), name: "flood.json")
          #expect(statement.envelope?.signatures.count == limit, "\(what)")
          #expect(statement.envelope?.signatures.first == Array("signature".utf8), "\(what)")
          continue
        }
        #expect(Self.problem(reading: json) == .tooManySignatures(count: count, limit: limit, in: what))
      }
    }
    #expect(
      StatementProblem.tooManySignatures(count: 100_000, limit: 16, in: "the DSSE envelope").description
        == "the DSSE envelope carries 100000 signatures, more than the 16 StateProof reads (a signer writes one to three): refused before any is checked"
    )
  }

  @Test func signaturesPastTheLimitAreNeverDecoded() {
    // Past the limit, elements that are no signature at all: only counted, so the refusal is the
    // count, not the first malformed signature.
    let elements =
      Array(repeatElement(Self.signature, count: DSSEEnvelope.maximumSignatures))
      + [#"{"sig":"not base64!"}"#, "0", #"[{"sig":"x"}]"#, #"{"payload":"eA=="}"#]
    let problem = Self.problem(reading: Self.envelope(elements))
    #expect(
      problem == .tooManySignatures(count: DSSEEnvelope.maximumSignatures + 4, limit: 16, in: "the DSSE envelope"))
  }
}
