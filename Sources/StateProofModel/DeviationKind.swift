/// How a configuration changes a row of the built-in matrix.
public enum DeviationKind: String, Codable, Sendable, CaseIterable {
  /// `include` leaves out a row the platform can reach: it is not in the report at all.
  case leftOut = "left-out"
  /// The row's `requires` differs from the built-in one (`weakens` when it asks for less).
  case requires
  /// The row's `android` or `ios` OS range differs from the built-in one (`weakens` when it
  /// leaves out versions the state exists on).
  case osRange = "os-range"
  /// The row's `targetSdk` range differs from the built-in one (`weakens` when it leaves out
  /// target SDKs that reach the state).
  case targetSdk = "target-sdk"
  /// The row's own test selectors replace matching tests by their names.
  case tests
  /// The row's own screenshot globs replace matching screenshots by their names.
  case screenshots
  /// The row's own globs name the seed logs written for it.
  case seeds
  /// A row StateProof does not know, which the configuration defines.
  case added

  /// Whether it is the row's own selectors or globs, which decide what counts as its proof (and
  /// so need the row's reason).
  public var isSelector: Bool { self == .tests || self == .screenshots || self == .seeds }

  /// The kind in words, as the reports and configuration errors say it.
  public var words: String {
    switch self {
    case .leftOut: "left out"
    case .requires: "requirements"
    case .osRange: "OS versions"
    case .targetSdk: "target SDKs"
    case .tests: "test selectors"
    case .screenshots: "screenshot globs"
    case .seeds: "seed log globs"
    case .added: "added row"
    }
  }
}
