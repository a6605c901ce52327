import Foundation
import StateProofEvidence
import StateProofKnowledge
import StateProofMatch
import StateProofModel
import StateProofSystem

/// `stateproof seed-plan`: the configuration's rows as one script (or JSON) that seeds a device
/// into a row's state and reads it back. SPI: the plan is the command line's output, a script
/// for a CI job; the library's callers have the knowledge's seeds in the report's findings and
/// docs/platform-knowledge.md, and no use for the script's text.
@_spi(CLI) public enum SeedPlanText {
  /// The output format.
  public enum Format: String, Sendable, CaseIterable {
    case sh, json
  }

  /// The plan for `configuration`'s rows on `platform` (nil: both) as `format`: only `rows` when
  /// given (`android/camera/blocked`). The app's declarations are read from `evidence` (its
  /// merged manifest, APK, `aapt2` output, read-backs, `Info.plist`), when given: a permission
  /// the app does not declare is left out, with a note. Throws for a row the matrix does not
  /// have.
  public static func make(
    configuration: ReportConfiguration, evidence paths: [String], platform: Platform?, rows: [String], format: Format
  ) throws(StateProofError) -> String {
    let settings = configuration.configuration
    let matcher: CoverageMatcher
    do {
      matcher = try CoverageMatcher(configuration: settings, today: ZonedTime.now().day)
    } catch {
      throw .configuration(
        file: configuration.file ?? "configuration", configuration.document.map(error.placed(in:)) ?? error)
    }
    let known = matcher.policy.matrix.rows.filter { platform == nil || $0.id.platform == platform }.map(\.id)
    if let platform, known.isEmpty { throw .seedPlan(.noRows(platform: platform.rawValue)) }
    var only: [RowID] = []
    for row in rows {
      guard let id = RowID(row), known.contains(id) else {
        let names = known.map(\.description)
        throw .seedPlan(.unknownRow(row, nearest: NearestNames.nearest(to: row, among: names)))
      }
      only.append(id)
    }
    var declarations: [AppDeclarations] = []
    if !paths.isEmpty {
      try StateProof.checkEvidence(paths)
      declarations = EvidenceCollector.collect(paths: paths, matcher: matcher).evidence.declarations
    }
    let declared = DeclaredApp(declarations, configuration: settings)
    let plan = SeedPlan.make(
      settings, matrix: matcher.policy.matrix, declared: declared, platform: platform, only: only,
      source: configuration.file ?? "the built-in camera matrix")
    switch format {
    case .sh:
      return SeedPlanScript.render(plan)
    case .json:
      let data = try StateProof.json(SeedPlanJSON.document(plan))
      return String(decoding: data, as: UTF8.self) + "\n"
    }
  }
}
