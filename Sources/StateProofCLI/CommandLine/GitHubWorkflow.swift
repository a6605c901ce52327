import Foundation
import StateProofKit

/// What `report` tells a GitHub Actions runner (`--github-annotations`, `--github-output`): an
/// `::error` workflow command per open error finding, and the step's outputs, each escaped the
/// way the runner reads them. The action (`action.yml`) uses both.
enum GitHubWorkflow {
  /// At most this many annotations are printed; the runner shows only the first few of a step
  /// anyway, and a farm's thousands of gaps would bury the log. A notice then says how many more
  /// the report holds.
  static let annotationLimit = 50

  /// A workflow command's message: `%`, CR and LF as the runner's percent escapes.
  static func escapeData(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A workflow command's property value (`file=`, `title=`): as ``escapeData(_:)``, and `:`
  /// and `,`, which end a property.
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }

  /// One `::error file=…,title=CODE::MESSAGE` line per open error finding, in the report's order
  /// (at most ``annotationLimit``, then a `::notice::` with the rest's count). The file is the
  /// evidence file the finding is about (its evidence path joined to it, relative to `workspace`
  /// when inside it), else the configuration file that set up the row or receipt; none for a
  /// finding of neither.
  static func annotations(_ report: Report, workspace: String?) -> [String] {
    let errors = report.findings.lazy.filter { $0.severity == .error }
    var roots: [String: String]?
    var lines: [String] = []
    var more = 0
    for finding in errors {
      guard lines.count < annotationLimit else {
        more += 1
        continue
      }
      var file = report.provenance?.configuration.file
      if let path = finding.files.first {
        if roots == nil {
          // Where each cited path lies, built once and only when a finding names a file.
          var found: [String: String] = [:]
          for record in report.evidence where found[record.path] == nil { found[record.path] = record.root }
          roots = found
        }
        file = roots?[path].map { join($0, path) } ?? path
      }
      let place = file.map { "file=\(escapeProperty(relative($0, to: workspace)))," } ?? ""
      let subject = finding.row.map { "\($0): " } ?? ""
      let message =
        finding.row.map { finding.message.contains($0.description) } ?? true
        ? finding.message : subject + finding.message
      lines.append("::error \(place)title=\(escapeProperty(finding.code.rawValue))::\(escapeData(message))")
    }
    if more > 0 {
      lines.append(
        "::notice title=StateProof::"
          + escapeData(
            (more == 1 ? "1 more error is" : "\(more) more errors are")
              + " in the report (the first \(annotationLimit) are annotated)"))
    }
    return lines
  }

  /// The step outputs a report gives: `verdict`, `errors`, `warnings`, `app` and `configuration`
  /// (the command adds `report-dir` once the folder is written).
  static func outputs(of report: Report) -> [(String, String)] {
    [
      ("verdict", report.verdict.rawValue), ("errors", String(report.summary.errors)),
      ("warnings", String(report.summary.warnings)), ("app", report.app ?? ""),
      ("configuration", report.provenance?.configuration.file ?? ""),
    ]
  }

  /// `values` as lines of the file `$GITHUB_OUTPUT` names, each as `name<<DELIMITER` lines with a
  /// delimiter no value holds, so a value with a newline cannot set another output.
  static func outputs(_ values: [(String, String)]) -> String {
    var delimiter = "stateproof_output"
    while values.contains(where: { $0.1.contains(delimiter) }) { delimiter += "_" + UUID().uuidString }
    return values.map { "\($0.0)<<\(delimiter)\n\($0.1)\n\(delimiter)\n" }.joined()
  }

  private static func join(_ root: String, _ path: String) -> String {
    root.isEmpty || root == "." ? path : root.hasSuffix("/") ? root + path : root + "/" + path
  }

  /// `path` relative to the workspace when it lies inside it (annotations name files of the
  /// repository), else as it is.
  private static func relative(_ path: String, to workspace: String?) -> String {
    guard let workspace, !workspace.isEmpty else { return path }
    let base = workspace.hasSuffix("/") ? workspace : workspace + "/"
    return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
  }
}
