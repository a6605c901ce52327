import Foundation
import StateProofModel
import StateProofRender
import StateProofSystem

/// `attestation.intoto.json`: an in-toto Statement (v1) whose subjects are the report folder's
/// files and whose predicate says what they concluded from which evidence. Unsigned, so a team
/// signs it with the tools it trusts (`cosign attest-blob --statement`; see docs/audit.md).
package struct AttestationStatement: Encodable, Sendable {
  package static let fileName = ReportFolder.attestationFile
  package static let statementType = "https://in-toto.io/Statement/v1"
  package static let predicateType = "https://stateproof.dev/release-report/v1"

  package var subject: [AttestationSubject]
  package var predicate: AttestationPredicate

  /// The statement of `predicate` about a report folder whose other files have the SHA-256s in
  /// `outputs`.
  package init(predicate: AttestationPredicate, outputs: ReportDigests) {
    subject = outputs.digests.keys
      .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      .map { AttestationSubject(name: $0, sha256: outputs.digests[$0]!) }
    self.predicate = predicate
  }

  /// Writes the file's bytes (sorted keys, as `report.json` is written, so equal reports attest
  /// equally) a chunk at a time as they are encoded, never held whole.
  package func write(to writer: DescriptorWriter) throws(StateProofError) {
    do {
      try SortedJSONEncoder.encode(self) { chunk in try writer.write(chunk) }
    } catch let error as StateProofError {
      throw error
    } catch {
      throw .write(path: Self.fileName, reason: .encode(reason: "\(error)"))
    }
    try writer.write(Data([0x0A]))
  }

  /// The file's SHA-256, its bytes (``write(to:)``) hashed a chunk at a time as they are encoded, never
  /// held whole: `verify` makes the attestation of a report of 1,000,000 files again.
  package func sha256() throws(StateProofError) -> String {
    let hasher = SHA256()
    do {
      try SortedJSONEncoder.encode(self) { chunk in chunk.withUnsafeBytes { hasher.update($0) } }
    } catch {
      throw .write(path: Self.fileName, reason: .encode(reason: "\(error)"))
    }
    withUnsafeBytes(of: UInt8(0x0A)) { hasher.update($0) }
    guard let digest = hasher.finalize() else { throw .hashFailed(file: Self.fileName) }
    return digest
  }

  private enum CodingKeys: String, CodingKey {
    case type = "_type"
    case subject, predicateType, predicate
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.statementType, forKey: .type)
    try container.encode(subject, forKey: .subject)
    try container.encode(Self.predicateType, forKey: .predicateType)
    try container.encode(predicate, forKey: .predicate)
  }
}
