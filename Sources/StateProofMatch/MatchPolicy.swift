import StateProofModel
import StateProofEvidence

/// The rules every matching decision is made by, built once from the configuration and the run's
/// options: the matrix, which tests are relevant, the release devices, the flaky and per-device
/// rules, the acceptances with the day they are checked on, and the rows' seed globs. A value, so
/// a decision can be tested from it and an ``EvidenceSet`` alone.
package struct MatchPolicy: Sendable {
  /// The configuration with the run's `--build` and `--window` in place of its own.
  package let configuration: Configuration
  /// The configuration's rows; while a report is assembled, with the rows the app's own
  /// declarations decide.
  package internal(set) var matrix: Matrix
  /// Which test executions may prove something: what the readers ask while they stream, and the
  /// selectors rows and receipts are decided by.
  package let relevance: TestRelevance
  /// Each platform's release devices, read from the configuration once.
  let releaseDevices: ReleaseDevices
  /// Each row's `seeds` globs, compiled once: which seed logs were written for which state (of
  /// which permission id).
  let seedGlobs: [(permission: String, state: String, globs: [Glob])]
  /// The configuration's acceptances, then the run's.
  private let allowances: [Allowance]
  /// The day (`YYYY-MM-DD`) acceptances are checked against.
  private let today: String

  /// - Parameters:
  ///   - allowances: gaps accepted on the command line, besides the configuration's own.
  ///   - today: the day acceptances' `until` dates are checked against.
  ///   - builds: the build under test per platform as the run names it (`--build`), in place of
  ///     the configuration's; an empty identity clears the configuration's.
  ///   - window: the evidence window the run names (`--window`), in place of the configuration's.
  package init(
    configuration: Configuration, allowances: [Allowance] = [], today: String,
    builds: [Platform: BuildIdentity] = [:], window: EvidenceWindow? = nil
  ) throws(ConfigurationError) {
    var configuration = configuration
    for (platform, build) in builds {
      configuration.platforms[platform, default: Configuration.PlatformSettings()].build =
        build.isEmpty ? nil : build.identity
    }
    if let window { configuration.window = window }
    self.configuration = configuration
    releaseDevices = ReleaseDevices(configuration: configuration)
    matrix = try Matrix(configuration: configuration)
    relevance = TestRelevance(matrix: matrix, configuration: configuration)
    seedGlobs = matrix.rows.filter { !$0.seeds.isEmpty }.map { row in
      (row.id.permission, row.id.state, row.seeds.map { Glob($0, pathMode: true) })
    }
    self.allowances = configuration.allow + allowances
    self.today = today
  }

  /// Whether rows on `platform` are decided per release device.
  func isPerDevice(_ platform: Platform) -> Bool {
    configuration.perDevice && !releaseDevices[platform].isEmpty
  }

  /// Whether `test` counts as a pass: passed, or passed on retry where `flaky` is `pass`.
  func counts(asPass test: TestExecution) -> Bool {
    test.outcome == .passed || (test.outcome == .flaky && configuration.flaky == .pass)
  }

  /// The finding, marked accepted when an allowance that has not expired covers it.
  func accepting(_ finding: Finding) -> Finding {
    guard let allowance = allowances.first(where: { $0.covers(finding) && !$0.hasExpired(on: today) })
    else { return finding }
    var accepted = finding
    accepted.accepted = Acceptance(
      reason: allowance.reason, until: allowance.until, source: allowance.source)
    return accepted
  }
}
