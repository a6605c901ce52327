/// The lists under the verdict (``FindingGroups/overview(findings:platforms:summary:)``):
/// `blockers` (the errors), `warnings`, and `warningsOpen`, whether the warnings show unfolded.
struct FindingOverview: Encodable {
  let blockers: FindingList
  let warnings: FindingList
  let warningsOpen: Bool
}
