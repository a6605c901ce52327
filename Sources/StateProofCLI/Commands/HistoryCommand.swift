@_spi(CLI) import StateProofKit

/// `stateproof history`: renders a sign-off history (`report --history` appends to it) as a page
/// and a Markdown summary.
enum HistoryCommand: Command {
  /// The options `stateproof history` takes, in the order help lists them.
  enum Option: String, CommandOption {
    case out
    case templates
    case markdownMaxBytes = "markdown-max-bytes"
    case htmlUrl = "html-url"
  }

  /// Where the pages go by default.
  static let defaultOut = "stateproof-history"

  static let spec = CommandSpec(
    name: "history",
    summary: "Render the sign-off history: trend, rows × sign-offs, streaks, regressions.",
    arguments: "FILE", minimumArguments: 1, maximumArguments: 1,
    options: [
      OptionSpec(
        "out", value: "DIR",
        help:
          "Where to write index.html and history.md (default: \(defaultOut)); report --history links to REPORT_DIR/history/index.html, so give --out REPORT_DIR/history to sit beside the report. A folder holding anything else is refused."
      ),
      OptionSpec(
        "templates", value: "DIR",
        help:
          "Templates that override the shipped ones by file name (history.html.mustache, history.md.mustache, trend.svg.mustache, style.css.mustache)."
      ),
      OptionSpec(
        "markdown-max-bytes", value: "N",
        help:
          "The most bytes history.md may take; the oldest sign-offs' columns, then grid rows, streaks and regressions are left out, with a note (default: \(ReportOptions.defaultMarkdownMaxBytes), under GitHub's comment limit)."
      ),
      OptionSpec(
        "html-url", value: "URL",
        help: "Where history.md links to the whole page when it is trimmed (default: index.html)."),
    ],
    keyedBy: Option.self,
    discussion: """
      Reads FILE, the JSON Lines history report --history appends one line to per sign-off, as \
      untrusted input (every line through the strict JSON reader, bounded), and writes into DIR: \
      index.html, with no script (the report's Content-Security-Policy): the trend of rows proven, \
      accepted, missing and failing per sign-off as SVG (each bar's tooltip its numbers), the \
      receipts and every row that changed or is open in a row × sign-off grid, how long each open \
      row has been open and since when it is accepted, the regressions (proven before, failing or \
      missing now) and the receipts that passed only on retry; and history.md, the same within \
      --markdown-max-bytes for a pull-request comment. The page says whether the file's hash chain \
      holds; stateproof verify --history FILE names each broken line. The same FILE gives the \
      same bytes.
      """,
    exitStatus: [
      (0, "the pages were written"),
      (2, "usage error, FILE missing or not a history (the line is named), DIR refused, or a template error"),
    ],
    examples: [
      "stateproof history sign-offs.jsonl --out stateproof-report/history",
      "stateproof history --markdown-max-bytes 60000 sign-offs.jsonl",
    ])

  static func run(_ arguments: ParsedArguments<Option>, console: Console) throws -> Int32 {
    let file = arguments.positionals[0]
    var options = HistoryOptions()
    options.templates = arguments.value(.templates)
    options.htmlURL = arguments.value(.htmlUrl) ?? options.htmlURL
    if let text = arguments.value(.markdownMaxBytes) {
      guard let bytes = Int(text), bytes > 0 else {
        throw UsageError(
          command: spec.name, message: "--markdown-max-bytes takes a positive number of bytes, found \"\(text)\"")
      }
      options.markdownMaxBytes = bytes
    }
    let out = arguments.value(.out) ?? defaultOut
    let history = try StateProof.history(contentsOf: file)
    let pages = try StateProof.historyPages(history, file: file, options: options, environment: console.environment)
    _ = try pages.write(to: out)
    let count = history.records.count
    try console.write(
      CommandLineTool.line("History of \(count) sign-off\(count == 1 ? "" : "s") written to \(out)"))
    return 0
  }
}
