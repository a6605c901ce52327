/// Words for a state that hold only on some OS versions: Android 6–10 block a permission with a
/// "Don't ask again" box, 11 and later after a second denial.
package struct StateWording: Sendable, Hashable {
  package var os: VersionRange
  package var whatHappened: String?
  package var appReads: String?
  /// How to seed the state on these versions.
  package var seed: SeedStep?

  package init(os: VersionRange, whatHappened: String? = nil, appReads: String? = nil, seed: SeedStep? = nil) {
    self.os = os
    self.whatHappened = whatHappened
    self.appReads = appReads
    self.seed = seed
  }

  /// The seed as one sentence (``SeedStep/text``), for words picked by version.
  var seedText: String? { seed?.text }
}
