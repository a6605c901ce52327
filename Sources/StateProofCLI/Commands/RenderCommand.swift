import Foundation
import Mustache
@_spi(CLI) import StateProofKit
import StateProofRender

/// `stateproof render`: renders one Mustache template with JSON data and prints exactly the
/// result, for trying out report template overrides (say against a `report.json`).
enum RenderCommand: Command {
  /// The options `stateproof render` takes, in the order help lists them.
  enum Option: String, CommandOption {
    case template
    case data
    case partials
    case escape
    case strict
  }

  static let spec = CommandSpec(
    name: "render",
    summary: "Render a Mustache template with JSON data (e.g. a template override with report.json).",
    options: [
      OptionSpec("template", value: "FILE", help: "The template (required)."),
      OptionSpec("data", value: "FILE", help: "The JSON data, or - for standard input (required)."),
      OptionSpec(
        "partials", value: "DIR", help: "Where partial NAME is NAME.mustache (default: the template's folder)."),
      OptionSpec(
        "escape", value: "MODE",
        help: "html, markdown or none (default: markdown for FILE ending .md.mustache, else html)."),
      OptionSpec("strict", help: "Fail on a name that resolves to nothing or a missing partial."),
    ],
    keyedBy: Option.self,
    discussion: """
      Prints the rendered text and nothing else. Escaping applies to {{name}}; {{{name}}} and \
      {{&name}} are never escaped. To preview a report template override, render it against the \
      report.json of a report: the HTML and Markdown templates see exactly that model (report.md.mustache \
      also reads a view object, see docs/report-schema.md).
      """,
    examples: [
      "stateproof render --template my/layout.html.mustache --partials Templates --data stateproof-report/report.json",
      "echo '{\"name\": \"a|b\"}' | stateproof render --template row.md.mustache --data - --strict",
    ])

  static func run(_ arguments: ParsedArguments<Option>, console: Console) throws -> Int32 {
    guard let templatePath = arguments.value(.template) else {
      throw UsageError(command: spec.name, message: "--template is required")
    }
    guard let dataPath = arguments.value(.data) else {
      throw UsageError(command: spec.name, message: "--data is required")
    }
    let template = RenderData.template(at: templatePath)
    let escaping = try escaping(arguments.value(.escape), templateName: template.name)
    let source = try InputFile.read(templatePath, limit: 16 << 20, what: "the template \(templatePath)")
    let json =
      dataPath == "-" ? console.readInput() : try InputFile.read(dataPath, limit: 1 << 30, what: "the data \(dataPath)")
    let value = try RenderData.value(json: json, file: dataPath == "-" ? "standard input" : dataPath)
    let partials = DirectoryPartials(
      directory: URL(fileURLWithPath: arguments.value(.partials) ?? template.folder).standardizedFileURL)
    let rendered: String
    do {
      rendered = try Template(String(decoding: source, as: UTF8.self), name: template.name)
        .render(value, partials: partials, escaping: escaping, strict: arguments.flag(.strict))
    } catch {
      throw StateProofError(rendering: error)
    }
    try console.write(rendered)
    return 0
  }

  private static func escaping(_ mode: String?, templateName: String) throws(UsageError) -> Escaping {
    switch mode {
    case nil: templateName.hasSuffix(".md.mustache") ? .markdown : .reportHTML
    case "html": .reportHTML
    case "markdown": .markdown
    case "none": Escaping.none
    case let other?:
      throw UsageError(command: spec.name, message: "--escape takes html, markdown or none, found \"\(other)\"")
    }
  }
}
