import Testing

@testable import StateProofKnowledge
@testable import StateProofModel

/// Issue 49: where the Simulator keeps each permission's answer, in the knowledge with its
/// sources, and what each iOS state shows there, so `seed-check --ios` reads it back.
@Suite struct SimulatorStoreTests {
  /// The TCC service each built-in permission's row has (issue 49's list), and the other stores.
  @Test(arguments: [
    ("camera", "kTCCServiceCamera"), ("microphone", "kTCCServiceMicrophone"), ("photos", "kTCCServicePhotos"),
    ("contacts", "kTCCServiceAddressBook"), ("calendar", "kTCCServiceCalendar"), ("reminders", "kTCCServiceReminders"),
    ("motion", "kTCCServiceMotion"), ("tracking", "kTCCServiceUserTracking"),
    ("bluetooth", "kTCCServiceBluetoothAlways"),
  ])
  func eachTCCPermissionNamesItsService(id: String, service: String) throws {
    let store = try #require(PlatformKnowledge.permission(id)?.ios?.store)
    #expect(store.kind == .tcc && store.service == service && store.confidence == .high)
    #expect(!store.sources.isEmpty)
    for source in store.sources { #expect(PlatformKnowledge.source(source) != nil, "\(id): \(source)") }
  }

  @Test func locationAndNotificationsHaveTheirOwnStores() throws {
    let location = try #require(PlatformKnowledge.permission("location")?.ios?.store)
    #expect(location.kind == .locationd && location.file == "Library/Caches/locationd/clients.plist")
    let notifications = try #require(PlatformKnowledge.permission("notifications")?.ios?.store)
    #expect(notifications.kind == .bulletinBoard && notifications.confidence == .low)
    for id in PlatformKnowledge.permissions.filter({ $0.ios != nil }).map(\.id) {
      #expect(PlatformKnowledge.permission(id)?.ios?.store != nil, "\(id) has no store")
    }
  }

  /// auth_value 0 denied, 2 allowed, 3 limited; locationd 1 never, 2 in use, 4 always; what no
  /// source backs reads as nothing.
  @Test func rawValuesReadAsTheSourcesSay() {
    #expect(SimulatorStore.tccValue(authValue: 0) == .denied)
    #expect(SimulatorStore.tccValue(authValue: 2) == .allowed)
    #expect(SimulatorStore.tccValue(authValue: 3) == .limited)
    #expect(SimulatorStore.tccValue(authValue: 1) == nil)
    #expect(SimulatorStore.tccValue(allowed: 1) == .allowed && SimulatorStore.tccValue(allowed: 0) == .denied)
    #expect(SimulatorStore.locationValue(authorization: 1) == .denied)
    #expect(SimulatorStore.locationValue(authorization: 2) == .allowed)
    #expect(SimulatorStore.locationValue(authorization: 4) == .always)
    #expect(SimulatorStore.locationValue(authorization: 3) == nil)
  }

  /// Within one permission, a store value names at most one reachable state, so a read-back's
  /// state is never ambiguous; restricted is never read from a store.
  @Test func aStoreValueNamesOneStatePerPermission() {
    for permission in PlatformKnowledge.permissions where permission.ios?.store != nil {
      let states = permission.states(on: .ios).filter(\.reachable)
      for value in SimulatorValue.allCases {
        #expect(states.filter { $0.simulator == value }.count <= 1, "\(permission.id): \(value)")
      }
      #expect(states.first { $0.state == "restricted" }?.simulator == nil, "\(permission.id)")
      #expect(states.first { $0.state == "not-determined" }?.simulator == .absent, "\(permission.id)")
    }
    #expect(PlatformKnowledge.permission("photos")?.states.first { $0.state == "limited" }?.simulator == .limited)
    #expect(PlatformKnowledge.permission("location")?.states.first { $0.state == "always" }?.simulator == .always)
  }
}
