import StateProofKnowledge

/// What `SimulatorSeedCheck` decided: the store's reading for the app, the state it shows, and
/// whether that is the state the seed step wanted.
package struct SimulatorSeedCheckResult: Sendable, Hashable {
  /// The built-in permission id.
  package var permission: String
  package var bundle: String
  package var wanted: String
  /// The state the store shows, or `unknown`.
  package var found: String
  /// True only when `found` is `wanted`.
  package var taken: Bool
  package var reading: SimulatorReading
  /// The runtime's iOS version and the Xcode version, when known.
  package var runtime: String?
  package var xcode: String?

  /// What the read-back prints, a line each: the schema, the app's rows as read, the notes.
  package var lines: [String] {
    var lines: [String] = []
    let store = reading.store
    if let schema = reading.schema {
      lines.append("TCC.db access: \(schema.description): \(schema.columns.joined(separator: ", "))")
    }
    let what = store.service ?? store.file
    if reading.rows.isEmpty {
      lines.append("\(what) \(bundle): \(reading.raw)")
    }
    for row in reading.rows {
      // In the table's order when its columns are known.
      let order = (reading.schema?.columns ?? []).filter { row[$0] != nil }
      let keys = order + row.keys.sorted().filter { !order.contains($0) }
      let values = keys.filter { !["service", "client"].contains($0) }.map { "\($0)=\(row[$0]!)" }
      lines.append("\(what) \(bundle): \(values.joined(separator: " "))")
    }
    lines += reading.notes.map { "# \($0)" }
    lines.append(
      "# \(store.kind.rawValue), \(store.confidence.rawValue) confidence: the store says what was written, not what the app reads, so report takes this read-back only together with the row's test"
    )
    return lines
  }

  /// The record `seed-check --ios --record` appends.
  package func record(time: String?, device: String?) -> SimulatorSeedRecord {
    SimulatorSeedRecord(
      bundle: bundle, permission: permission, wanted: wanted, found: found, taken: taken,
      store: reading.store.kind.rawValue, service: reading.store.service, schema: reading.schema?.description,
      columns: reading.schema?.columns, rows: reading.rows, raw: reading.raw,
      notes: reading.notes.isEmpty ? nil : reading.notes, confidence: reading.store.confidence.rawValue,
      runtime: runtime, xcode: xcode, device: device, time: time)
  }
}
