import Mustache
import StateProofModel

/// What the report templates find beside `provenance` so that how the report was made reads in
/// words: the command line as one shell-quoted line, where the configuration was found, the
/// templates that replaced shipped ones, the day accepted gaps were checked against, and each
/// departure from the built-in matrix with the row it is about. Presentation, never part of
/// `report.json`.
///
/// - `provenance.commandLine`: `stateproof report …`, each argument quoted for a POSIX shell
///   where it needs it; null for a run through the library.
/// - `provenance.configuration.place`: where it was found (`at the top of the evidence`);
///   `provenance.configuration.departs`: whether it departs from the built-in matrix at all.
/// - `provenance.templates.files`: the overriding files, comma-separated; empty when none differs.
/// - `provenance.acceptanceDay.text`: the day and where it came from, in words.
/// - every `provenance.configuration.deviations[]`: `anchor` (its row in `index.html`, null for a
///   row `include` left out), `kindText`, `pattern` (whether `configured` is selectors or
///   globs), `tone` (`warning` when it weakens the matrix, else `muted`).
/// - every row: `requiresText` (`seed, screenshot, test`) and `requiresNote`, saying when the
///   configuration asks less of the row than the built-in matrix, and why (null otherwise).
enum ProvenanceView {
  /// `report` (the model as template data) with the fields above; `rowAnchor` gives a row's id
  /// in `index.html`.
  static func adding(to report: [String: TemplateValue], rowAnchor: (String) -> String) -> [String: TemplateValue] {
    var report = report
    report["platforms"] = .list((report["platforms"]?.items ?? []).map(requirements))
    guard case .object(var provenance)? = report["provenance"] else { return report }
    let shown = Set((report["platforms"]?.items ?? []).flatMap { $0["rows"]?.items ?? [] }.compactMap { $0["id"]?.text })
    let deviations = (provenance["configuration"]?["deviations"]?.items ?? []).map { deviation in
      let kind = deviation["kind"]?.text.flatMap(DeviationKind.init(rawValue:))
      let row = deviation["row"]?.text ?? ""
      return deviation.adding([
        "anchor": shown.contains(row) ? .string(rowAnchor(row)) : .null,
        "kindText": .string(kind?.words ?? ""),
        "pattern": .bool(kind?.isSelector == true),
        "tone": .string(deviation["weakens"] == .bool(true) ? "warning" : "muted"),
      ])
    }
    if case .object(var configuration)? = provenance["configuration"] {
      configuration["deviations"] = .list(deviations)
      configuration["departs"] = .bool(!deviations.isEmpty)
      configuration["place"] = .string(place(configuration["source"]?.text))
      provenance["configuration"] = .object(configuration)
    }
    provenance["commandLine"] =
      provenance["command"]?.items.isEmpty == false
      ? .string((["stateproof"] + (provenance["command"]?.items ?? []).compactMap(\.text)).map(shellQuoted).joined(separator: " "))
      : .null
    if case .object(var templates)? = provenance["templates"] {
      templates["files"] = .string((templates["overrides"]?.items ?? []).compactMap { $0["file"]?.text }.joined(separator: ", "))
      provenance["templates"] = .object(templates)
    }
    if let day = provenance["acceptanceDay"] {
      provenance["acceptanceDay"] = day.adding(["text": .string(dayText(day))])
    }
    report["provenance"] = .object(provenance)
    let requiresNotes = Dictionary(
      deviations.filter { $0["kind"]?.text == DeviationKind.requires.rawValue && $0["weakens"] == .bool(true) }
        .compactMap { deviation in deviation["row"]?.text.map { ($0, deviation) } },
      uniquingKeysWith: { first, _ in first })
    report["platforms"] = .list(
      (report["platforms"]?.items ?? []).map { platform in
        platform.adding([
          "rows": .list(
            (platform["rows"]?.items ?? []).map { row in
              guard let deviation = row["id"]?.text.flatMap({ requiresNotes[$0] }) else { return row }
              let note =
                "Configured to need \(row["requiresText"]?.text ?? "") only, less than the built-in matrix (\(deviation["builtIn"]?.text ?? "")): \(deviation["reason"]?.text ?? "")"
              return row.adding(["requiresNote": .string(note)])
            })
        ])
      })
    return report
  }

  /// `platform` with each row's `requiresText`, and a null `requiresNote`.
  private static func requirements(_ platform: TemplateValue) -> TemplateValue {
    platform.adding([
      "rows": .list(
        (platform["rows"]?.items ?? []).map { row in
          let requires = (row["requires"]?.items ?? []).compactMap(\.text).joined(separator: ", ")
          return row.adding(["requiresText": .string(requires), "requiresNote": .null])
        })
    ])
  }

  private static func place(_ source: String?) -> String {
    switch source.flatMap(ConfigurationSource.init(rawValue:)) {
    case .given?: "given"
    case .workingFolder?: "found in the working folder"
    case .evidence?: "found at the top of the evidence"
    case .builtIn?, nil: "built in"
    }
  }

  private static func dayText(_ value: TemplateValue) -> String {
    let day = value["day"]?.text
    switch value["source"]?.text.flatMap(AcceptanceDaySource.init(rawValue:)) {
    case .generatedAt?: return "\(day ?? "") (the day of the report's time, --generated-at)"
    case .sourceDateEpoch?: return "\(day ?? "") (the day of SOURCE_DATE_EPOCH)"
    case .today?, nil:
      return day.map { "\($0) (the day the report was made)" }
        ?? "the day the report was made (no accepted gap has an end date, so the day decided nothing)"
    }
  }

  /// `argument` as a POSIX shell reads it back: as it is when it holds only characters no
  /// shell treats specially, else in single quotes.
  static func shellQuoted(_ argument: String) -> String {
    let plain = !argument.isEmpty
      && argument.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "@%_+=:,./-".unicodeScalars.contains(scalar))
      }
    return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
