import StateProofModel

/// What the platform knowledge says about one permission state: the words for it, what the app
/// reads, the screen to assert, what proves it, how to seed it, the OS versions it exists on, and
/// the documents all of that comes from.
package struct StateDefinition: Sendable, Hashable {
  package var platform: Platform
  package var state: String
  /// Phrasings that name this state in test names and file paths (`blocked`, `denied twice`).
  package var aliases: [String]
  /// Names a configuration may still use for it (`policy-fixed` for `policy-denied`).
  package var formerNames: [String]
  /// What the user did, in their words, on every version (see `wordings` for one version).
  package var whatHappened: String
  package var appReads: String
  package var screen: String
  /// Android: the `dumpsys` line(s) that show it; iOS: the value the app reads.
  package var proof: String
  /// How to put a device in this state: the adb or simctl commands, the dialog step where no
  /// command reaches it, and prose (see `wordings` for what differs by version).
  package var seed: SeedStep
  /// iOS: what the Simulator's store shows in this state (``SimulatorStore``), read back by
  /// `seed-check --ios`; nil where the store cannot tell it (restricted, provisional, …).
  package var simulator: SimulatorValue?
  /// The OS versions the state exists on; nil on every version the permission has.
  package var os: VersionRange?
  /// False when no OS version reaches it (iOS has no second denial).
  package var reachable: Bool
  /// Why it cannot happen: always for an unreachable state; for one limited by `os`, why not
  /// outside it.
  package var reason: String?
  /// The target SDKs (API levels, `targetSdkVersion`) of the apps that can reach it on Android;
  /// nil for every target. An app whose target is outside never reaches it.
  package var target: VersionRange?
  /// Why an app targeting outside `target` never reaches it, with its source.
  package var targetReason: String?
  /// For a state with an UNVERIFIED part: the evidence that would settle it (a capture from a
  /// device, named).
  package var settle: String?
  /// Whether the proof's own line shape is UNVERIFIED (read off source code, never captured), so
  /// a read-back proving the row is an `unverified-proof` warning. False where what is unverified
  /// lies beside the proof (another version's shape, another target's), and the captured proof
  /// line is evidence like any other.
  package var proofIsUnverified: Bool
  package var requires: [EvidenceKind]
  /// Ids of the documents the facts come from (see ``PlatformKnowledge/sources``).
  package var sources: [String]
  package var basis: FactBasis
  /// What is not known for certain, or a caveat a tester needs.
  package var note: String?
  /// Words that hold only on some OS versions.
  package var wordings: [StateWording]

  package init(
    _ platform: Platform, _ state: String, aliases: [String], formerNames: [String] = [],
    whatHappened: String, appReads: String, screen: String, proof: String, seed: SeedStep,
    os: VersionRange? = nil, reachable: Bool = true, reason: String? = nil, target: VersionRange? = nil,
    targetReason: String? = nil, requires: [EvidenceKind], sources: [String], simulator: SimulatorValue? = nil,
    basis: FactBasis = .documented, note: String? = nil, settle: String? = nil, proofIsUnverified: Bool? = nil,
    wordings: [StateWording] = []
  ) {
    self.simulator = simulator
    self.platform = platform
    self.state = state
    self.aliases = aliases
    self.formerNames = formerNames
    self.whatHappened = whatHappened
    self.appReads = appReads
    self.screen = screen
    self.proof = proof
    self.seed = seed
    self.os = os
    self.reachable = reachable
    self.reason = reason
    self.target = target
    self.targetReason = targetReason
    self.requires = reachable ? requires : []
    self.sources = sources
    self.basis = basis
    self.note = note
    self.settle = settle
    self.proofIsUnverified = proofIsUnverified ?? (settle != nil)
    self.wordings = wordings
  }

  /// The words for devices on `versions`: a wording every one of them shares, else one per
  /// group ("denied twice (Android 11 and later); ticked “Don't ask again” (Android 6 to 10)");
  /// with no version known, the state's own words, which cover every version.
  package func words(on versions: [OSVersion]) -> (whatHappened: String, appReads: String, seed: String) {
    let known = versions.filter { $0.platform == platform }
    guard !known.isEmpty, !wordings.isEmpty else { return (whatHappened, appReads, seed.text) }
    // Each version's wording (nil: the state's own words), in the order the versions come.
    var groups: [(wording: StateWording?, versions: [OSVersion])] = []
    for version in known.sorted() {
      let wording = wordings.first { $0.os.contains(version) }
      if let index = groups.firstIndex(where: { $0.wording == wording }) {
        groups[index].versions.append(version)
      } else {
        groups.append((wording, [version]))
      }
    }
    // Each distinct text once, labelled with every version whose wording says it: "denied twice"
    // on 11 and on 12 and later (two wordings, for their seeds) is "(Android 11 and later)". A
    // text some device reads from the state's own words covers the rest: no label.
    func pick(_ path: KeyPath<StateWording, String?>, _ fallback: String) -> String {
      var texts: [String] = []
      for group in groups {
        let text = group.wording?[keyPath: path] ?? fallback
        if !texts.contains(text) { texts.append(text) }
      }
      if texts.count == 1 { return texts[0] }
      return texts.map { text in
        if text == fallback, groups.contains(where: { $0.wording == nil }) { return text }
        let ranges = wordings.filter { ($0[keyPath: path] ?? fallback) == text }.map(\.os)
        return "\(text) (\(Self.joined(ranges).map(\.description).joined(separator: " and ")))"
      }.joined(separator: "; ")
    }
    return (pick(\.whatHappened, whatHappened), pick(\.appReads, appReads), pick(\.seedText, seed.text))
  }
}

extension StateDefinition {
  /// `ranges` with the ones that touch made one: Android 11, and 12 and later, is 11 and later.
  static func joined(_ ranges: [VersionRange]) -> [VersionRange] {
    var joined: [VersionRange] = []
    let sorted = ranges.sorted { first, second in
      guard let secondLowest = second.lowest else { return false }
      guard let firstLowest = first.lowest else { return true }
      return firstLowest < secondLowest
    }
    for range in sorted {
      if let last = joined.last, let below = last.below, below == range.lowest {
        joined[joined.count - 1].below = range.below
      } else {
        joined.append(range)
      }
    }
    return joined
  }

  /// The state limited to `range` (on top of its own limit), with `reason` for the versions
  /// outside when it has none of its own: notifications exist on Android from 13 only.
  func limited(to range: VersionRange, reason: String) -> StateDefinition {
    guard reachable else { return self }
    var state = self
    state.keepWordings(within: range)
    guard let own = os else {
      state.os = range
      state.reason = reason
      return state
    }
    let lowest = [range.lowest, own.lowest].compactMap(\.self).max()
    let below = [range.below, own.below].compactMap(\.self).min()
    state.os = VersionRange(platform: range.platform, lowest: lowest, below: below)
    // The state's own reason stays when its own limit is the tighter one.
    if let ownLowest = own.lowest, let rangeLowest = range.lowest, ownLowest >= rangeLowest { return state }
    state.reason = reason
    return state
  }

  /// The state limited to apps whose target SDK is in `range`, with why (and its source).
  func targeting(_ range: VersionRange, reason: String) -> StateDefinition {
    guard reachable else { return self }
    var state = self
    state.target = range
    state.targetReason = reason
    return state
  }

  /// The state with `note` (a caveat a tester needs) after any note it has.
  func noting(_ note: String) -> StateDefinition {
    var state = self
    state.note = [state.note, note].compactMap(\.self).joined(separator: " ")
    return state
  }

  /// Drops the wordings of versions outside `range` (a 13+ row never speaks of Android 6 to 10);
  /// when one wording is left and covers all of `range`, its words become the state's own.
  private mutating func keepWordings(within range: VersionRange) {
    wordings = wordings.filter { $0.os.overlaps(range) }
    guard wordings.count == 1, let only = wordings.first, only.os.covers(range) else { return }
    whatHappened = only.whatHappened ?? whatHappened
    appReads = only.appReads ?? appReads
    seed = only.seed ?? seed
    wordings = []
  }

  /// Each way to seed the state by OS version, in version order: the wordings' seeds, else the
  /// state's own on every version it has. `stateproof seed-plan` chooses among them at run time.
  package var seedVariants: [(os: VersionRange?, step: SeedStep)] {
    let own = wordings.filter { $0.seed != nil }.sorted { first, second in
      guard let secondLowest = second.os.lowest else { return false }
      guard let firstLowest = first.os.lowest else { return true }
      return firstLowest < secondLowest
    }
    guard !own.isEmpty else { return [(nil, seed)] }
    let variants: [(os: VersionRange?, step: SeedStep)] = own.map { ($0.os, $0.seed!) }
    // Versions of the state no wording speaks for take the state's own seed.
    let joined = Self.joined(own.map(\.os))
    // Android's runtime permissions start at Android 6 (API 23): no seed is needed below it.
    let whole = os ?? VersionRange(platform: platform, lowest: platform == .android ? .android(api: 23) : nil)
    let covered = joined.contains { $0.covers(whole) }
    return covered ? variants : variants + [(nil, seed)]
  }
}
