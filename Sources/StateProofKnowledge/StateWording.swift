/// Words for a state that hold only on some OS versions: Android 6–10 block a permission with a
/// "Don't ask again" box, 11 and later after a second denial.
package struct StateWording: Sendable, Hashable {
  package var os: VersionRange
  package var whatHappened: String?
  package var appReads: String?
  package var seed: String?

  package init(os: VersionRange, whatHappened: String? = nil, appReads: String? = nil, seed: String? = nil) {
    self.os = os
    self.whatHappened = whatHappened
    self.appReads = appReads
    self.seed = seed
  }
}
