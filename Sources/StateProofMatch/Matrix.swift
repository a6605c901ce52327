import StateProofModel

/// The rows to cover: built-in platform knowledge for each configured permission, narrowed by
/// `include`, with the configuration's selectors, globs and evidence overrides applied.
package struct Matrix: Sendable {
  package private(set) var rows: [MatrixRow] = []
  /// The state definitions behind the rows, for convention matching (aliases).
  package private(set) var states: [RowID: StateDefinition] = [:]

  package init(configuration: Configuration) throws(ConfigurationError) {
    for (index, permission) in configuration.permissions.enumerated() {
      try add(permission, path: "permissions[\(index)]")
    }
    // Platforms in a fixed order; within one, the matrix's own order (never asked → locked).
    rows = Platform.allCases.flatMap { platform in rows.filter { $0.id.platform == platform } }
  }

  private mutating func add(_ settings: Configuration.PermissionSettings, path: String)
    throws(ConfigurationError)
  {
    let known = PlatformKnowledge.permission(settings.id)
    let definition = PermissionDefinition(
      id: settings.id, android: settings.android ?? known?.android,
      ios: settings.ios ?? known?.ios, extraStates: known?.extraStates ?? [])
    guard definition.android != nil || definition.ios != nil else {
      throw ConfigurationError(
        path: path,
        message:
          "StateProof does not know the permission \"\(settings.id)\"; give its \"android\" and/or \"ios\" name")
    }
    var candidates = (PlatformKnowledge.commonStates + definition.extraStates).filter {
      definition.platformName(on: $0.platform) != nil
    }
    // Rows the configuration defines itself, for states StateProof does not know.
    for key in settings.rows.keys.sorted()
    where !candidates.contains(where: { Self.key($0, matches: key) }) {
      let rowPath = "\(path).rows.\(key)"
      let parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 2, let platform = Platform(rawValue: parts[0]), !parts[1].isEmpty,
        definition.platformName(on: platform) != nil
      else {
        let known = Set(candidates.map(\.state)).sorted().joined(separator: ", ")
        throw ConfigurationError(
          path: rowPath,
          message:
            "no such state for \(settings.id); known: \(known) (or define a new row as \"android/NAME\" or \"ios/NAME\")"
        )
      }
      let id = RowID(platform: platform, permission: settings.id, state: parts[1])
      let row = settings.rows[key]!
      guard let whatHappened = row.whatHappened, let appReads = row.appReads,
        let screen = row.screen
      else {
        // Most often a state of the other platform (`android/denied`): say which states exist.
        let states = candidates.filter { $0.platform == platform }.map(\.state).joined(separator: ", ")
        let elsewhere = candidates.first { $0.platform != platform && $0.state == id.state }
        throw ConfigurationError(
          path: rowPath,
          message: (elsewhere.map { "\"\(id.state)\" is an \($0.platform.displayName) state; " } ?? "")
            + "\(platform.displayName)'s states for \(settings.id) are \(states); a new row needs \"whatHappened\", \"appReads\" and \"screen\"")
      }
      candidates.append(
        StateDefinition(
          platform: id.platform, state: id.state, aliases: [id.state.replacingOccurrences(of: "-", with: " ")],
          whatHappened: whatHappened, appReads: appReads, screen: screen,
          requires: row.requires ?? (id.platform == .android ? [.seed, .screenshot, .test] : [.screenshot, .test])))
    }
    if let include = settings.include {
      for (index, key) in include.enumerated()
      where !candidates.contains(where: { Self.key($0, matches: key) }) {
        throw ConfigurationError(path: "\(path).include[\(index)]", message: "no such row \"\(key)\"")
      }
      candidates = candidates.filter { state in include.contains { Self.key(state, matches: $0) } }
    }
    for state in candidates {
      let id = RowID(platform: state.platform, permission: settings.id, state: state.state)
      let row = settings.rows["\(state.platform.rawValue)/\(state.state)"] ?? settings.rows[state.state]
      rows.append(
        MatrixRow(
          id: id, whatHappened: state.whatHappened, appReads: state.appReads, screen: state.screen,
          reachable: state.reachable, reason: state.reason,
          requires: state.reachable ? (row?.requires ?? state.requires) : [],
          tests: row?.tests ?? [], screenshots: row?.screenshots ?? [], seeds: row?.seeds ?? [],
          platformPermission: definition.platformName(on: state.platform)))
      states[id] = state
    }
  }

  /// Whether a configuration key (`blocked` or `android/blocked`) names this state.
  private static func key(_ state: StateDefinition, matches key: String) -> Bool {
    key == state.state || key == "\(state.platform.rawValue)/\(state.state)"
  }
}
