import StateProofModel

/// What the platform knows about one permission state: the words for it, what the app reads,
/// the screen to assert, whether it can happen at all, and the evidence it needs by default.
package struct StateDefinition: Sendable, Hashable {
  package var platform: Platform
  package var state: String
  /// Phrasings that name this state in test names and file paths (`blocked`, `denied twice`).
  package var aliases: [String]
  package var whatHappened: String
  package var appReads: String
  package var screen: String
  package var reachable: Bool = true
  package var reason: String?
  package var requires: [EvidenceKind]
}
