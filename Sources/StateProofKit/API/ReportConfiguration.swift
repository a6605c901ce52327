import StateProofJSON
import StateProofMatch

/// A `stateproof.json` read and checked (or the built-in camera matrix): the matrix, the app ids,
/// receipts, release devices, selectors and accepted gaps a report is decided by, and where it
/// came from, as `report.json` records it (`provenance.configuration`).
public struct ReportConfiguration: Sendable {
  package var configuration: Configuration
  /// The file it was read from; nil for the built-in matrix.
  public var file: String?
  /// Where it was found: given, in the working folder, at the top of the evidence, or built in.
  public var source: ConfigurationSource
  /// The SHA-256 of the file's bytes as read; nil for the built-in matrix.
  public var sha256: String?
  /// The configuration as `report.json` records it: comments taken out, keys sorted.
  public var settings: ConfigurationValue
  /// The file's JSON as read, to name the line and column of a check made later (the matrix's);
  /// nil for the built-in matrix and a recorded configuration.
  package var document: JSONNode?
  /// A `config-shadowed` warning for each other configuration ``find(evidence:)`` saw that
  /// differs from this one; the report shows them.
  package var shadowing: [Finding] = []

  package init(_ loaded: ConfigurationLoader.Loaded, file: String, source: ConfigurationSource) {
    configuration = loaded.configuration
    self.file = file
    self.source = source
    sha256 = loaded.sha256
    settings = loaded.settings
    document = loaded.document
  }

  private init() {
    configuration = Configuration()
    file = nil
    source = .builtIn
    sha256 = nil
    settings = .object([:])
  }

  /// Reads the configuration file at `path` (at most 1 MB of strict JSON: no duplicate keys, no
  /// unknown ones).
  public init(contentsOf path: String) throws(StateProofError) {
    self.init(try ConfigurationLoader.read(path), file: path, source: .given)
  }

  /// The configuration a report recorded (`provenance.configuration`), to decide its rows again
  /// (`stateproof verify`); `name` is where it was read, for messages. `shadowing` is the
  /// report's own `config-shadowed` findings: where the command ran decided them, so they are
  /// taken as recorded, never looked for again from wherever `verify` runs.
  package init(recorded: ConfigurationRecord, in name: String, shadowing: [Finding] = []) throws(StateProofError) {
    self.shadowing = shadowing
    do {
      configuration = try Configuration(recorded: recorded.settings)
    } catch {
      throw .configuration(file: "\(name) (provenance.configuration)", error)
    }
    file = recorded.file
    source = recorded.source
    sha256 = recorded.sha256
    settings = recorded.settings
  }

  /// The built-in camera matrix: Android's and iOS's camera permission states.
  public static var builtIn: ReportConfiguration { ReportConfiguration() }

  /// The configuration `stateproof report` uses without `--config`: `stateproof.json` in the
  /// current folder, else one at the top of the first evidence path (when it is a folder), else
  /// the built-in matrix. Another one that could apply (the working folder's, one at the top of
  /// any evidence folder) and differs is listed in ``shadowed`` and is a warning in the report.
  public static func find(evidence paths: [String]) throws(StateProofError) -> ReportConfiguration {
    try ConfigurationLoader.find(evidencePaths: paths)
  }

  /// Other configuration files that could have applied and differ from this one.
  public var shadowed: [String] { shadowing.flatMap(\.files).filter { $0 != file } }

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
