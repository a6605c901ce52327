import StateProofModel
import StateProofEvidence

/// What reading one seed file gave: the records, and the lines that could not be read (the rest
/// of the file is still read).
package struct SeedReadResult: Sendable {
  package var seeds: [SeedRecord] = []
  /// The `seed-check --ios` records: iOS Simulator stores read back.
  package var simulatorSeeds: [SimulatorSeed] = []
  package var problems: [ReadProblem] = []
  /// The packages whose `Package [name]` block the log prints, sorted; empty for a log naming none.
  package var packages: [String] = []
  /// The packages dumpsys could not find (`Unable to find package: NAME`), in the order asked.
  package var notFound: [String] = []
  /// What the app blocks' `requested permissions:` declare (a dump's, a seed-check record's),
  /// one per block (or distinct record list).
  package var declarations: [AppDeclarations] = []

  package init(seeds: [SeedRecord] = [], problems: [ReadProblem] = []) {
    self.seeds = seeds
    self.problems = problems
  }
}
