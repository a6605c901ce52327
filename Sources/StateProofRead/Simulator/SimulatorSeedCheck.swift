import Foundation
import StateProofKnowledge

/// The library side of `stateproof seed-check --ios`: reads the Simulator's own store back after
/// a seed (`xcrun simctl privacy …`) and says whether the permission is in the wanted state, as
/// `SeedCheck` does with `dumpsys package` on Android. The store is read from the device's data
/// folder (`Library/TCC/TCC.db`, `Library/Caches/locationd/clients.plist`,
/// `Library/BulletinBoard/VersionedSectionInfo.plist`), or from the lines a script printed
/// (``SimulatorPrintedLines``). A store row says what was written, not what the app reads
/// (``SimulatorStore/appReadsCaveat``).
package enum SimulatorSeedCheck {
  /// Where the store is read from.
  package enum Source: Sendable {
    /// The device's data folder (`xcrun simctl getenv DEVICE HOME`, or a copy of it); `shown`
    /// names it in messages.
    case dataFolder(URL, shown: String)
    /// The lines a script printed.
    case printed(Data)
  }

  /// The permission `permission` (a built-in id) of `bundle`, read from `source`, against the
  /// state `want`. Throws when the permission or state cannot be read from a store, or the
  /// store cannot be read.
  package static func check(
    _ source: Source, bundle: String, permission: String, want: String
  ) throws(SimulatorStoreError) -> SimulatorSeedCheckResult {
    guard let known = PlatformKnowledge.permission(permission), let store = known.ios?.store else {
      throw .unknownPermission(permission)
    }
    let states = known.states(on: .ios).filter(\.reachable)
    guard let wanted = states.first(where: { $0.state == want }) else {
      throw .unknownState(want, permission: permission, states: states.map(\.state))
    }
    guard wanted.simulator != nil else {
      throw .unreadableState(want, permission: permission, readable: states.filter { $0.simulator != nil }.map(\.state))
    }
    var runtime: String?
    var xcode: String?
    let reading: SimulatorReading
    switch source {
    case .dataFolder(let folder, let shown):
      let file = folder.appendingPathComponent(store.file)
      let path = shown.hasSuffix("/") ? shown + store.file : shown + "/" + store.file
      reading = try read(store, at: file, path: path, folder: folder, bundle: bundle)
    case .printed(let data):
      let printed = try SimulatorPrintedLines.read(data)
      runtime = printed.runtime
      xcode = printed.xcode
      switch store.kind {
      case .tcc:
        guard printed.printedTCC else { throw .nothingPrinted(store: "tcc", line: printed.lines) }
        reading = try SimulatorReading.tcc(printed.tccRows, schema: printed.schema, store: store, bundle: bundle)
      case .locationd:
        guard printed.printedLocation else { throw .nothingPrinted(store: "location", line: printed.lines) }
        reading = SimulatorReading.location(printed.locationEntries, store: store, bundle: bundle)
      case .bulletinBoard:
        guard printed.printedNotifications else { throw .nothingPrinted(store: "notifications", line: printed.lines) }
        reading = SimulatorReading.notifications(printed.notificationEntries[bundle], store: store)
      }
    }
    let found = reading.state(of: known)
    return SimulatorSeedCheckResult(
      permission: permission, bundle: bundle, wanted: want, found: found, taken: found == want, reading: reading,
      runtime: runtime, xcode: xcode)
  }

  /// Reads `store` from its file in the data folder.
  private static func read(
    _ store: SimulatorStore, at file: URL, path: String, folder: URL, bundle: String
  ) throws(SimulatorStoreError) -> SimulatorReading {
    switch store.kind {
    case .tcc:
      guard FileManager.default.fileExists(atPath: file.path) else {
        throw .missingStore(
          path: path, why: "the Simulator writes it when it first boots: boot the device once, then seed")
      }
      let (schema, rows) = try TCCDatabase.read(file, path: path)
      guard schema.generation != nil else { throw .unknownSchema(path: path, columns: schema.columns) }
      return try SimulatorReading.tcc(rows, schema: schema, store: store, bundle: bundle)
    case .locationd:
      guard let data = try contents(of: file, path: path) else {
        var reading = SimulatorReading.location([:], store: store, bundle: bundle)
        reading.notes.append("no \(store.file): locationd has written no client yet")
        return reading
      }
      return SimulatorReading.location(
        try LocationClients.entries(data, bundle: bundle, path: path), store: store, bundle: bundle)
    case .bulletinBoard:
      let older = folder.appendingPathComponent("Library/BulletinBoard/SectionInfo.plist")
      let chosen = FileManager.default.fileExists(atPath: file.path) ? file : older
      guard let data = try contents(of: chosen, path: path) else {
        var reading = SimulatorReading.notifications(nil, store: store)
        reading.notes.append("no \(store.file): BulletinBoard has written no section yet")
        return reading
      }
      return SimulatorReading.notifications(
        try BulletinBoardSections.entry(data, bundle: bundle, path: path), store: store)
    }
  }

  /// The file's bytes (at most ``PropertyListDocument/maxBytes`` and one more), or nil when it
  /// is not there.
  private static func contents(of file: URL, path: String) throws(SimulatorStoreError) -> Data? {
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    guard let handle = FileHandle(forReadingAtPath: file.path) else {
      throw .unreadableStore(path: path, reason: "it cannot be opened")
    }
    defer { try? handle.close() }
    do {
      return try handle.read(upToCount: PropertyListDocument.maxBytes + 1) ?? Data()
    } catch {
      throw .unreadableStore(path: path, reason: error.localizedDescription)
    }
  }
}
