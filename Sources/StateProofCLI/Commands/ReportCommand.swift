import Foundation
@_spi(CLI) import StateProofKit

/// `stateproof report`: reads the evidence, decides every row and writes the report folder.
enum ReportCommand: Command {
  /// The options `stateproof report` takes, in the order help lists them.
  enum Option: String, CommandOption {
    case config
    case out
    case allow
    case failOn = "fail-on"
    case baseline
    case templates
    case generatedAt = "generated-at"
    case builtAt = "built-at"
    case embedMaxBytes = "embed-max-bytes"
    case singleFile = "single-file"
    case format
    case markdownMaxBytes = "markdown-max-bytes"
    case maxAttachmentBytes = "max-attachment-bytes"
    case htmlUrl = "html-url"
    case attestation
    case bundle
    case history
    case historyUrl = "history-url"
    case githubSummary = "github-summary"
    case githubAnnotations = "github-annotations"
    case githubOutput = "github-output"
    case progress
    case verbose
    case quiet
  }

  static let spec = CommandSpec(
    name: "report",
    summary: "Build the release report from evidence folders.",
    arguments: "PATH...", minimumArguments: 1, maximumArguments: nil,
    options: [
      OptionSpec(
        "config", value: "FILE",
        help:
          "The configuration (default: ./stateproof.json, else one at the top of the first PATH, else the built-in camera matrix; another one that could apply and differs is a config-shadowed warning)."
      ),
      OptionSpec(
        "out", value: "DIR",
        help:
          "Where to write the report (default: stateproof-report): a new or empty folder, or one StateProof wrote (it holds .stateproof-report.json), where only the files it wrote are replaced."
      ),
      OptionSpec(
        "allow", value: "CODE[:ROW]=REASON", repeatable: true,
        help:
          "Accept a known gap, saying why: findings with CODE (on ROW, a row id such as ios/camera/restricted, or a platform, when given) no longer decide the verdict; the report still shows them, with REASON beside each. Quote it for the shell: --allow 'missing-receipt:ios=no iOS device farm this release'. A missing or blank REASON is a usage error. REASON is recorded in report.json and the attestation and shown in every output: never put a token or other secret in it."
      ),
      OptionSpec(
        "fail-on", value: "LEVEL",
        help: "error (default): exit 1 when not ready; warning: also on warnings; never: exit 0 whatever the verdict."),
      OptionSpec("baseline", value: "FILE", help: "An earlier report.json: the report lists what changed since."),
      OptionSpec(
        "templates", value: "DIR",
        help: "Templates that override the shipped ones by file name (e.g. layout.html.mustache)."),
      OptionSpec(
        "generated-at", value: "TIME",
        help:
          "The report's time, an ISO 8601 date-time such as 2025-11-24T16:00:00Z (default: none, or SOURCE_DATE_EPOCH when set). It decides nothing: accepted gaps' until dates are checked against today by this machine's clock (UTC), which report.json records."
      ),
      OptionSpec(
        "built-at", value: "TIME",
        help:
          "When the release candidate was built (ISO 8601 with its zone, e.g. 2025-11-24T17:00:00Z): the configuration's evidence window is measured back from it instead of from the newest evidence."
      ),
      OptionSpec(
        "embed-max-bytes", value: "N",
        help:
          "Put screenshots smaller than N bytes inside index.html as data: URIs (default: none; larger ones load from assets/)."
      ),
      OptionSpec(
        "single-file", help: "Put every screenshot inside index.html, so it works on its own; warns above 20 MB."),
      OptionSpec(
        "format", value: "LIST",
        help: "The outputs to write, comma-separated: "
          + ReportFormat.allCases.map { "\($0.rawValue) (\($0.fileName))" }.joined(separator: ", ")
          + " (default: all)."),
      OptionSpec(
        "markdown-max-bytes", value: "N",
        help:
          "The most bytes report.md may take; over-long values are shortened, then the least important sections are trimmed (default: \(ReportOptions.defaultMarkdownMaxBytes), under GitHub's comment limit)."
      ),
      OptionSpec(
        "max-attachment-bytes", value: "N",
        help:
          "The most bytes the run decodes from result bundles' compressed attachments, all bundles together (default: \(ReportOptions.defaultMaxAttachmentBytes)); past it an attachment is left out, named as unreadable, and nothing of it is written. Recorded in report.json."
      ),
      OptionSpec(
        "html-url", value: "URL",
        help:
          "Where report.md links to the full report when it is trimmed (default: index.html). The URL is recorded in report.json and shown in report.md: never put a token in it (a signed link's query included)."
      ),
      OptionSpec(
        "attestation",
        help:
          "Also write attestation.intoto.json: an unsigned in-toto Statement (v1) over the report's files, with the verdict and every evidence file's SHA-256, to sign with cosign attest-blob --statement (see docs/audit.md)."
      ),
      OptionSpec(
        "bundle", value: "FILE",
        help:
          "Then pack the report (under report/) and every evidence file it hashed (under evidence/PATH/) into FILE, a reproducible .tar.gz that stateproof verify checks after unpacking; an existing FILE is replaced only when it is a bundle StateProof wrote."
      ),
      OptionSpec(
        "history", value: "FILE",
        help: """
          Append this sign-off as one line to the history FILE (JSON Lines; started when it does not exist): \
          release, time, builds, verdict, every row's and receipt's status, the accepted gaps with reason and \
          end date, the SHA-256 of report.json and the attestation, and the SHA-256 of the line before, so the \
          file is a hash chain (stateproof verify --history). Appends wait for each other (a lock on FILE's \
          folder); a report FILE already records is not added again. index.html then shows the last sign-offs' \
          trend and links to the history page (stateproof history FILE --out DIR/history).
          """),
      OptionSpec(
        "history-url", value: "URL",
        help: "Where index.html links to the history page (default: \(ReportOptions.defaultHistoryURL), beside it)."),
      OptionSpec(
        "github-summary", help: "Also append report.md to the file $GITHUB_STEP_SUMMARY names, when it is set."),
      OptionSpec(
        "github-annotations",
        help:
          "Also print a GitHub Actions ::error annotation per open error finding (the first \(GitHubWorkflow.annotationLimit), then a notice with the rest's count), on the evidence file it concerns, else the configuration file, relative to $GITHUB_WORKSPACE."
      ),
      OptionSpec(
        "github-output",
        help:
          "Also append the step outputs verdict, errors, warnings, report-dir, app and configuration to the file $GITHUB_OUTPUT names, when it is set."
      ),
      OptionSpec(
        "progress",
        help:
          "Show progress on standard error (files and bytes read, rate) even when it is not a terminal; on a terminal it is shown anyway."
      ),
      OptionSpec(
        "verbose", help: "List each evidence file on standard error as it is read (in the order reading finishes)."),
      OptionSpec("quiet", help: "Print nothing but warnings and errors: no progress and no summary line."),
    ],
    keyedBy: Option.self,
    discussion: """
      Walks every PATH (files or folders), reads JUnit XML, Xcode result bundles (.xcresult, or \
      a folder of any name holding one's Info.plist and Data/, as an artifact download leaves it; read \
      natively from their object store and database on every platform; on a Mac built without zstd, \
      through xcrun xcresulttool), xcresulttool's JSON, attachments manifests, seed logs and records \
      and screenshots, matches them to the permission-state matrix and writes report.json, report.md, index.html (with assets/) and \
      junit.xml into DIR, replacing an earlier report there only once the new one is complete, and \
      only the files that report listed in .stateproof-report.json; any other folder that is not \
      empty is refused. Each screenshot is stored once in assets/, named by its SHA-256, however \
      many rows show it. report.json records how the report was made: the StateProof version, \
      these arguments (without --out), the configuration used (its file, SHA-256 and contents), \
      templates that replaced shipped ones (with SHA-256), and the day accepted gaps were checked \
      against.

      A PATH that does not exist or cannot be read stops the run before anything is read or \
      written (exit status 2, the path named), and a word starting with - is never a PATH (put \
      such a path after --). PATHs that hold nothing StateProof reads give the no-evidence \
      finding, first among the blockers, so an empty artifact is never read as gaps.
      """,
    exitStatus: [
      (0, "the verdict is ready: no open error-level finding (or --fail-on never)"),
      (1, "the verdict is not-ready, or --fail-on warning and a warning is open: see the findings"),
      (
        2,
        "usage, configuration or output error (a PATH missing or unreadable, --out refused, a write to standard output or the job summary failed); the report folder is either not written or complete"
      ),
    ],
    examples: [
      "stateproof report examples/scanner",
      "stateproof report --config stateproof.json --out build/report android-evidence ios-evidence",
      "stateproof report --format md,junit --markdown-max-bytes 60000 --github-summary evidence",
      "stateproof report --allow 'missing-receipt:ios=no iOS device farm this release' --generated-at 2025-11-24T16:00:00Z evidence",
    ])

  /// Parses the arguments into ``ReportOptions`` (every usage mistake found before any file is
  /// read), checks `--out`, runs the library's pipeline and writes the folder; the exit status is
  /// the run's (``ReportRun/exitStatus``).
  static func run(_ arguments: ParsedArguments<Option>, console: Console) throws -> Int32 {
    let paths = arguments.positionals
    var options = ReportOptions()
    options.formats = try ReportFormat.parse(arguments.value(.format))
    options.markdownMaxBytes = try markdownLimit(arguments.value(.markdownMaxBytes))
    if let text = arguments.value(.maxAttachmentBytes) {
      guard let bytes = Int(text), bytes >= 0 else {
        throw UsageError(
          command: spec.name, message: "--max-attachment-bytes takes a number of bytes, found \"\(text)\"")
      }
      options.maxAttachmentBytes = bytes
    }
    options.failOn = try FailureLevel(argument: arguments.value(.failOn))
    options.allowances = try arguments.all(.allow).map { text throws(UsageError) in
      guard let allowance = Allowance(commandLine: text) else {
        let reason = text.firstIndex(of: "=").map { String(text[text.index(after: $0)...]) } ?? ""
        let code = String(text.prefix { $0 != ":" && $0 != "=" })
        let codes = FindingCode.allCases.map(\.rawValue)
        throw UsageError(
          command: spec.name,
          message: !code.isEmpty && !codes.contains(code)
            ? "--allow \"\(text)\": no finding code \"\(code)\"" + StateProof.didYouMean(code, among: codes)
            : Allowance.isBlank(reason)
              ? "--allow needs a reason: write CODE[:ROW]=REASON, e.g. --allow 'missing-receipt:ios=no iOS device farm this release'; found \"\(text)\""
              : "--allow takes CODE[:ROW]=REASON (a finding code, then a row id or platform), found \"\(text)\"")
      }
      return allowance
    }
    // The command line first, then the evidence paths, then what they lead to (the configuration).
    try StateProof.checkEvidence(paths)
    options.configuration =
      try arguments.value(.config).map(ReportConfiguration.init(contentsOf:))
      ?? ReportConfiguration.find(evidence: paths)
    options.commandLine = [spec.name] + recorded(arguments.arguments)
    options.executable = console.executable
    let out = arguments.value(.out) ?? "stateproof-report"
    try StateProof.checkReportFolder(out, evidence: paths)
    options.attestation = arguments.flag(.attestation)
    options.bundle = arguments.value(.bundle)
    if let bundle = options.bundle { try EvidenceBundle.validate(bundle, evidence: paths, reportFolder: out) }
    options.embedding = try embedding(arguments)
    options.generatedAt = try SourceDateEpoch.time(
      option: arguments.time(.generatedAt), environment: console.environment)
    options.builtAt = try arguments.time(.builtAt)
    options.baseline = arguments.value(.baseline)
    options.templates = arguments.value(.templates)
    options.htmlURL = arguments.value(.htmlUrl) ?? options.htmlURL
    options.history = arguments.value(.history)
    if let url = arguments.value(.historyUrl) {
      guard options.history != nil else {
        throw UsageError(
          command: spec.name, message: "--history-url says where index.html links to the history; give --history too")
      }
      options.historyURL = url
    }
    let summaryFile = arguments.flag(.githubSummary) ? console.environment["GITHUB_STEP_SUMMARY"] : nil
    let progress = try progress(arguments, console: console)

    let run = try StateProof.report(
      evidence: paths, options: options, environment: console.environment, observer: progress.isActive ? progress : nil)
    let status = run.exitStatus
    let headline = run.report.headline
    let annotations =
      arguments.flag(.githubAnnotations)
      ? GitHubWorkflow.annotations(run.report, workspace: console.environment["GITHUB_WORKSPACE"]) : []
    let outputs = GitHubWorkflow.outputs(of: run.report)
    let written = try (consume run).write(to: out, markdownForSummary: summaryFile != nil)
    for warning in written.warnings {
      try console.writeError("stateproof: warning: \(warning)\n")
    }
    if !arguments.flag(.quiet) {
      try console.write(
        CommandLineTool.line(headline) + CommandLineTool.line("Report written to \(written.folder)"))
      if let history = written.history {
        try console.write(
          CommandLineTool.line(
            history.appended
              ? "Sign-off #\(history.line) appended to the history \(history.file)"
              : "The history \(history.file) records this report already, on line \(history.line); nothing appended"))
      }
    }
    for line in annotations { try console.write(line + "\n") }
    if arguments.flag(.githubOutput) {
      if let file = console.environment["GITHUB_OUTPUT"], !file.isEmpty {
        let text = GitHubWorkflow.outputs(outputs + [("report-dir", written.folder)])
        try StreamWriter.append(Data(text.utf8), toFileAt: file, name: "the step outputs")
      } else {
        try console.writeError("GITHUB_OUTPUT is not set; no step outputs written\n")
      }
    }
    if let summaryFile, let markdown = written.markdown {
      try GitHubSummary.append(markdown, to: summaryFile)
    } else if arguments.flag(.githubSummary) {
      try console.writeError("GITHUB_STEP_SUMMARY is not set; no job summary written\n")
    }
    return status
  }

  /// The arguments as the report records them: as given, without `--out DIR` or `--bundle FILE`.
  /// Where the report was written is not how it was made, so one run into two folders gives the
  /// same bytes.
  static func recorded(_ arguments: [String]) -> [String] {
    var kept: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      if argument == "--" {
        kept.append(argument)
        kept += remaining
        break
      }
      if argument == "--out" || argument == "--bundle" {
        _ = remaining.popFirst()
      } else if !argument.hasPrefix("--out=") && !argument.hasPrefix("--bundle=") {
        kept.append(argument)
      }
    }
    return kept
  }

  /// Progress on standard error: shown when it is a terminal or `--progress` asks, never with
  /// `--quiet`; `--verbose` adds a line per file.
  private static func progress(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError)
    -> ReadProgress
  {
    let quiet = arguments.flag(.quiet)
    for other in [Option.progress, .verbose] where quiet && arguments.flag(other) {
      throw UsageError(command: spec.name, message: "--quiet and --\(other.rawValue) exclude each other")
    }
    let display: ReadProgress.Display =
      if quiet { .none } else if console.errorIsTerminal { .terminal } else if arguments.flag(.progress) { .lines } else
      { .none }
    return ReadProgress(display: display, verbose: arguments.flag(.verbose), write: console.writeError)
  }

  private static func embedding(_ arguments: ParsedArguments<Option>) throws(UsageError) -> ImageEmbedding {
    let limit = arguments.value(.embedMaxBytes)
    if arguments.flag(.singleFile) {
      guard limit == nil else {
        throw UsageError(command: spec.name, message: "--single-file and --embed-max-bytes exclude each other")
      }
      return .all
    }
    guard let limit else { return .none }
    guard let bytes = Int(limit), bytes >= 0 else {
      throw UsageError(command: spec.name, message: "--embed-max-bytes takes a number of bytes, found \"\(limit)\"")
    }
    return .below(bytes)
  }

  private static func markdownLimit(_ text: String?) throws(UsageError) -> Int {
    guard let text else { return ReportOptions.defaultMarkdownMaxBytes }
    guard let bytes = Int(text), bytes > 0 else {
      throw UsageError(
        command: spec.name, message: "--markdown-max-bytes takes a positive number of bytes, found \"\(text)\"")
    }
    return bytes
  }
}
