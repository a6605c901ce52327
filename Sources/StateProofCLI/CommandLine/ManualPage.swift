import Foundation
import StateProofKit

/// The manual page `stateproof(1)`, in roff (the `man` macros), written from the same command
/// specs as `--help`, `help --list` and completion: `stateproof help --man` prints it and
/// `scripts/install` installs it as `PREFIX/share/man/man1/stateproof.1`.
struct ManualPage: Sendable {
  var commands: [CommandSpec]

  /// The environment variables StateProof reads, and what for.
  static let environment: [(name: String, meaning: String)] = [
    (
      "STATEPROOF_TEMPLATES",
      "A templates folder replacing the compiled-in ones as a whole (--templates overrides single files)."
    ),
    (
      "SOURCE_DATE_EPOCH",
      "Whole seconds since 1970: the time report and seed-check --record write when --generated-at or --time is not given, so reruns give the same bytes."
    ),
    ("GITHUB_STEP_SUMMARY", "The job summary file report --github-summary appends report.md to."),
  ]

  var text: String {
    var lines = [
      #".TH STATEPROOF 1 "" "StateProof \#(Self.escape(StateProof.version))" "User Commands""#,
      ".nh",
      ".ad l",
      ".SH NAME",
      #"stateproof \- prove every permission state of a mobile app from its test evidence"#,
      ".SH SYNOPSIS",
      ".B stateproof",
      #".I COMMAND"#,
      #"[\fIOPTIONS\fR] [\fIARGUMENTS\fR]"#,
      ".br",
      #".B stateproof"#,
      #"\fICOMMAND\fR \fB\-\-help\fR"#,
      ".SH DESCRIPTION",
      Self.escape(
        "StateProof reads the evidence a mobile app's permission-state tests leave (JUnit XML, Xcode result bundles and xcresulttool's JSON, seed logs and records, screenshots), matches every piece to a row of the permission-state matrix and writes a release report: HTML, Markdown, JSON and JUnit. The commands:"
      ),
    ]
    for spec in commands {
      lines += [".TP", ".B " + Self.escape(spec.name), Self.escape(spec.summary)]
    }
    for spec in commands {
      lines += [
        ".SH " + Self.quoted("STATEPROOF " + spec.name.uppercased()), ".B stateproof " + Self.escape(spec.name),
      ]
      lines.append(Self.escape(spec.synopsis.dropFirst().joined(separator: " ")))
      lines += [".PP", Self.escape(spec.summary)]
      for paragraph in spec.discussion.split(separator: "\n", omittingEmptySubsequences: true) {
        lines += [".PP", Self.escape(String(paragraph))]
      }
      lines += [".PP", ".B Options"]
      for option in spec.options {
        lines += [
          ".TP",
          ".B " + Self.escape("--\(option.name)") + (option.value.map { " \\fI" + Self.escape($0) + "\\fR" } ?? ""),
        ]
        lines.append(
          Self.escape(
            option.help + (option.required ? " Required." : "")
              + (option.repeatable ? " May be given more than once." : "")))
      }
      lines += [".PP", ".B Exit status"]
      for (status, meaning) in spec.exitStatus {
        lines += [".TP", ".B \(status)", Self.escape(meaning)]
      }
      if !spec.examples.isEmpty {
        lines += [".PP", ".B Examples", ".RS", ".nf"]
        lines += spec.examples.map(Self.escape)
        lines += [".fi", ".RE"]
      }
    }
    lines += [".SH ENVIRONMENT"]
    for (name, meaning) in Self.environment {
      lines += [".TP", ".B " + Self.escape(name), Self.escape(meaning)]
    }
    lines += [
      ".SH EXIT STATUS",
      Self.escape(
        "0: success (report: ready). 1: report: not ready; verify: the report does not match; seed-check: the state did not take. 2: a usage, configuration or input error, a missing evidence path among them; nothing was written."
      ),
      ".SH SEE ALSO",
      Self.escape("stateproof COMMAND --help; README.md and the guides in docs/ of the StateProof repository."),
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// `text` as a line of roff: backslashes and dashes escaped (an option's `--` stays two
  /// hyphen-minus signs), anything outside ASCII as a `\[uXXXX]` escape, and a line that would
  /// start with `.` or `'` (a request) guarded with `\&`.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case "\n": out += " "
      case _ where scalar.value > 0x7E || scalar.value < 0x20:
        out += scalar.value < 0x20 ? " " : "\\[u" + hex(scalar.value) + "]"
      default: out.unicodeScalars.append(scalar)
      }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }

  private static func quoted(_ text: String) -> String {
    "\"" + escape(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
  }

  /// Upper-case hexadecimal, at least four digits, as groff's `\[uXXXX]` wants.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
