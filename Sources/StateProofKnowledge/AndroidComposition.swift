/// The state one read-back's lines show together for one permission, and what was missing when
/// they could not tell.
package struct AndroidComposition: Sendable, Hashable {
  /// The state, or nil when a line it needs is not in the read-back.
  package var state: String?
  package var variant: String?
  /// Lines of the reading the read-back does not have (`ACCESS_COARSE_LOCATION`), full names.
  package var absent: [String]
  /// Why, in a sentence, when the lines alone do not say it plainly: which line decided, or which
  /// lines disagree.
  package var note: String?
  /// The lines granted "Only this time" (`granted=true` with ONE_TIME) that the state rests on,
  /// short names: such a grant lapses about a minute after the app leaves the foreground, so it
  /// proves no grant, whatever state the lines compose to (background location on a one-time
  /// foreground grant included). Empty for a lasting grant or no grant.
  package var oneTime: [String]

  package init(
    state: String?, variant: String? = nil, absent: [String] = [], note: String? = nil, oneTime: [String] = []
  ) {
    self.state = state
    self.variant = variant
    self.absent = absent
    self.note = note
    self.oneTime = oneTime
  }
}
