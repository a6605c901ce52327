import StateProofKnowledge

/// What one of the Simulator's stores says of one app and permission: the app's own rows (or
/// entries), each value as text, and the value they stand for. Only the app's own rows count:
/// another app's row, a path client's (`client_type` 1), a leftover under an old key form are
/// named in `notes`, never taken as the state.
package struct SimulatorReading: Sendable, Hashable {
  package var store: SimulatorStore
  /// TCC.db's columns, when the store is TCC and they were read.
  package var schema: TCCSchema?
  /// The app's own rows (TCC), or entries (locationd: with `key`, the key they are under;
  /// BulletinBoard), each value as text.
  package var rows: [[String: String]]
  /// What the rows say; nil for a raw value no source backs (`auth_value` 1).
  package var value: SimulatorValue?
  /// The raw value decided from, for people: `auth_value=0`, `Authorization=4`, `no row`.
  package var raw: String
  /// What was seen beside the app's rows and not taken: other clients, duplicates, a leftover
  /// legacy key.
  package var notes: [String]

  /// The app's rows of `service` among `rows` (every row of TCC's `access` table), and what they
  /// say: `client` the bundle id and `client_type` 0 (a bundle id, not a path) [T:MVTTCC].
  package static func tcc(
    _ rows: [[String: String]], schema: TCCSchema?, store: SimulatorStore, bundle: String
  ) throws(SimulatorStoreError) -> SimulatorReading {
    let service = store.service ?? ""
    let ofService = rows.filter { $0["service"] == service }
    let mine = ofService.filter { $0["client"] == bundle && ($0["client_type"] ?? "0") == "0" }
    var notes: [String] = []
    let others = ofService.filter { row in !mine.contains(row) }
    if !others.isEmpty {
      let clients = Set(
        others.map { row in
          (row["client"] ?? "?") + (row["client_type"].map { $0 == "0" ? "" : " (client_type \($0))" } ?? "")
        }
      ).sorted()
      notes.append(
        "\(others.count) \(service) row\(others.count == 1 ? "" : "s") of another client ignored: \(clients.joined(separator: ", "))"
      )
    }
    var reading = SimulatorReading(
      store: store, schema: schema, rows: mine, value: .absent, raw: "no row", notes: notes)
    try reading.decideTCC()
    return reading
  }

  /// The app's entries of locationd's clients list (by key: `i<bundle>:`, and the plain bundle
  /// id of older writers) and what they say: only the current key's `Authorization` counts.
  package static func location(
    _ entries: [String: [String: String]], store: SimulatorStore, bundle: String
  ) -> SimulatorReading {
    var rows: [[String: String]] = []
    for key in [LocationClients.key(bundle), bundle] {
      guard var entry = entries[key] else { continue }
      entry["key"] = key
      rows.append(entry)
    }
    var reading = SimulatorReading(store: store, schema: nil, rows: rows, value: .absent, raw: "no entry", notes: [])
    reading.decideLocation(bundle: bundle)
    return reading
  }

  /// The app's BulletinBoard section (its plain values), and what it says.
  package static func notifications(_ entry: [String: String]?, store: SimulatorStore) -> SimulatorReading {
    var reading = SimulatorReading(
      store: store, schema: nil, rows: entry.map { [$0] } ?? [], value: .absent, raw: "no entry", notes: [])
    reading.decideNotifications()
    return reading
  }

  /// The reading of rows a record kept (already the app's own), decided again.
  package static func decided(
    rows: [[String: String]], schema: TCCSchema?, store: SimulatorStore, bundle: String
  ) throws(SimulatorStoreError) -> SimulatorReading {
    var reading = SimulatorReading(store: store, schema: schema, rows: rows, value: .absent, raw: "", notes: [])
    switch store.kind {
    case .tcc: try reading.decideTCC()
    case .locationd: reading.decideLocation(bundle: bundle)
    case .bulletinBoard: reading.decideNotifications()
    }
    return reading
  }

  /// `auth_value` (iOS 14 and later) or `allowed` (before), from the app's rows; duplicates that
  /// agree are one answer, ones that disagree no answer.
  private mutating func decideTCC() throws(SimulatorStoreError) {
    guard !rows.isEmpty else {
      value = .absent
      raw = "no row"
      return
    }
    let old = schema?.generation == .allowed || rows.allSatisfy { $0["auth_value"] == nil && $0["allowed"] != nil }
    let column = old ? "allowed" : "auth_value"
    let raws = rows.map { $0[column] ?? "null" }
    let distinct = Array(Set(raws)).sorted()
    guard distinct.count == 1 else {
      throw .conflictingRows(service: store.service ?? "", values: distinct.map { "\(column)=\($0)" })
    }
    if rows.count > 1 {
      notes.append("\(rows.count) identical \(store.service ?? "") rows for the app (a duplicate an old writer left)")
    }
    let number = Int(distinct[0])
    value = number.flatMap { old ? SimulatorStore.tccValue(allowed: $0) : SimulatorStore.tccValue(authValue: $0) }
    let extra = ["auth_reason", "auth_version"].compactMap { key in rows[0][key].map { "\(key)=\($0)" } }
    raw = (["\(column)=\(distinct[0])"] + extra).joined(separator: " ")
  }

  private mutating func decideLocation(bundle: String) {
    let current = rows.first { $0["key"] == LocationClients.key(bundle) }
    if let legacy = rows.first(where: { $0["key"] == bundle }) {
      notes.append(
        "a leftover entry under the plain bundle id \(bundle)\(legacy["Authorization"].map { " (Authorization=\($0))" } ?? ""), the key older writers used, which current locationd ignores: not taken as the state"
      )
    }
    guard let current, let authorization = current["Authorization"] else {
      value = .absent
      raw = current == nil ? "no entry" : "an entry without Authorization"
      return
    }
    value = Int(authorization).flatMap(SimulatorStore.locationValue(authorization:))
    raw = "Authorization=\(authorization)"
  }

  private mutating func decideNotifications() {
    guard let entry = rows.first, let allows = entry["allowsNotifications"] else {
      value = .absent
      raw = rows.isEmpty ? "no entry" : "an entry without allowsNotifications"
      return
    }
    switch allows.lowercased() {
    case "true", "1", "yes": value = .allowed
    case "false", "0", "no": value = .denied
    default: value = nil
    }
    raw = "allowsNotifications=\(allows)"
  }

  /// The permission's iOS state this reading shows, or `unknown` when no state shows its value.
  package func state(of permission: PermissionDefinition) -> String {
    guard let value else { return "unknown" }
    return permission.states(on: .ios).first { $0.reachable && $0.simulator == value }?.state ?? "unknown"
  }
}
