import Foundation
import StateProofKit

// Prints what keeps a release from being ready: each receipt that did not pass and each row
// that is incomplete or failing, with its open finding codes. Exits as `stateproof report` does.
let paths = Array(CommandLine.arguments.dropFirst())
do {
  let run = try StateProof.report(evidence: paths.isEmpty ? ["examples/scanner"] : paths)
  for platform in run.report.platforms {
    if platform.receipt.status != .passed {
      print("\(platform.platform.rawValue) receipt\t\(platform.receipt.status.rawValue)")
    }
    for row in platform.rows where row.status == .incomplete || row.status == .failing {
      let codes = row.findings.filter { $0.accepted == nil }.map(\.code.rawValue)
      print("\(row.id)\t\(row.status.rawValue)\t\(codes.joined(separator: ", "))")
    }
  }
  print(run.report.verdict.rawValue)
  exit(run.exitStatus)
} catch {
  FileHandle.standardError.write(Data("not-ready: \(error)\n".utf8))
  exit(2)
}
