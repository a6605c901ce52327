import StateProofModel
import StateProofEvidence

/// Findings about Xcode's own evidence: result bundles that could not be read here, files in a
/// format StateProof knows but does not read, and a run whose `summary` and `tests` disagree.
extension CoverageMatcher {
  func xcresultFindings(_ evidence: EvidenceSet) -> [Finding] {
    var findings: [Finding] = []
    for file in evidence.files {
      switch (file.kind, file.status) {
      case (.xcresultBundle, .ignored):
        // Apple's format: the iOS side, unless the configuration's globs say otherwise.
        findings.append(
          Finding(
            code: .xcresultBundleUnread, severity: .warning,
            platform: attribution.platform(root: file.root, path: file.path, device: nil) ?? .ios,
            message: "\(file.path) is \(Self.sentence(file.error?.description ?? "an Xcode result bundle, not read"))",
            files: [file.path]))
      case (.unsupported, _):
        findings.append(
          Finding(
            code: .unsupportedEvidence, severity: .info,
            platform: attribution.platform(root: file.root, path: file.path, device: nil),
            message:
              "\(file.path) is \(Self.sentence(file.error?.description ?? "in a format StateProof does not read")) It proves nothing.",
            files: [file.path]))
      default:
        break
      }
    }
    for disagreement in evidence.xcresultDisagreements {
      let more =
        disagreement.count > disagreement.tests.count
        ? " and \(disagreement.count - disagreement.tests.count) more" : ""
      let (between, then) =
        disagreement.withDatabase
        ? (
          "its object graph (Data/) and its database.sqlite3 give \(disagreement.count) tests different results: ",
          ". The worse result of each counts; the bundle was changed or written in part: make it again from the run."
        )
        : (
          "StateProof's own reading of the bundle and `xcrun xcresulttool get test-results tests` disagree on \(disagreement.count) tests: ",
          ". The bundle's own reading is used; report the bundle to StateProof's maintainers."
        )
      findings.append(
        Finding(
          code: .xcresultMismatch, severity: .warning,
          platform: attribution.platform(disagreement.bundle, device: nil) ?? .ios,
          message: "\(disagreement.bundle.path): " + between + disagreement.tests.joined(separator: "; ") + more + then,
          files: [disagreement.bundle.path]))
    }
    return findings + summaryMismatches(evidence.resultTotals)
  }

  /// Each `summary` with the `tests` of the same run: the file beside it whose name says `tests`
  /// where its own says `summary`, else the only `tests` file in its folder.
  static func runs(_ totals: [ResultTotals]) -> [(summary: ResultTotals, tree: ResultTotals)] {
    let trees = totals.filter { $0.source == .tests }
    let summaries = totals.filter { $0.source == .summary }.sorted { $0.location < $1.location }
    return summaries.compactMap { summary in
      let folder = Self.folder(of: summary.location.path)
      let beside = trees.filter {
        $0.location.root == summary.location.root && Self.folder(of: $0.location.path) == folder
      }
      let summariesBeside = summaries.filter {
        $0.location.root == summary.location.root && Self.folder(of: $0.location.path) == folder
      }
      let partnerName = Self.name(of: summary.location.path).replacingOccurrences(of: "summary", with: "tests")
      guard
        let tree = beside.first(where: { Self.name(of: $0.location.path) == partnerName })
          ?? (beside.count == 1 && summariesBeside.count == 1 ? beside[0] : nil)
      else { return nil }
      return (summary, tree)
    }
  }

  /// Each `summary` checked against the `tests` of the same run (``runs(_:)``).
  private func summaryMismatches(_ totals: [ResultTotals]) -> [Finding] {
    Self.runs(totals).compactMap { summary, tree in
      var disagreements: [String] = []
      if !summary.agrees(withTree: tree) {
        let perDevice = tree.perDeviceTotal.map { ", \($0) counted once per device" } ?? ""
        disagreements.append(
          "the summary states \(summary.description), the tree holds \(tree.description)\(perDevice)")
      }
      if summary.devices != tree.devices {
        disagreements.append(
          "the summary names the devices \(Self.list(summary.devices)), the tree \(Self.list(tree.devices))")
      }
      guard !disagreements.isEmpty else { return nil }
      return Finding(
        code: .xcresultMismatch, severity: .warning,
        platform: attribution.platform(tree.location, device: tree.devices.first) ?? .ios,
        message:
          "\(summary.location.path) and \(tree.location.path), the summary and test tree of one run, disagree: "
          + disagreements.joined(separator: "; ")
          + ". The tree may be cut short or come from another run: export both again from the same .xcresult bundle.",
        files: [summary.location.path, tree.location.path])
    }
  }

  private static func folder(of path: String) -> Substring {
    path.lastIndex(of: "/").map { path[..<$0] } ?? ""
  }

  private static func name(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }

  private static func list(_ devices: [String]) -> String {
    devices.isEmpty ? "(none)" : devices.joined(separator: ", ")
  }

  /// `text` on one line, ending in a full stop.
  private static func sentence(_ text: String) -> String {
    let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return line.hasSuffix(".") ? line : line + "."
  }
}
