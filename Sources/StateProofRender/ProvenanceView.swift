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
  /// `provenance` as template data with the fields above (null for none); `shownRows` holds the
  /// ids of the rows the report lists, `rowAnchor` gives a row's id in `index.html`.
  static func value(_ provenance: Provenance?, shownRows: Set<String>, rowAnchor: (String) -> String) throws
    -> TemplateValue
  {
    guard let provenance else { return .null }
    var members = try TemplateValueEncoder.members(of: provenance, leavingOut: ["configuration"])
    let configuration = provenance.configuration
    let deviations = try configuration.deviations.map { deviation in
      let row = deviation.row.description
      return try TemplateValueEncoder.object(
        deviation,
        adding: [
          "anchor": shownRows.contains(row) ? .string(rowAnchor(row)) : .null,
          "kindText": .string(deviation.kind.words),
          "pattern": .bool(deviation.kind.isSelector),
          "tone": .string(deviation.weakens ? "warning" : "muted"),
        ])
    }
    members["configuration"] = try TemplateValueEncoder.object(
      configuration, leavingOut: ["deviations"],
      adding: [
        "deviations": .list(deviations),
        "departs": .bool(!deviations.isEmpty),
        "place": .string(place(configuration.source)),
      ])
    members["commandLine"] =
      provenance.command.map { !$0.isEmpty } == true
      ? .string((["stateproof"] + (provenance.command ?? [])).map(ShellWord.quoted).joined(separator: " "))
      : .null
    if let templates = provenance.templates {
      members["templates"] = try TemplateValueEncoder.object(
        templates, adding: ["files": .string(templates.overrides.map(\.file).joined(separator: ", "))])
    }
    members["acceptanceDay"] = try TemplateValueEncoder.object(
      provenance.acceptanceDay, adding: ["text": .string(dayText(provenance.acceptanceDay))])
    return .object(members)
  }

  /// A row's `requiresText`, and its `requiresNote` when the configuration asks less of it than
  /// the built-in matrix (null otherwise).
  static func requirements(of row: RowReport, provenance: Provenance?) -> [String: TemplateValue] {
    let requires = row.requires.map(\.rawValue).joined(separator: ", ")
    let id = row.id.description
    let deviation = provenance?.configuration.deviations.first {
      $0.kind == .requires && $0.weakens && $0.row.description == id
    }
    let note = deviation.map {
      "Configured to need \(requires) only, less than the built-in matrix (\($0.builtIn ?? "")): \($0.reason ?? "")"
    }
    return ["requiresText": .string(requires), "requiresNote": note.map(TemplateValue.string) ?? .null]
  }

  private static func place(_ source: ConfigurationSource) -> String {
    switch source {
    case .given: "given"
    case .workingFolder: "found in the working folder"
    case .evidence: "found at the top of the evidence"
    case .builtIn: "built in"
    }
  }

  private static func dayText(_ value: AcceptanceDay) -> String {
    let day = value.day
    switch value.source {
    case .generatedAt: return "\(day ?? "") (the day of the report's time, --generated-at, as an earlier StateProof judged)"
    case .sourceDateEpoch: return "\(day ?? "") (the day of SOURCE_DATE_EPOCH, as an earlier StateProof judged)"
    case .today:
      return day.map { "\($0) (today by the clock of the machine that made the report; its time decides nothing)" }
        ?? "the day the report was made (no accepted gap has an end date, so the day decided nothing)"
    }
  }
}
