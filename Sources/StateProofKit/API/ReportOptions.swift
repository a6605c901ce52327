import Foundation
import StateProofModel

/// Everything `stateproof report` can be told, as a value: the configuration, accepted gaps,
/// when the run fails, the baseline, templates, the time to print, and how the outputs are
/// written. Each property names the option it stands for.
public struct ReportOptions: Sendable {
  /// `--markdown-max-bytes`'s default: GitHub's PR-comment limit is 65,536 characters; a little
  /// under leaves room for a header.
  public static let defaultMarkdownMaxBytes = 65_000

  /// `--config`: the configuration; nil finds it as the command line does
  /// (``ReportConfiguration/find(evidence:)``).
  public var configuration: ReportConfiguration?
  /// `--allow`: known gaps accepted besides the configuration's own `allow` list, each with a
  /// reason (a blank one is refused).
  public var allowances: [Allowance]
  /// `--fail-on`: when ``ReportRun/exitStatus`` is 1.
  public var failOn: FailureLevel
  /// `--baseline`: an earlier `report.json`; the report then says what changed since.
  public var baseline: String?
  /// `--templates`: a folder of templates that override the shipped ones by file name.
  public var templates: String?
  /// `--generated-at`: a time to print in the report (as given, such as
  /// `2025-11-24T16:00:00Z`); nil prints none, so reports reproduce. It decides nothing:
  /// accepted gaps' `until` is checked against the day of this machine's clock.
  public var generatedAt: ZonedTime?
  /// The command line this run stands for (`["report", "--fail-on", "warning", "evidence"]`: the
  /// arguments after `stateproof`, without `--out DIR`), recorded in `report.json` as
  /// `provenance.command`. `stateproof report` sets it; nil (the default) for a run through the
  /// library, which `report.json` records by its options alone.
  public var commandLine: [String]?
  /// `--embed-max-bytes` and `--single-file`: which screenshots `index.html` carries inside
  /// itself.
  public var embedding: ImageEmbedding
  /// `--format`: the outputs ``ReportRun/write(to:)`` writes.
  public var formats: Set<ReportFormat>
  /// `--markdown-max-bytes`: the most bytes `report.md` may take (positive).
  public var markdownMaxBytes: Int
  /// `--max-attachment-bytes`'s default: far above what real bundles' screenshots decode to.
  public static let defaultMaxAttachmentBytes = 4 << 30
  /// `--max-attachment-bytes`: the most bytes the run decodes from result bundles' compressed
  /// attachments, all bundles together; past it an attachment is left out, and says so.
  public var maxAttachmentBytes = Self.defaultMaxAttachmentBytes
  /// `--html-url`: where `report.md` links to the full report.
  public var htmlURL: String
  /// `--attestation`: ``ReportRun/write(to:)`` also writes `attestation.intoto.json`, an
  /// unsigned in-toto Statement over the report folder's files (see docs/audit.md).
  public var attestation = false
  /// `--bundle`: ``ReportRun/write(to:)`` then packs the report folder and every evidence file it
  /// cites into this reproducible `.tar.gz`.
  public var bundle: String?
  /// `--history`: the history file (JSON Lines) ``ReportRun/write(to:)`` appends this sign-off's
  /// line to, chained to the line before it; the report draws the last sign-offs' trend on its
  /// first screen and links to the history page. A file that does not exist yet is started.
  public var history: String?
  /// `--history-url`: where `index.html` links to the history page (`stateproof history`'s
  /// `index.html`), relative to `index.html` or absolute.
  public var historyURL = Self.defaultHistoryURL
  /// `--history-url`'s default: the history page in the report folder's `history/` folder, where
  /// `stateproof history FILE --out REPORT_DIR/history` writes it.
  public static let defaultHistoryURL = "history/index.html"
  /// The StateProof executable running (the command line sets it), whose SHA-256 `report.json`
  /// records so the very binary can be fetched again; nil for a library client, whose
  /// executable is its own.
  public var executable: String?
  /// The day (`YYYY-MM-DD`) accepted gaps are checked against instead of today's: `verify`
  /// decides again with the day the report recorded.
  package var acceptanceDay: String?
  /// The build under test on each platform given here, in place of the configuration's
  /// `platforms.P.versionName`, `versionCode` and `variant`: evidence naming another build
  /// proves nothing (`wrong-build`).
  public var builds: [Platform: BuildIdentity]
  /// The evidence window, in place of the configuration's `window`: evidence collected longer
  /// before the newest evidence (or `builtAt`) proves nothing (`stale-evidence`).
  public var window: EvidenceWindow?
  /// `--built-at`: when the release candidate was built; the evidence window is measured back
  /// from it rather than from the newest evidence.
  public var builtAt: ZonedTime?

  /// The options `stateproof report PATH...` runs with, changed by the arguments given.
  public init(
    configuration: ReportConfiguration? = nil, allowances: [Allowance] = [], failOn: FailureLevel = .error,
    baseline: String? = nil, templates: String? = nil, generatedAt: ZonedTime? = nil,
    embedding: ImageEmbedding = .none, formats: Set<ReportFormat> = Set(ReportFormat.allCases),
    markdownMaxBytes: Int = Self.defaultMarkdownMaxBytes, htmlURL: String = ReportFormat.html.fileName,
    builds: [Platform: BuildIdentity] = [:], window: EvidenceWindow? = nil, builtAt: ZonedTime? = nil,
    commandLine: [String]? = nil
  ) {
    self.commandLine = commandLine
    self.configuration = configuration
    self.allowances = allowances
    self.failOn = failOn
    self.baseline = baseline
    self.templates = templates
    self.generatedAt = generatedAt
    self.embedding = embedding
    self.formats = formats
    self.markdownMaxBytes = markdownMaxBytes
    self.htmlURL = htmlURL
    self.builds = builds
    self.window = window
    self.builtAt = builtAt
  }
}

extension ReportOptions {
  /// The options as `report.json` records them (`provenance.options`).
  var recorded: RecordedOptions {
    let embedMaxBytes: Int? = if case .below(let bytes) = embedding { bytes } else { nil }
    return RecordedOptions(
      allow: allowances, failOn: failOn.rawValue, baseline: baseline, formats: formats.map(\.rawValue),
      attestation: attestation,
      embedMaxBytes: embedMaxBytes, singleFile: embedding == .all, markdownMaxBytes: markdownMaxBytes,
      htmlURL: htmlURL, builtAt: builtAt?.utc,
      builds: Dictionary(uniqueKeysWithValues: builds.map { ($0.key.rawValue, $0.value.identity) }), window: window,
      maxAttachmentBytes: maxAttachmentBytes)
  }
}
