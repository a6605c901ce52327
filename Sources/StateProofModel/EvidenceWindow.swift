/// How old evidence may be and still speak for the release: `48h` back from the newest evidence
/// (or from the candidate's build time, `--built-at`). Configured as `"window": "48h"`.
public struct EvidenceWindow: Codable, Sendable, Hashable, CustomStringConvertible {
  /// As written: a whole number and a unit, `m` (minutes), `h` (hours) or `d` (days).
  public var text: String
  public var seconds: Int

  /// Reads `90m`, `48h`, `7d`; nil for anything else (no unit, zero, over a year).
  public init?(_ text: String) {
    guard let unit = text.last, let count = Int(text.dropLast()), count > 0,
      text.dropLast().allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    let each: Int
    switch unit {
    case "m": each = 60
    case "h": each = 3600
    case "d": each = 86_400
    default: return nil
    }
    guard count <= 366 * 86_400 / each else { return nil }
    self.text = text
    seconds = count * each
  }

  public var description: String { text }

  /// `window`'s own value as JSON: the text as configured.
  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let window = EvidenceWindow(text) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected a window such as 48h"))
    }
    self = window
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
