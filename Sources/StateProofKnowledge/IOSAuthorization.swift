/// What an iOS app reads for a permission: the call, the status enum and its cases with the
/// iOS version each arrived in.
package struct IOSAuthorization: Sendable, Hashable {
  /// The name a configuration and test names use (`camera`, `location`).
  package var resource: String
  /// The call the app makes, `AVCaptureDevice.authorizationStatus(for: .video)`; nil for a
  /// custom permission.
  package var reads: String?
  /// The status type, `AVAuthorizationStatus`.
  package var type: String?
  package var values: [Value]
  /// The first iOS version with the permission at all (Bluetooth: 13).
  package var since: OSVersion?
  /// Where the Simulator keeps the answer, for `seed-check --ios`; nil when no store is known
  /// (a permission of the configuration's own).
  package var store: SimulatorStore?

  package struct Value: Sendable, Hashable {
    /// The case, `.authorizedWhenInUse`.
    package var name: String
    package var raw: Int
    package var since: String

    package init(_ name: String, _ raw: Int, since: String) {
      self.name = name
      self.raw = raw
      self.since = since
    }
  }

  package init(
    resource: String, reads: String? = nil, type: String? = nil, values: [Value] = [], since: OSVersion? = nil,
    store: SimulatorStore? = nil
  ) {
    self.store = store
    self.resource = resource
    self.reads = reads
    self.type = type
    self.values = values
    self.since = since
  }
}
