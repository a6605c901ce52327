import StateProofModel

/// The parts of an earlier `report.json` a comparison needs, read leniently so a report written
/// by an older StateProof still works as a baseline.
package struct BaselineReport: Decodable, Sendable {
  package struct Platform: Decodable, Sendable {
    package var rows: [Row]
  }

  package struct Row: Decodable, Sendable {
    package var id: String
    package var status: RowStatus
  }

  package var schemaVersion: Int
  package var verdict: Verdict?
  package var platforms: [Platform]
  package var findings: [Finding]
}
