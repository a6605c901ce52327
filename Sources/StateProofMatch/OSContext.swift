import StateProofKnowledge
import StateProofModel

/// The OS versions one platform's rows are judged on: each release device's (as its name gives
/// it, or the name of the device it resolves to in the evidence), and the versions the words
/// follow: the release devices' when any is known, else every version the platform's evidence
/// names. A row whose OS range no release device is in is unreachable there.
struct OSContext {
  let platform: Platform
  /// Each release device and its version; nil when nothing tells.
  let releaseVersions: [(device: String, version: OSVersion?)]
  /// The versions the rows' words follow.
  let versions: [OSVersion]
  private let catalog: DeviceCatalog

  init(
    platform: Platform, releaseDevices: [String], catalog: DeviceCatalog, attribution: PlatformAttribution, sdks: [Int]
  ) {
    self.platform = platform
    self.catalog = catalog
    var seen: Set<String> = []
    releaseVersions = releaseDevices.filter { seen.insert($0).inserted }.map { device in
      (device, catalog.os(release: device).flatMap { OSVersion(platform: platform, release: $0) })
    }
    let release = releaseVersions.compactMap(\.version)
    let evidence =
      catalog.osVersions(platform: platform, attribution: attribution).compactMap {
        OSVersion(platform: platform, release: $0)
      } + (platform == .android ? sdks.map(OSVersion.android(api:)) : [])
    versions = Array(Set(release.isEmpty ? evidence : release)).sorted()
  }

  /// The version of the device a piece of evidence names (or its folder does); for a seed, the
  /// API level it carries first. Nil when unknown.
  func version(device: String?, at location: EvidenceLocation, sdk: Int? = nil) -> OSVersion? {
    if platform == .android, let sdk { return .android(api: sdk) }
    return catalog.os(device: device, at: location).flatMap { OSVersion(platform: platform, release: $0) }
  }

  /// The release device's version, if known.
  func version(ofRelease device: String) -> OSVersion? {
    releaseVersions.first { $0.device == device }?.version ?? nil
  }

  /// `row` worded for these versions, and unreachable when every release device's version is
  /// known and outside the row's range, with the reason.
  func resolve(_ row: MatrixRow, in matrix: Matrix) -> MatrixRow {
    var row = matrix.worded(row, on: versions)
    guard row.reachable, let range = matrix.ranges[row.id], !releaseVersions.isEmpty,
      releaseVersions.allSatisfy({ $0.version.map { !range.contains($0) } ?? false })
    else { return row }
    let devices = releaseVersions.map { "\($0.device) (\($0.version!))" }.joined(separator: ", ")
    let why = matrix.states[row.id]?.reason ?? "The row applies to \(range)."
    row.reachable = false
    row.requires = []
    row.reason = "\(why) The release devices run outside \(range): \(devices)."
    return row
  }
}
