import Foundation
import StateProofKnowledge
import StateProofModel
import StateProofSystem
import StateProofEvidence

/// Reads seed logs: the seed script's output, CI logs and whole `dumpsys package` dumps, line by
/// line, so memory does not grow with the log.
///
/// Every runtime permission line becomes a `SeedRecord` carrying where it was printed: its
/// package or shared-user block (with the packages declaring that shared user), its user and
/// whether the package is installed for that user. Whose line it is, the matcher decides.
/// Install-permission lines are skipped: they cannot be seeded, so they are never evidence of a
/// seeded state (from Android 12 they also merge users). A line repeated in the hidden-system or
/// shared-user block is dropped when the package block has it.
///
/// A `seed did not take: wanted STATE` message sets `wanted` on the permission line printed
/// before it, which makes that record not taken unless the line is in STATE after all.
package enum SeedLogReader {
  /// What the seed script prints to stderr when its read-back fails.
  package static let notTakenMarker = "seed did not take: wanted "

  /// Reads the log from `file`, one line at a time.
  package static func read(_ file: RegularFile, from discovered: DiscoveredFile) -> SeedReadResult {
    read(LineReader(file: file), from: discovered)
  }

  /// Reads a log already in memory.
  package static func read(_ data: Data, from file: DiscoveredFile) -> SeedReadResult {
    read(LineReader(bytes: [UInt8](data)), from: file)
  }

  private static func read(_ lines: LineReader, from file: DiscoveredFile) -> SeedReadResult {
    let (scan, error) = DumpsysScan.scan(lines)
    var result = records(scan, from: file)
    if let error {
      result.problems.append(ReadProblem(location: file.location(), message: "\(error)"))
    }
    return result
  }

  private static func records(_ scan: DumpsysScan, from file: DiscoveredFile) -> SeedReadResult {
    let evidence = scan.seedEvidence
    var wanted: [Int: String] = [:]
    var result = SeedReadResult(
      problems: scan.problems.map {
        ReadProblem(location: file.location(line: $0.line), message: $0.message)
      })
    var next = 0
    for marker in scan.notTaken {
      while next < evidence.count, evidence[next].lineNumber < marker.line { next += 1 }
      if next == 0 {
        result.problems.append(
          ReadProblem(
            location: file.location(line: marker.line),
            message: "seed did not take: wanted \(marker.wanted), but no permission line comes before it"))
      } else {
        wanted[next - 1] = marker.wanted
      }
    }
    result.problems.sort { $0.location < $1.location }
    result.packages = scan.packages.sorted()
    for (_, package) in scan.notFound where !result.notFound.contains(package) { result.notFound.append(package) }
    let device = AndroidScreenshotPath.device(in: file.record.path)
    result.declarations = scan.requested.map { block in
      let version = scan.versions[block.dump]?[block.package]
      return AppDeclarations(
        location: file.location(line: block.names.first?.line), platform: .android, source: .requestedPermissions,
        appId: block.package, build: version?.build(source: DumpsysScan.versionSource), targetSdk: version?.targetSdk,
        deviceSdk: block.sdk, declarations: block.names.map { Declaration(name: $0.name, line: $0.line) })
    }
    result.seeds = evidence.indices.map { index in
      let entry = evidence[index]
      let state = AndroidPermissionState.classify(granted: entry.line.granted, flags: entry.line.flags.set)
      let sensor = sensorState(of: entry, in: scan)
      return SeedRecord(
        location: file.location(line: entry.lineNumber), raw: entry.line.text,
        permission: entry.line.name, block: block(of: entry, headerless: scan.isHeaderless),
        package: entry.package, sharedUser: entry.sharedUser, sharedUserPackages: entry.members,
        installed: entry.installed, user: entry.user, device: device, granted: entry.line.granted,
        flags: entry.line.flags.names, state: state.state, variant: state.variant,
        wanted: wanted[index], readBack: entry.readBack, sdk: entry.sdk, sensorBlocked: sensor?.blocked,
        sensorLine: sensor?.text, build: entry.version?.build(source: DumpsysScan.versionSource), time: entry.time,
        targetSdk: entry.version?.targetSdk)
    }
    return result
  }

  /// For a line a privacy switch can cut off (CAMERA, RECORD_AUDIO): what the
  /// `dumpsys sensor_privacy` output nearest to it says of the switch for the line's user.
  static func sensorState(of entry: DumpsysEntry, in scan: DumpsysScan) -> (blocked: Bool?, text: String)? {
    guard let sensor = PlatformKnowledge.sensorLines[entry.line.name],
      let capture = scan.sensorCapture(near: entry.lineNumber)
    else { return nil }
    return capture.state(of: sensor.rawValue, user: entry.user ?? 0)
  }

  /// A loose line is the seed script's own when the log names no package at all; in a log that
  /// does, it lies outside every package's block.
  private static func block(of entry: DumpsysEntry, headerless: Bool) -> SeedBlock {
    switch entry.block {
    case .package: .package
    case .hiddenSystemPackage: .hiddenSystemPackage
    case .sharedUser: .sharedUser
    case .loose: headerless ? .headerless : .outside
    }
  }
}
