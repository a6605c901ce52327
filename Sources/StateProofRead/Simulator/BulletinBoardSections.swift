import Foundation

/// Reads BulletinBoard's `VersionedSectionInfo.plist` (Xcode 9 and later; `SectionInfo.plist`
/// before): under `sectionInfo`, each app's section is a keyed archive, whose settings object
/// holds `allowsNotifications` [T:WIXNOTIF], [T:SERVESIM]. Low confidence: two tools read it, the
/// archive's layout is Apple's private one, and `allowsNotifications` cannot tell provisional or
/// ephemeral from authorized.
package enum BulletinBoardSections {
  /// The settings' plain values of `bundle`'s section (`allowsNotifications`,
  /// `criticalAlertSetting`, …), or nil when the file has no section for it.
  package static func entry(_ data: Data, bundle: String, path: String) throws(SimulatorStoreError) -> [String: String]?
  {
    let top: [String: Any]
    switch PropertyListDocument.decode(data) {
    case .success(let document): top = document.values
    case .failure(let problem): throw .unreadableStore(path: path, reason: problem.description)
    }
    guard let sections = top["sectionInfo"] as? [String: Any] else {
      throw .unreadableStore(path: path, reason: "it has no sectionInfo dictionary")
    }
    guard let archived = sections[bundle] else { return nil }
    guard let bytes = archived as? Data else {
      throw .unreadableStore(path: path, reason: "the section of \(bundle) is not an archive (data)")
    }
    let archive: [String: Any]
    switch PropertyListDocument.decode(bytes) {
    case .success(let document): archive = document.values
    case .failure(let problem): throw .unreadableStore(path: path, reason: "the section of \(bundle): \(problem)")
    }
    let objects = archive["$objects"] as? [Any] ?? []
    guard let settings = objects.compactMap({ $0 as? [String: Any] }).first(where: { $0["allowsNotifications"] != nil })
    else { return [:] }
    return LocationClients.plain(settings).filter { !$0.key.hasPrefix("$") }
  }
}
