import Foundation
import StateProofDiscover
import StateProofMatch
import StateProofModel
import StateProofRender

/// `stateproof report`: reads the evidence, decides every row and writes the report folder.
package enum ReportCommand: Command {
  package static let spec = CommandSpec(
    name: "report",
    summary: "Build the release report from evidence folders.",
    arguments: "PATH...", minimumArguments: 1, maximumArguments: nil,
    options: [
      OptionSpec("config", value: "FILE", help: "The configuration (default: ./stateproof.json, else one at the top of the first PATH, else the built-in camera matrix)."),
      OptionSpec("out", value: "DIR", help: "Where to write the report (default: stateproof-report): a new or empty folder, or one StateProof wrote (it holds .stateproof-report.json), where only the files it wrote are replaced."),
      OptionSpec("allow", value: "CODE[:ROW]", repeatable: true, help: "Accept a known gap: findings with CODE (on ROW or platform, when given) no longer decide the verdict; the report still shows them as accepted."),
      OptionSpec("fail-on", value: "LEVEL", help: "error (default): exit 1 when not ready; warning: also on warnings; never: exit 0 whatever the verdict."),
      OptionSpec("baseline", value: "FILE", help: "An earlier report.json: the report lists what changed since."),
      OptionSpec("templates", value: "DIR", help: "Templates that override the shipped ones by file name (e.g. layout.html.mustache)."),
      OptionSpec("generated-at", value: "TIME", help: "A time to print in the report (default: none, or SOURCE_DATE_EPOCH when set)."),
      OptionSpec("embed-max-bytes", value: "N", help: "Put screenshots smaller than N bytes inside index.html as data: URIs (default: none; larger ones load from assets/)."),
      OptionSpec("single-file", help: "Put every screenshot inside index.html, so it works on its own; warns above 20 MB."),
      OptionSpec("format", value: "LIST", help: "The outputs to write, comma-separated: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ",")) (default: all)."),
      OptionSpec("markdown-max-bytes", value: "N", help: "The most bytes report.md may take; over-long values are shortened, then the least important sections are trimmed (default: \(defaultMarkdownMaxBytes), under GitHub's comment limit)."),
      OptionSpec("html-url", value: "URL", help: "Where report.md links to the full report when it is trimmed (default: index.html)."),
      OptionSpec("github-summary", help: "Also append report.md to the file $GITHUB_STEP_SUMMARY names, when it is set."),
      OptionSpec("progress", help: "Show progress on standard error (files and bytes read, rate) even when it is not a terminal; on a terminal it is shown anyway."),
      OptionSpec("verbose", help: "List each evidence file on standard error as it is read (in the order reading finishes)."),
      OptionSpec("quiet", help: "Print nothing but warnings and errors: no progress and no summary line."),
    ],
    discussion: """
      Walks every PATH (files or folders), reads JUnit XML, xcresulttool's JSON, seed logs and \
      screenshots (an .xcresult bundle through xcrun xcresulttool where it exists), matches them \
      to the permission-state matrix and writes report.json, report.md, index.html (with assets/) and \
      junit.xml into DIR, replacing an earlier report there only once the new one is complete, and \
      only the files that report listed in .stateproof-report.json; any other folder that is not \
      empty is refused. Each screenshot is stored once in assets/, named by its SHA-256, however \
      many rows show it.
      """,
    exitStatus: [
      (0, "the verdict is ready: no open error-level finding (or --fail-on never)"),
      (1, "the verdict is not-ready, or --fail-on warning and a warning is open: see the findings"),
      (2, "usage, configuration or output error (--out refused, a write to standard output or the job summary failed); the report folder is either not written or complete"),
    ],
    examples: [
      "stateproof report examples/scanner",
      "stateproof report --config stateproof.json --out build/report android-evidence ios-evidence",
      "stateproof report --format md,junit --markdown-max-bytes 60000 --github-summary evidence",
    ])

  /// GitHub's PR-comment limit is 65,536 characters; a little under leaves room for a header.
  package static let defaultMarkdownMaxBytes = 65_000

  package static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
    let paths = arguments.positionals
    let formats = try ReportFormat.parse(arguments.value("format"))
    let markdownMaxBytes = try markdownLimit(arguments.value("markdown-max-bytes"))
    let (configuration, source) = try ConfigurationLoader.load(
      explicit: arguments.value("config"), evidencePaths: paths)
    let failOn = try FailureLevel(argument: arguments.value("fail-on"))
    let allowances = try arguments.all("allow").map { text throws(UsageError) in
      guard let allowance = Allowance(commandLine: text) else {
        throw UsageError(
          command: spec.name,
          message: "--allow takes CODE or CODE:ROW (a finding code, then a row id or platform), found \"\(text)\"")
      }
      return allowance
    }
    var output = ReportOutput(
      destination: URL(fileURLWithPath: arguments.value("out") ?? "stateproof-report"), evidenceRoots: paths)
    try output.validate()
    let embedding = try embedding(arguments)
    let generatedAt = try GeneratedAt.resolve(
      option: arguments.value("generated-at"), environment: console.environment)
    let baseline = try arguments.value("baseline").map(BaselineLoader.load)
    let matcher: CoverageMatcher
    do {
      matcher = try CoverageMatcher(
        configuration: configuration, allowances: allowances,
        today: GeneratedAt.day(of: generatedAt))
    } catch {
      throw StateProofError.configuration(file: source ?? "configuration", error)
    }
    let renderer = ReportRenderer(
      templates: try TemplateLocator.templates(
        overrides: arguments.value("templates"), environment: console.environment))

    let progress = try progress(arguments, console: console)
    var collected = EvidenceCollector.collect(
      paths: paths, matcher: matcher, progress: progress.isActive ? progress : nil,
      xcresultTool: XCResultTool(environment: console.environment))
    let exported = collected.temporaryFolders
    defer { EvidenceCollector.removeTemporaryFolders(exported) }
    if progress.isActive { try progress.end() }
    var report = matcher.report(collected.evidence, roots: paths, generatedAt: generatedAt)
    // The report holds what it needs of the evidence; the rest (a record per file, 100,000 of
    // them in a big run) goes before the outputs are rendered.
    collected.evidence = EvidenceSet()
    if let (path, previous) = baseline {
      report.changes = BaselineComparison.changes(from: previous, to: report, path: path)
    }

    let summaryFile = arguments.flag("github-summary") ? console.environment["GITHUB_STEP_SUMMARY"] : nil
    if formats.contains(.junit) { output.add("junit.xml", JUnitRenderer.render(report)) }
    let json = try JSONRenderer.render(report)
    if formats.contains(.json) { output.add("report.json", json) }
    let fails = failOn.fails(report)
    let headline = report.headline
    // index.html and report.md render from report.json, or from an excerpt of it when its lists
    // are too long for a page (ReportExcerpt). Once their JSON is made, the model's long lists
    // go (only the rows are read later, for the screenshots to copy), and the pages render one
    // after the other: one template tree in memory at a time.
    var markdown: Data?
    var html: Data?
    do {
      let excerpt =
        formats.contains(.html) ? ReportExcerpt.html(embedding.apply(to: report, images: collected.images)) : nil
      let htmlJSON = try excerpt.map { excerpt in
        embedding == .none && excerpt.isWhole ? json : try JSONRenderer.render(excerpt.report)
      }
      let markdownJSON =
        formats.contains(.md) || summaryFile != nil
        ? try JSONRenderer.render(ReportExcerpt.markdown(report, maxBytes: markdownMaxBytes)) : nil
      report.findings = []
      report.accepted = []
      report.evidence = []
      if let htmlJSON, let excerpt {
        html = try renderer.html(
          json: htmlJSON, findingsLeftOut: excerpt.findingsLeftOut, filesLeftOut: excerpt.filesLeftOut)
      }
      if let markdownJSON {
        markdown = try renderer.markdown(
          json: markdownJSON, maxBytes: markdownMaxBytes, htmlReport: arguments.value("html-url") ?? "index.html")
      }
    } catch {
      throw StateProofError.template("\(error)")
    }
    if let html {
      if embedding == .all, html.count > ImageEmbedding.singleFileWarningBytes {
        try console.writeError(
          "stateproof: warning: index.html holds every screenshot and is \(html.count >> 20) MB; "
            + "browsers and mail systems may refuse it (--embed-max-bytes keeps large images in assets/)\n")
      }
      output.add("index.html", html)
    }
    if formats.contains(.md), let markdown { output.add("report.md", markdown) }
    if formats.contains(.html) {
      var copied: Set<String> = []
      for item in report.platforms.flatMap({ $0.rows.flatMap(\.evidence) }) {
        guard let asset = item.asset, let sha = item.sha256, copied.insert(asset).inserted,
          let source = collected.images[sha]
        else { continue }
        output.copy(source, as: asset, sha256: sha)
      }
    }
    try output.commit()
    if !arguments.flag("quiet") {
      try console.write(
        CommandLineTool.line(headline) + CommandLineTool.line("Report written to \(output.destination.path)"))
    }
    if let summaryFile, let markdown {
      try GitHubSummary.append(markdown, to: summaryFile)
    } else if arguments.flag("github-summary") {
      try console.writeError("GITHUB_STEP_SUMMARY is not set; no job summary written\n")
    }
    return fails ? 1 : 0
  }

  /// Progress on standard error: shown when it is a terminal or `--progress` asks, never with
  /// `--quiet`; `--verbose` adds a line per file.
  private static func progress(_ arguments: ParsedArguments, console: Console) throws(UsageError)
    -> ReadProgress
  {
    let quiet = arguments.flag("quiet")
    for other in ["progress", "verbose"] where quiet && arguments.flag(other) {
      throw UsageError(command: spec.name, message: "--quiet and --\(other) exclude each other")
    }
    let display: ReadProgress.Display =
      if quiet { .none }
      else if console.errorIsTerminal { .terminal }
      else if arguments.flag("progress") { .lines }
      else { .none }
    return ReadProgress(display: display, verbose: arguments.flag("verbose"), write: console.writeError)
  }

  private static func embedding(_ arguments: ParsedArguments) throws(UsageError) -> ImageEmbedding {
    let limit = arguments.value("embed-max-bytes")
    if arguments.flag("single-file") {
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
    guard let text else { return defaultMarkdownMaxBytes }
    guard let bytes = Int(text), bytes > 0 else {
      throw UsageError(command: spec.name, message: "--markdown-max-bytes takes a positive number of bytes, found \"\(text)\"")
    }
    return bytes
  }
}
