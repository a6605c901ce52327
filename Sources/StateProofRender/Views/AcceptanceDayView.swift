import StateProofModel

/// The day accepted gaps were checked against, with `text`: the day and where it came from.
struct AcceptanceDayView: ModelView {
  let model: AcceptanceDay

  enum ViewKeys: String, CodingKey, CaseIterable { case text }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    let day = model.day
    let text =
      switch model.source {
      case .generatedAt: "\(day ?? "") (the day of the report's time, --generated-at, as an earlier StateProof judged)"
      case .sourceDateEpoch: "\(day ?? "") (the day of SOURCE_DATE_EPOCH, as an earlier StateProof judged)"
      case .today:
        day.map { "\($0) (today by the clock of the machine that made the report; its time decides nothing)" }
          ?? "the day the report was made (no accepted gap has an end date, so the day decided nothing)"
      }
    try container.encode(text, forKey: .text)
  }
}
