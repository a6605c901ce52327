import StateProofModel

/// The members of report.md's page that its byte budget never shortens: the headline,
/// StateProof's own sentence, and the file inventory and the sources, which report.md does not
/// list.
struct WholeMembers: Encodable {
  let headline: String
  let evidence: [FileView]
  let sources: [SourceView]

  enum CodingKeys: String, CodingKey, CaseIterable { case headline, evidence, sources }

  init(_ page: PageView) {
    headline = page.model.headline
    evidence = page.evidence
    sources = page.model.sources.map(SourceView.init)
  }
}
