import StateProofModel
import StateProofSystem

/// An option of the run (or `SOURCE_DATE_EPOCH`) whose value cannot be used, with the value.
public enum OptionProblem: Sendable, Hashable, CustomStringConvertible {
  /// ``ReportOptions/markdownMaxBytes`` is not positive.
  case markdownBudget(Int)
  /// ``ReportOptions/embedding`` is a negative number of bytes.
  case embeddingLimit(Int)
  /// A bundle was asked for without `report.json`, which `verify` reads.
  case bundleWithoutJSON
  /// An accepted gap has a blank reason.
  case allowanceWithoutReason(FindingCode)
  /// An accepted gap (`--allow`) names a row the matrix does not have, so it would accept
  /// nothing; `nearest` are the matrix's rows it may have meant.
  case allowanceRow(code: FindingCode, row: String, nearest: [String])
  /// The report's time (from `SOURCE_DATE_EPOCH`, or the one a report read back records) is
  /// not an ISO 8601 date-time StateProof takes.
  case reportTime(String)
  /// `SOURCE_DATE_EPOCH` is not a whole number of seconds.
  case sourceDateEpoch(String)
  /// `verify --key` without `--statement`: a key checks a signed statement's signature.
  case keyWithoutStatement
  /// `verify --no-signature-check` with `--key` (which checks it) or without `--statement`
  /// (there is no signature to leave unchecked).
  case noSignatureCheck(withKey: Bool)

  public var description: String {
    switch self {
    case .markdownBudget(let bytes): "the Markdown budget must be a positive number of bytes, found \(bytes)"
    case .embeddingLimit(let bytes): "the embedding limit must be a number of bytes, found \(bytes)"
    case .bundleWithoutJSON: "a bundle is checked with stateproof verify, which reads report.json: add json to --format"
    case .allowanceWithoutReason(let code): "the accepted gap \(code.rawValue) needs a reason: say why it is accepted"
    case .allowanceRow(let code, let row, let nearest):
      "--allow \(code.rawValue):\(row): the matrix has no row \(row), so it would accept nothing"
        + NearestNames.didYouMean(nearest)
    case .reportTime(let text): "the report's time must be \(ZonedTime.expected), found \"\(text)\""
    case .sourceDateEpoch(let text): "SOURCE_DATE_EPOCH must be a whole number of seconds, found \"\(text)\""
    case .keyWithoutStatement: "--key checks the signature of a --statement: give the signed statement too"
    case .noSignatureCheck(withKey: true):
      "--no-signature-check says the signature is checked elsewhere, --key checks it here: give one of them"
    case .noSignatureCheck(withKey: false):
      "--no-signature-check leaves a --statement's signature unchecked: give the signed statement too"
    }
  }
}
