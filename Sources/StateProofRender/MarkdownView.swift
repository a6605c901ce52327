import Mustache

/// What `report.md.mustache` finds under `view`, beside the report model: which sections to show
/// so the Markdown fits its byte budget, and what was left out. It is a view of the model, never
/// part of `report.json`.
///
/// - `view.receipts`, `view.platformTables`, `view.evidenceDetails`: whether to show the
///   receipts table, the per-platform tables, and their evidence column.
/// - `view.findings`: the findings to list, the model's `findings` or, when trimmed, the first of
///   them (errors come first).
/// - `view.trimmed`: what was left out, as one sentence fragment; empty when nothing was.
/// - `view.maxBytes`: the budget; `view.htmlReport`: where the full HTML report is, as text;
///   `view.htmlLink`: the same as a link destination, percent-encoded (`{{{view.htmlLink}}}`).
package struct MarkdownView: Sendable {
  package var receipts = true
  package var platformTables = true
  package var evidenceDetails = true
  /// How many of the model's findings to list; nil for all.
  package var findingsShown: Int?
  package var maxBytes: Int?
  package var htmlReport: String

  package init(maxBytes: Int?, htmlReport: String) {
    self.maxBytes = maxBytes
    self.htmlReport = htmlReport
  }

  /// The cuts, least important first: each step drops one more thing.
  package static var trimSteps: [WritableKeyPath<MarkdownView, Bool>] {
    [\.evidenceDetails, \.platformTables, \.receipts]
  }

  /// The `view` object for a report whose model lists `findings`.
  package func value(findings: [TemplateValue]) -> TemplateValue {
    var left: [String] = []
    if platformTables {
      if !evidenceDetails { left.append("the evidence column of the platform tables") }
    } else {
      left.append("the platform tables")
    }
    if !receipts { left.append("the receipts table") }
    let shown = min(findingsShown ?? findings.count, findings.count)
    if shown < findings.count {
      left.append("\(findings.count - shown) of \(findings.count) findings")
    }
    return .object([
      "receipts": .bool(receipts),
      "platformTables": .bool(platformTables),
      "evidenceDetails": .bool(evidenceDetails),
      "findings": .list(Array(findings.prefix(shown))),
      "trimmed": .string(left.joined(separator: "; ")),
      "maxBytes": maxBytes.map { .int($0) } ?? .null,
      "htmlReport": .string(htmlReport),
      "htmlLink": .string(Self.linkDestination(htmlReport)),
    ])
  }

  /// `url` as the destination of a Markdown link in angle brackets: every byte but the
  /// unreserved and reserved URL characters (and `%`) percent-encoded, so neither escaping nor
  /// GitHub's autolinking touch it, and nothing in it can end the link.
  static func linkDestination(_ url: String) -> String {
    var output = ""
    for byte in url.utf8 {
      if allowedInLink[Int(byte)] {
        output.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        output += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return output
  }

  private static let allowedInLink: [Bool] = (0...255).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(UInt8(byte))
    }
  }
}
