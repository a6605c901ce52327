import StateProofKnowledge
import StateProofModel
import StateProofEvidence

/// One read-back's state for one permission, composed from every line it needs (location from
/// fine, coarse and background; photos from the media lines; the camera with its privacy switch),
/// with what was missing when a line was.
struct SeedReading {
  /// The configuration's permission id.
  var permission: String
  /// The state the lines show together; nil when a line every state needs is missing.
  var state: String?
  var variant: String?
  var note: String?
  /// The lines granted "Only this time" the state rests on (see ``AndroidComposition/oneTime``).
  var oneTime: [String] = []
  /// The reading's lines the read-back lacks, full names.
  var absent: [String]
  /// The lines used, in file order; never empty.
  var lines: [SeedRecord]
  /// The state the seed step asked for, when the evidence says.
  var wanted: String?
  var reading: AndroidReading

  var first: SeedRecord { lines[0] }
  var location: EvidenceLocation { first.location }
  var device: String? { first.device }
  var user: Int? { first.user }
  var sdk: Int? { lines.lazy.compactMap(\.sdk).first }
  /// The app's build its block names (all its lines are of one block).
  var build: BuildIdentity? { first.build }
  /// When it was read back, when its lines say.
  var time: EvidenceTime? { lines.lazy.compactMap(\.time).first }

  /// The lines as the report shows them, with the privacy switch's entry when it was read.
  var raw: String {
    (lines.map(\.raw) + lines.compactMap(\.sensorLine)).joined(separator: "\n")
  }

  /// The lines `state` needs that this read-back lacks (`ACCESS_BACKGROUND_LOCATION` for
  /// background, and for precise when the app asks for background), described for people; nil
  /// when none are missing.
  func missing(for state: String?, background: Bool = false) -> String? {
    let missing = reading.missing(
      AndroidComposition(state: self.state, absent: absent), want: state, background: background)
    return missing.isEmpty ? nil : reading.describe(missing: missing)
  }

  /// Every reading of `seeds` (the app's lines) for each permission of `readings`: the lines of
  /// one read-back of one file, composed for an app targeting `targetSdk` (when known).
  static func compose(_ seeds: [SeedRecord], readings: [String: AndroidReading], targetSdk: Int? = nil) -> [SeedReading]
  {
    var groups: [GroupKey: [SeedRecord]] = [:]
    var order: [GroupKey] = []
    for seed in seeds {
      let key = GroupKey(root: seed.location.root, path: seed.location.path, readBack: seed.readBack)
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(seed)
    }
    var result: [SeedReading] = []
    for key in order {
      let group = groups[key]!
      for permission in readings.keys.sorted() {
        let reading = readings[permission]!
        let lines = group.filter { reading.names.contains($0.permission) }
        guard !lines.isEmpty else { continue }
        let facts = Dictionary(
          lines.map { ($0.permission, AndroidLineFacts(granted: $0.granted, flags: Set($0.flags))) },
          uniquingKeysWith: { _, later in later })
        let sensor = lines.first { $0.permission == reading.primary }?.sensorBlocked
        // A package's block prints every runtime permission the app requests: a line it lacks
        // is one the app does not request.
        let whole = lines.allSatisfy { [.package, .sharedUser, .hiddenSystemPackage].contains($0.block) }
        let composition = reading.compose(facts, sensorBlocked: sensor, targetSdk: targetSdk, whole: whole)
        result.append(
          SeedReading(
            permission: permission, state: composition.state, variant: composition.variant, note: composition.note,
            oneTime: composition.oneTime, absent: composition.absent, lines: lines,
            wanted: lines.lazy.compactMap(\.wanted).first.map(AndroidPermissionState.current), reading: reading))
      }
    }
    return result
  }

  private struct GroupKey: Hashable {
    var root: String
    var path: String
    var readBack: Int
  }
}
