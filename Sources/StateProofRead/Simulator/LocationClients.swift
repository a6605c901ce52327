import Foundation

/// Reads locationd's `clients.plist` (a binary property list, through ``PropertyListDocument``):
/// the entries of one app, under both key forms [T:SERVESIM], [T:WIXLOC]: `i<bundle>:`, which
/// current runtimes write and read, and the plain bundle id older writers used, which current
/// locationd ignores. Only the app's own entries are kept, each plain value as text.
package enum LocationClients {
  /// The key current runtimes give an app's entry.
  package static func key(_ bundle: String) -> String { "i\(bundle):" }

  /// The app's entries in `data`, by key; `path` names the file in errors.
  package static func entries(_ data: Data, bundle: String, path: String) throws(SimulatorStoreError)
    -> [String: [String: String]]
  {
    let values: [String: Any]
    switch PropertyListDocument.decode(data) {
    case .success(let document): values = document.values
    case .failure(let problem): throw .unreadableStore(path: path, reason: problem.description)
    }
    var entries: [String: [String: String]] = [:]
    for key in [key(bundle), bundle] {
      guard let entry = values[key] as? [String: Any] else { continue }
      entries[key] = plain(entry)
    }
    return entries
  }

  /// A dictionary's plain values as text (strings, whole numbers, booleans: a boolean may read as
  /// 1 or 0 where Foundation bridges it to a number); nested values left out.
  static func plain(_ dictionary: [String: Any]) -> [String: String] {
    var out: [String: String] = [:]
    for (key, value) in dictionary {
      if let text = value as? String {
        out[key] = text
      } else if let number = value as? Int {
        out[key] = String(number)
      } else if let flag = value as? Bool {
        out[key] = flag ? "true" : "false"
      } else if let number = value as? Double {
        out[key] = String(number)
      }
    }
    return out
  }
}
