import StateProofSystem

/// Why `seed-plan` cannot write a plan as asked.
public enum SeedPlanProblem: Sendable, Hashable, CustomStringConvertible {
  /// `--row` names no row of the configuration's matrix on the platforms asked for; `nearest`
  /// are the rows it may have meant.
  case unknownRow(String, nearest: [String])
  /// The configuration has no row on the platform asked for.
  case noRows(platform: String)

  public var description: String {
    switch self {
    case .unknownRow(let row, let nearest):
      "--row \(row): the configuration's matrix has no such row" + NearestNames.didYouMean(nearest)
        + " (the rows are platform/permission/state, e.g. android/camera/blocked)"
    case .noRows(let platform):
      "the configuration covers no \(platform) row: nothing to seed"
    }
  }
}
