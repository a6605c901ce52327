import StateProofMatch
import StateProofModel
import StateProofSystem

/// What `verify` keeps of the `report.json` it checks while it decides the report again: the
/// parts that decision and the comparison need, and the folder's files checked, but not its
/// evidence list or findings (read again as a stream, ``ReportVerifier``), so a report of
/// 100,000 files is never held twice.
struct RecordedReport {
  /// `report.json`'s SHA-256, of the bytes read: a second read must find the same.
  var sha256: String
  var roots: [String]
  var provenance: Provenance?
  var generatedAt: String?
  var verdict: Verdict
  /// Its rows' status, platform by platform.
  var platforms: [BaselineReport.Platform]
  /// Its `config-shadowed` findings, which depend on where the report was made: the decision
  /// made again takes them as recorded.
  var shadowing: [Finding]
  /// Its findings' keys: with the decision made again, they give its new findings at once.
  var findingKeys: FindingComparison.Keys
  /// The folder's report files against those made again from it (``ReportDerivation``).
  var files: [VerifiedFile]
  /// The SHA-256 of each report file in the folder now.
  var present: [PathKey: String]
  /// Per evidence path, the first files the report cites under it that lie there as files (not
  /// what a result bundle's export or reading listed under its path): where the path given for
  /// it holds none, ``RootPairing/relocate(_:samples:)`` looks for them nearby.
  var samples: [String: [String]] = [:]

  /// Up to ``RootPairing/sampleSize`` files per evidence path of `evidence` (in the report's
  /// order) that were hashed and lie outside a result bundle's own path.
  static func samples(_ evidence: [FileRecord]) -> [String: [String]] {
    var samples: [String: [String]] = [:]
    var bundle: (root: String, path: String)?
    for file in evidence {
      if let inside = bundle, inside.root == file.root, file.path.hasPrefix(inside.path + "/") { continue }
      if file.kind == .xcresultBundle { bundle = (file.root, file.path) }
      guard file.sha256 != nil, !file.path.isEmpty, samples[file.root, default: []].count < RootPairing.sampleSize
      else { continue }
      samples[file.root, default: []].append(file.path)
    }
    return samples
  }
}
