import Foundation
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
      OptionSpec("out", value: "DIR", help: "Where to write the report (default: stateproof-report)."),
      OptionSpec("templates", value: "DIR", help: "Templates that override the shipped ones by file name (e.g. layout.html.mustache)."),
      OptionSpec("generated-at", value: "TIME", help: "A time to print in the report (default: none, or SOURCE_DATE_EPOCH when set)."),
      OptionSpec("format", value: "LIST", help: "The outputs to write, comma-separated: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ",")) (default: all)."),
      OptionSpec("markdown-max-bytes", value: "N", help: "The most bytes report.md may take; the least important sections are trimmed first (default: \(defaultMarkdownMaxBytes), under GitHub's comment limit)."),
      OptionSpec("html-url", value: "URL", help: "Where report.md links to the full report when it is trimmed (default: index.html)."),
      OptionSpec("github-summary", help: "Also append report.md to the file $GITHUB_STEP_SUMMARY names, when it is set."),
    ],
    discussion: """
      Walks every PATH (files or folders), reads JUnit XML, seed logs and screenshots, matches them \
      to the permission-state matrix and writes report.json, report.md, index.html (with assets/) and \
      junit.xml into DIR, replacing an earlier report there only once the new one is complete.

      Exit status: 0 when the verdict is ready, 1 when it is not, 2 for usage or configuration \
      errors (nothing is written then).
      """,
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
    let (configuration, _) = try ConfigurationLoader.load(
      explicit: arguments.value("config"), evidencePaths: paths)
    let matcher: CoverageMatcher
    do {
      matcher = try CoverageMatcher(configuration: configuration)
    } catch {
      throw StateProofError.configuration(file: arguments.value("config") ?? "configuration", error)
    }
    var output = ReportOutput(
      destination: URL(fileURLWithPath: arguments.value("out") ?? "stateproof-report"))
    try output.validate(evidenceRoots: paths)
    let generatedAt = try GeneratedAt.resolve(
      option: arguments.value("generated-at"), environment: console.environment)
    let renderer = ReportRenderer(
      templates: try TemplateLocator.templates(
        overrides: arguments.value("templates"), environment: console.environment))

    let collected = EvidenceCollector.collect(paths: paths, matcher: matcher)
    let report = matcher.report(collected.evidence, roots: paths, generatedAt: generatedAt)

    let summaryFile = arguments.flag("github-summary") ? console.environment["GITHUB_STEP_SUMMARY"] : nil
    var markdown: Data?
    do {
      if formats.contains(.html) { output.add("index.html", try renderer.html(report)) }
      if formats.contains(.md) || summaryFile != nil {
        markdown = try renderer.markdown(
          report, maxBytes: markdownMaxBytes, htmlReport: arguments.value("html-url") ?? "index.html")
      }
    } catch {
      throw StateProofError.template("\(error)")
    }
    if formats.contains(.md), let markdown { output.add("report.md", markdown) }
    if formats.contains(.json) { output.add("report.json", try JSONRenderer.render(report)) }
    if formats.contains(.junit) { output.add("junit.xml", JUnitRenderer.render(report)) }
    if formats.contains(.html) {
      for asset in Set(report.platforms.flatMap { $0.rows.flatMap(\.evidence) }.compactMap(\.asset)) {
        let sha = String(asset.dropFirst("assets/".count).prefix { $0 != "." })
        if let source = collected.images[sha] { output.copy(source, as: asset) }
      }
    }
    try output.commit()
    console.write("\(report.headline)\nReport written to \(output.destination.path)\n")
    if let summaryFile, let markdown {
      try GitHubSummary.append(markdown, to: summaryFile)
    } else if arguments.flag("github-summary") {
      console.writeError("GITHUB_STEP_SUMMARY is not set; no job summary written\n")
    }
    return report.verdict == .ready ? 0 : 1
  }

  private static func markdownLimit(_ text: String?) throws(UsageError) -> Int {
    guard let text else { return defaultMarkdownMaxBytes }
    guard let bytes = Int(text), bytes > 0 else {
      throw UsageError(command: spec.name, message: "--markdown-max-bytes takes a positive number of bytes, found \"\(text)\"")
    }
    return bytes
  }
}
