import StateProofMatch

/// A `stateproof.json` read and checked (or the built-in camera matrix): the matrix, the app ids,
/// receipts, release devices, selectors and accepted gaps a report is decided by.
public struct ReportConfiguration: Sendable {
  package var configuration: Configuration
  /// The file it was read from; nil for the built-in matrix.
  public var file: String?

  package init(_ configuration: Configuration, file: String?) {
    self.configuration = configuration
    self.file = file
  }

  /// Reads the configuration file at `path` (at most 1 MB of strict JSON: no duplicate keys, no
  /// unknown ones).
  public init(contentsOf path: String) throws(StateProofError) {
    self.init(try ConfigurationLoader.read(path), file: path)
  }

  /// The built-in camera matrix: Android's and iOS's camera permission states.
  public static var builtIn: ReportConfiguration { ReportConfiguration(Configuration(), file: nil) }

  /// The configuration `stateproof report` uses without `--config`: `stateproof.json` in the
  /// current folder, else one at the top of the first evidence path (when it is a folder), else
  /// the built-in matrix.
  public static func find(evidence paths: [String]) throws(StateProofError) -> ReportConfiguration {
    let (configuration, file) = try ConfigurationLoader.load(explicit: nil, evidencePaths: paths)
    return ReportConfiguration(configuration, file: file)
  }

  /// The app's name, as the report shows it.
  public var app: String? { configuration.app }
  /// The release being signed off.
  public var release: String? { configuration.release }
  /// The build under test on `platform` (`platforms.P.versionName`, `versionCode`, `variant`);
  /// nil when none is configured.
  public func build(for platform: Platform) -> BuildIdentity? { configuration.platforms[platform]?.build }
  /// How old evidence may be (`window`); nil when no window is configured.
  public var window: EvidenceWindow? { configuration.window }
}
