import StateProofModel

/// How a row or receipt stood at a sign-off, as the history templates class its grid cell,
/// streak and regression: its standing's word, `retry` for a receipt that passed only on retry,
/// `absent` where that sign-off's matrix did not have the row.
enum CellTone: String, Encodable, Sendable {
  case proven, retry, failing, missing, accepted, unreachable, absent

  init(_ standing: RowStanding) {
    switch standing {
    case .proven: self = .proven
    case .failing: self = .failing
    case .missing: self = .missing
    case .accepted: self = .accepted
    case .unreachable: self = .unreachable
    }
  }
}
