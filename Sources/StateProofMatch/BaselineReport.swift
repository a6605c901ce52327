import StateProofModel

/// The parts of an earlier `report.json` a comparison needs, read leniently so a report written
/// by an older StateProof still works as a baseline.
package struct BaselineReport: Decodable, Sendable {
  package struct Platform: Decodable, Sendable {
    package var platform: StateProofModel.Platform?
    package var rows: [Row]
    /// Which build its evidence was from; nil in a report from before StateProof said.
    package var build: PlatformBuild?
    /// What the app's files declared; nil in a report from before StateProof read them, or
    /// over evidence without them.
    package var declared: AppDeclarationSummary?

    /// The same parts of a report's platform read already (`stateproof verify` compares a
    /// report with itself decided again).
    package init(_ report: PlatformReport) {
      platform = report.platform
      rows = report.rows.map { Row(id: $0.id.description, status: $0.status) }
      build = report.build
      declared = report.declared
    }
  }

  package struct Row: Decodable, Sendable {
    package var id: String
    package var status: RowStatus
  }

  package var schemaVersion: Int
  package var verdict: Verdict?
  package var platforms: [Platform]
  package var findings: [Finding]
  /// The findings it accepted as known gaps; empty in a report from before they were listed apart.
  package var accepted: [Finding] = []

  private enum CodingKeys: String, CodingKey {
    case schemaVersion, verdict, platforms, findings, accepted
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
    verdict = try container.decodeIfPresent(Verdict.self, forKey: .verdict)
    platforms = try container.decode([Platform].self, forKey: .platforms)
    findings = try container.decode([Finding].self, forKey: .findings)
    accepted = try container.decodeIfPresent([Finding].self, forKey: .accepted) ?? []
  }
}
