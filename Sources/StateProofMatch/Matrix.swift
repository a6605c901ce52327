import StateProofKnowledge
import StateProofModel
import StateProofSystem

/// The rows to cover: built-in platform knowledge for each configured permission, narrowed by
/// `include`, with the configuration's selectors, globs, words, OS ranges and evidence overrides
/// applied.
package struct Matrix: Sendable {
  package private(set) var rows: [MatrixRow] = []
  /// The state definitions behind the rows, for convention matching (aliases) and for the words
  /// and seeding advice of each OS version.
  package private(set) var states: [RowID: StateDefinition] = [:]
  /// Each row's OS range: the configuration's, else the state's; absent for rows of every version.
  package private(set) var ranges: [RowID: VersionRange] = [:]
  /// Each Android row's app target SDKs: the configuration's, else the state's; absent for rows
  /// every target reaches.
  package private(set) var targets: [RowID: VersionRange] = [:]
  /// How each permission's Android state is read from `dumpsys`, by permission id.
  package private(set) var readings: [String: AndroidReading] = [:]
  /// Rows whose words the configuration gave: the OS version's words never replace them.
  private var configuredWords: [RowID: Configuration.RowSettings] = [:]
  /// Every way the configuration departs from the built-in matrix, with its reasons.
  package private(set) var deviations: [ConfigurationDeviation] = []

  package init(configuration: Configuration) throws(ConfigurationError) {
    for (index, permission) in configuration.permissions.enumerated() {
      try add(permission, path: "permissions[\(index)]")
    }
    // Platforms in a fixed order; within one, the matrix's own order (never asked → locked).
    rows = Platform.allCases.flatMap { platform in rows.filter { $0.id.platform == platform } }
  }

  /// The permission's definition: the built-in one (a single-line reading may take another
  /// Android name), or a custom one with the common states.
  private static func definition(_ settings: Configuration.PermissionSettings, path: String)
    throws(ConfigurationError) -> PermissionDefinition
  {
    guard var known = PlatformKnowledge.permission(settings.id) else {
      guard settings.android != nil || settings.ios != nil else {
        throw ConfigurationError(
          path: path,
          message:
            "StateProof does not know the permission \"\(settings.id)\""
            + NearestNames.didYouMean(
              settings.id, among: PlatformKnowledge.permissions.map(\.id), shown: { "\"\($0)\"" })
            + "; for a permission of your own, give its \"android\" and/or \"ios\" name")
      }
      return PlatformKnowledge.custom(id: settings.id, android: settings.android, ios: settings.ios)
    }
    if let android = settings.android, android != known.android?.primary {
      guard let reading = known.android, reading.takesAnotherName else {
        let lines = known.android?.lines.map(\.shortName).joined(separator: ", ") ?? ""
        throw ConfigurationError(
          path: "\(path).android",
          message:
            "\(settings.id)'s Android state is read from several lines (\(lines)), so it takes no other \"android\" name; give a permission of your own id for a single line"
        )
      }
      known.android = AndroidReading.single(android)
    }
    if let ios = settings.ios { known.ios?.resource = ios }
    return known
  }

  private mutating func add(_ settings: Configuration.PermissionSettings, path: String)
    throws(ConfigurationError)
  {
    let definition = try Self.definition(settings, path: path)
    readings[settings.id] = definition.android
    var candidates = definition.states.filter { definition.platformName(on: $0.platform) != nil }
    // Rows the configuration defines itself, for states StateProof does not know.
    var added: Set<RowID> = []
    for key in settings.rows.keys.sorted()
    where !candidates.contains(where: { Self.key($0, matches: key) }) {
      let rowPath = "\(path).rows.\(key)"
      let parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 2, let platform = Platform(rawValue: parts[0]), !parts[1].isEmpty,
        definition.platformName(on: platform) != nil
      else {
        let known = Set(candidates.map(\.state)).sorted()
        let keys = Set(candidates.map { "\($0.platform.rawValue)/\($0.state)" })
        throw ConfigurationError(
          path: rowPath,
          message:
            "no such state for \(settings.id)"
            + NearestNames.didYouMean(key, among: keys.sorted() + known, shown: { "\"\($0)\"" })
            + "; known: \(known.joined(separator: ", ")) (or define a new row as \"android/NAME\" or \"ios/NAME\")"
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
        let near = NearestNames.didYouMean(
          key, among: candidates.filter { $0.platform == platform }.map { "\(platform.rawValue)/\($0.state)" },
          shown: { "\"\($0)\"" })
        throw ConfigurationError(
          path: rowPath,
          message: (elsewhere.map { "\"\(id.state)\" is an \($0.platform.displayName) state; " } ?? "")
            + (near.isEmpty || elsewhere != nil ? "" : "\"\(key)\" is no state of \(settings.id)\(near); ")
            + "\(platform.displayName)'s states for \(settings.id) are \(states); a new row needs \"whatHappened\", \"appReads\" and \"screen\""
        )
      }
      candidates.append(
        StateDefinition(
          id.platform, id.state, aliases: [id.state.replacingOccurrences(of: "-", with: " ")],
          whatHappened: whatHappened, appReads: appReads, screen: screen, proof: "", seed: SeedStep(),
          requires: row.requires ?? Self.defaultRequires(id.platform), sources: []))
      added.insert(id)
    }
    if let include = settings.include {
      for (index, key) in include.enumerated()
      where !candidates.contains(where: { Self.key($0, matches: key) }) {
        let keys = candidates.map { "\($0.platform.rawValue)/\($0.state)" }
        throw ConfigurationError(
          path: "\(path).include[\(index)]",
          message: "no such row \"\(key)\"" + NearestNames.didYouMean(key, among: keys, shown: { "\"\($0)\"" }))
      }
      let kept = candidates.filter { state in include.contains { Self.key(state, matches: $0) } }
      let leftOut = candidates.filter { state in
        state.reachable && !kept.contains { $0.platform == state.platform && $0.state == state.state }
      }.map { RowID(platform: $0.platform, permission: settings.id, state: $0.state) }.filter { !added.contains($0) }
      if !leftOut.isEmpty {
        guard let reason = settings.reason else {
          throw ConfigurationError(
            path: "\(path).include",
            message:
              "leaves out \(leftOut.map(\.description).joined(separator: ", ")), rows their platform can reach; give the permission a \"reason\" saying why the sign-off does not cover them"
          )
        }
        deviations += leftOut.map { id in
          ConfigurationDeviation(
            row: id, kind: .leftOut, weakens: true, builtIn: "a row of the matrix", configured: "left out by include",
            reason: reason, key: "\(path).include")
        }
      }
      candidates = kept
    }
    for state in candidates {
      let id = RowID(platform: state.platform, permission: settings.id, state: state.state)
      let row = try Self.settings(for: state, in: settings, path: path)
      if let row {
        try record(row.settings, of: id, state: state, added: added.contains(id), key: "\(path).rows.\(row.key)")
      }
      for other in Platform.allCases where other != state.platform {
        if let (key, settings) = row, settings.range(on: other) != nil, key.hasPrefix("\(state.platform.rawValue)/") {
          throw ConfigurationError(
            path: "\(path).rows.\(key).\(other.rawValue)",
            message: "an \(state.platform.displayName) row takes no \(other.displayName) versions")
        }
      }
      if let (key, settings) = row, settings.targetSdk != nil, state.platform != .android {
        throw ConfigurationError(
          path: "\(path).rows.\(key).targetSdk", message: "only Android rows have a target SDK; \(id) is an iOS row")
      }
      let range = row?.settings.range(on: state.platform) ?? state.os
      ranges[id] = range
      targets[id] = state.platform == .android ? row?.settings.targetSdk ?? state.target : nil
      if let row, row.settings.whatHappened != nil || row.settings.appReads != nil || row.settings.screen != nil {
        configuredWords[id] = row.settings
      }
      rows.append(
        MatrixRow(
          id: id, whatHappened: row?.settings.whatHappened ?? state.whatHappened,
          appReads: row?.settings.appReads ?? state.appReads, screen: row?.settings.screen ?? state.screen,
          reachable: state.reachable, reason: state.reason,
          requires: state.reachable ? Self.requires(row?.settings.requires ?? state.requires, of: state) : [],
          tests: row?.settings.tests ?? [], screenshots: row?.settings.screenshots ?? [],
          seeds: row?.settings.seeds ?? [], platformPermission: definition.platformName(on: state.platform),
          os: state.reachable ? range?.description : nil))
      states[id] = state
    }
  }

  /// What a row asks for: a row whose proof is (partly) UNVERIFIED always needs its test too, so that
  /// nothing unverified proves a row on its own; so does an iOS row asking for a seed, whose
  /// read-back (the Simulator's store) says what was written, not what the app reads.
  private static func requires(_ kinds: [EvidenceKind], of state: StateDefinition) -> [EvidenceKind] {
    let unverified =
      state.basis == .unverified || state.proofIsUnverified || (state.platform == .ios && kinds.contains(.seed))
    return unverified && !kinds.contains(.test) ? kinds + [.test] : kinds
  }

  /// What a row asks for when neither the platform's knowledge nor the configuration says.
  private static func defaultRequires(_ platform: Platform) -> [EvidenceKind] {
    platform == .android ? [.seed, .screenshot, .test] : [.screenshot, .test]
  }

  /// Adds each way `settings` (under `key`) depart from the built-in row `state` to
  /// ``deviations``, with the row's `reason`. One that asks less of the evidence, and selectors
  /// and globs (which decide what counts as the row's proof), need it: without it, an error.
  private mutating func record(
    _ settings: Configuration.RowSettings, of id: RowID, state: StateDefinition, added: Bool, key: String
  ) throws(ConfigurationError) {
    func deviation(_ kind: DeviationKind, weakens: Bool, builtIn: String?, configured: String, at path: String)
      throws(ConfigurationError)
    {
      if weakens, settings.reason == nil {
        throw ConfigurationError(
          path: path,
          message:
            "\(configured) for \(id) asks less than the built-in matrix (\(builtIn ?? "")); give the row a \"reason\" saying why"
        )
      }
      if kind.isSelector, settings.reason == nil {
        throw ConfigurationError(
          path: path,
          message:
            "the \(kind.words) \(configured) decide what proves \(id) instead of \(builtIn ?? "the built-in matrix"); give the row a \"reason\" saying why"
        )
      }
      deviations.append(
        ConfigurationDeviation(
          row: id, kind: kind, weakens: weakens, builtIn: builtIn, configured: configured, reason: settings.reason,
          key: path))
    }
    let named = "\(id.permission) \(id.state)"
    if added {
      try deviation(
        .added, weakens: false, builtIn: nil, configured: "a row of the configuration's own: \(state.whatHappened)",
        at: key)
    }
    if state.reachable, let requires = settings.requires {
      let builtIn = (added ? Self.defaultRequires(id.platform) : state.requires).sorted()
      let configured = Set(requires).sorted()
      if configured != builtIn {
        let text = { (kinds: [EvidenceKind]) in kinds.map(\.rawValue).joined(separator: ", ") }
        try deviation(
          .requires, weakens: builtIn.contains { !configured.contains($0) },
          builtIn: "requires \(text(builtIn))", configured: "requires \(text(configured))", at: "\(key).requires")
      }
    }
    if let range = settings.range(on: id.platform), range != state.os {
      let builtIn = state.os ?? VersionRange(platform: id.platform)
      try deviation(
        .osRange, weakens: range.leavesOut(of: builtIn), builtIn: builtIn.description, configured: range.description,
        at: "\(key).\(id.platform.rawValue)")
    }
    if id.platform == .android, let range = settings.targetSdk, range != state.target {
      let builtIn = state.target ?? VersionRange(platform: .android)
      try deviation(
        .targetSdk, weakens: range.leavesOut(of: builtIn), builtIn: builtIn.targetDescription,
        configured: range.targetDescription,
        at: "\(key).targetSdk")
    }
    let globs: [(DeviationKind, [String]?, String?)] = [
      (.tests, settings.tests, "a test named for \(named)"),
      (.screenshots, settings.screenshots, "a screenshot named for \(named)"),
      (.seeds, settings.seeds, "a read-back in the state, from any seed log"),
    ]
    for (kind, patterns, builtIn) in globs {
      guard let patterns, !patterns.isEmpty else { continue }
      try deviation(
        kind, weakens: false, builtIn: builtIn, configured: patterns.joined(separator: ", "),
        at: "\(key).\(kind.rawValue)")
    }
  }

  /// The configuration's settings for a state and the key they are under: `android/blocked`
  /// before `blocked`, a former name (`policy-fixed`) as the state. Two keys for one row are an
  /// error, so no setting is silently dropped.
  private static func settings(
    for state: StateDefinition, in settings: Configuration.PermissionSettings, path: String
  ) throws(ConfigurationError) -> (key: String, settings: Configuration.RowSettings)? {
    let names = [state.state] + state.formerNames
    let platform = state.platform.rawValue
    let levels = [names.map { "\(platform)/\($0)" }, names].map { keys in keys.filter { settings.rows[$0] != nil } }
    for given in levels where given.count > 1 {
      throw ConfigurationError(
        path: "\(path).rows",
        message: "\(given.map { "\"\($0)\"" }.joined(separator: " and ")) name the same row; keep \"\(given[0])\"")
    }
    return levels.joined().first.map { ($0, settings.rows[$0]!) }
  }

  /// Whether a configuration key (`blocked`, `android/blocked`, or a former name) names this state.
  private static func key(_ state: StateDefinition, matches key: String) -> Bool {
    ([state.state] + state.formerNames).contains { key == $0 || key == "\(state.platform.rawValue)/\($0)" }
  }

  /// `row` as it reads for devices on `versions`: the built-in words of those versions (blocked
  /// on Android 10 is "ticked “Don't ask again”", on 14 "denied twice"), unless the
  /// configuration gave its own.
  package func worded(_ row: MatrixRow, on versions: [OSVersion]) -> MatrixRow {
    guard let state = states[row.id], !versions.isEmpty else { return row }
    let words = state.words(on: versions)
    var row = row
    let given = configuredWords[row.id]
    if given?.whatHappened == nil { row.whatHappened = words.whatHappened }
    if given?.appReads == nil { row.appReads = words.appReads }
    return row
  }

  /// How to put a device on `versions` in the row's state, or nil for a row of the
  /// configuration's own; without a closing full stop, as findings go on after it.
  package func seedAdvice(_ id: RowID, on versions: [OSVersion]) -> String? {
    guard let state = states[id], state.seed != SeedStep() else { return nil }
    let advice = state.words(on: versions).seed
    return advice.hasSuffix(".") ? String(advice.dropLast()) : advice
  }

  /// The row `id` made unreachable by what the app declares, saying why (its `reason` and its
  /// `declaration`); a row already unreachable keeps its own reason.
  package mutating func declare(_ id: RowID, unreachableBecause why: String) {
    guard let index = rows.firstIndex(where: { $0.id == id }), rows[index].reachable else { return }
    rows[index].reachable = false
    rows[index].requires = []
    rows[index].reason = why
    rows[index].declaration = why
  }

  /// The row `id` applying to the OS versions `range` (nil: every version), as what the app
  /// declares decides (`why`); the OS versions then decide the row against the release devices.
  package mutating func declare(_ id: RowID, range: VersionRange?, because why: String) {
    guard let index = rows.firstIndex(where: { $0.id == id }) else { return }
    ranges[id] = range
    rows[index].os = range?.description
    if var state = states[id] {
      state.reason = why
      states[id] = state
    }
    rows[index].declaration = why
  }

  /// Notes which of the app's declarations decided that the row `id` stays reachable.
  package mutating func declare(_ id: RowID, keptBecause why: String) {
    guard let index = rows.firstIndex(where: { $0.id == id }) else { return }
    rows[index].declaration = why
  }
}
