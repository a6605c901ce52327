import StateProofModel

/// A permission as data: its id in row ids, how each platform's state is read, its states on
/// each platform (with the OS versions they exist on), and the facts about it with sources.
package struct PermissionDefinition: Sendable, Hashable {
  package var id: String
  /// "Location", for people.
  package var title: String
  /// How the Android state is read; nil when not on Android.
  package var android: AndroidReading?
  /// What the iOS app reads; nil when not on iOS.
  package var ios: IOSAuthorization?
  /// Every state on both platforms, reachable or not, in matrix order.
  package var states: [StateDefinition]
  /// Facts about the permission as a whole (names by OS version, what differs where), each
  /// with its sources, for the generated document.
  package var facts: [Fact] = []

  package struct Fact: Sendable, Hashable {
    package var text: String
    package var sources: [String]
    package var basis: FactBasis

    package init(_ text: String, sources: [String], _ basis: FactBasis = .documented) {
      self.text = text
      self.sources = sources
      self.basis = basis
    }
  }

  package init(
    id: String, title: String, android: AndroidReading?, ios: IOSAuthorization?, states: [StateDefinition],
    facts: [Fact] = []
  ) {
    self.id = id
    self.title = title
    self.android = android
    self.ios = ios
    self.states = states
    self.facts = facts
  }

  /// The name a person knows the permission by on `platform`: Android's main line
  /// (`android.permission.CAMERA`), iOS's resource (`camera`).
  package func platformName(on platform: Platform) -> String? {
    switch platform {
    case .android: android?.primary
    case .ios: ios?.resource
    }
  }

  /// The states on one platform, in matrix order.
  package func states(on platform: Platform) -> [StateDefinition] {
    states.filter { $0.platform == platform }
  }
}
