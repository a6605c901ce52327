/// What the Simulator's store says of one app and permission, whatever the store: StateProof reads
/// each store's raw value (``SimulatorStore``) into one of these, and each iOS state names the one
/// it shows (``StateDefinition/simulator``).
package enum SimulatorValue: String, Sendable, Hashable, CaseIterable {
  /// No row or entry for the app: never asked (or reset).
  case absent
  /// Allowed: TCC's auth_value 2, locationd's when-in-use, notifications allowed.
  case allowed
  /// locationd's Always.
  case always
  /// TCC's auth_value 3: limited access.
  case limited
  /// Denied: TCC's auth_value 0, locationd's never, notifications off.
  case denied
}
