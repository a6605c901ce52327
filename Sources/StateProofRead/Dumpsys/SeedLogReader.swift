import Foundation
import StateProofModel

/// Reads seed logs: the seed script's output, CI logs and whole `dumpsys package` dumps.
///
/// Every runtime permission line becomes a `SeedRecord` carrying its package and user when the
/// dump says. Install-permission lines are skipped: they cannot be seeded, so they are never
/// evidence of a seeded state (from Android 12 they also merge users). A line repeated in the
/// hidden-system or shared-user block is dropped when the package block has it.
///
/// A `seed did not take: wanted STATE` message sets `wanted` on the permission line printed
/// before it, which makes that record not taken unless the line is in STATE after all.
package enum SeedLogReader {
  /// What the seed script prints to stderr when its read-back fails.
  package static let notTakenMarker = "seed did not take: wanted "

  package static func read(_ data: Data, from file: DiscoveredFile) -> SeedReadResult {
    let scan = DumpsysScan.scan(data)
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
    result.seeds = evidence.indices.map { index in
      let entry = evidence[index]
      let state = AndroidPermissionState.classify(granted: entry.line.granted, flags: entry.line.flags)
      return SeedRecord(
        location: file.location(line: entry.lineNumber), raw: entry.line.text,
        permission: entry.line.name, package: entry.package, user: entry.user,
        granted: entry.line.granted, flags: entry.line.flags.names, state: state.state,
        variant: state.variant, wanted: wanted[index])
    }
    return result
  }
}
