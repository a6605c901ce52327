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
struct ProvenanceView: ModelView {
  let model: Provenance
  /// The ids of the rows the report lists, whose departures link to them.
  let shownRows: Set<String>

  enum ViewKeys: String, CodingKey, CaseIterable { case configuration, commandLine, templates, acceptanceDay }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    let deviations = model.configuration.deviations.map { deviation in
      let row = deviation.row.description
      return DeviationView(model: deviation, anchor: shownRows.contains(row) ? ReportView.anchor(row: row) : nil)
    }
    try container.encode(ConfigurationView(model: model.configuration, deviations: deviations), forKey: .configuration)
    let commandLine =
      model.command.map { !$0.isEmpty } == true
      ? (["stateproof"] + (model.command ?? [])).map(ShellWord.quoted).joined(separator: " ") : nil
    try container.encode(commandLine, forKey: .commandLine)
    try container.encode(model.templates.map(TemplateRecordView.init), forKey: .templates)
    try container.encode(AcceptanceDayView(model: model.acceptanceDay), forKey: .acceptanceDay)
  }

  /// A row's `requiresText`, and its `requiresNote` when the configuration asks less of it than
  /// the built-in matrix (null otherwise).
  static func requirements(of row: RowReport, provenance: Provenance?) -> (text: String, note: String?) {
    let requires = row.requires.map(\.rawValue).joined(separator: ", ")
    let id = row.id.description
    let deviation = provenance?.configuration.deviations.first {
      $0.kind == .requires && $0.weakens && $0.row.description == id
    }
    let note = deviation.map {
      "Configured to need \(requires) only, less than the built-in matrix (\($0.builtIn ?? "")): \($0.reason ?? "")"
    }
    return (requires, note)
  }
}
