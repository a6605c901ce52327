/// One behaviour of a recent Android release that the knowledge was checked against: what
/// StateProof does with it (a row, a note, nothing to model) and when its sources were read, so a
/// reader can tell what was looked at for a release from what was not.
package struct ReleaseCheck: Sendable, Hashable {
  /// `Android 15 (API 35)`.
  package var release: String
  package var behaviour: String
  /// Where the knowledge has it: the row or note that carries it, or why nothing does.
  package var handling: String
  package var sources: [String]
  /// The day the sources were read for it, `YYYY-MM-DD`.
  package var checkedOn: String
  package var basis: FactBasis

  package init(
    _ release: String, _ behaviour: String, handling: String, sources: [String], checkedOn: String,
    _ basis: FactBasis = .documented
  ) {
    self.release = release
    self.behaviour = behaviour
    self.handling = handling
    self.sources = sources
    self.checkedOn = checkedOn
    self.basis = basis
  }
}
