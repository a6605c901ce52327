import StateProofModel

/// A row an app's declarations decide: reachable only when the app declares one of `needs` (and
/// none of `lacking`), or, with `everyVersion`, on every OS version when it does.
package struct DeclarationRule: Sendable, Hashable {
  package enum Effect: Sendable, Hashable {
    /// Unreachable unless the condition holds.
    case reachableOnlyIf
    /// When the condition holds, the row applies on every OS version (its own range was the
    /// range of a choice the app no longer offers).
    case everyVersionIf
  }

  package var platform: Platform
  package var permission: String
  package var states: [String]
  /// At least one must be declared (none: no such need).
  package var needs: [String]
  /// None may be declared.
  package var lacking: [String]
  package var effect: Effect
  /// Decided only from what the build's own files declare (a manifest, an APK, `aapt2 dump`):
  /// the device's `requested permissions:` also lists what splits add, which here decides nothing.
  package var explicitOnly: Bool
  /// Why, for people: what the condition means for the app.
  package var why: String
  package var sources: [String]

  package init(
    _ platform: Platform, _ permission: String, _ states: [String], needs: [String] = [], lacking: [String] = [],
    effect: Effect = .reachableOnlyIf, explicitOnly: Bool = false, why: String, sources: [String]
  ) {
    self.platform = platform
    self.permission = permission
    self.states = states
    self.needs = needs
    self.lacking = lacking
    self.effect = effect
    self.explicitOnly = explicitOnly
    self.why = why
    self.sources = sources
  }

  /// Whether `declared` (full names) meets the condition.
  package func holds(for declared: Set<String>) -> Bool {
    (needs.isEmpty || needs.contains(where: declared.contains)) && !lacking.contains(where: declared.contains)
  }
}
