/// Why a known gap is accepted for this sign-off, and until when.
public struct Acceptance: Codable, Sendable, Hashable {
  public var reason: String
  /// The last day (`YYYY-MM-DD`) the acceptance holds; nil for no end.
  public var until: String?
  /// Where the acceptance came from: the configuration or the command line.
  public var source: AcceptanceSource

  public init(reason: String, until: String? = nil, source: AcceptanceSource) {
    self.reason = reason
    self.until = until
    self.source = source
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(reason, forKey: .reason)
    try container.encode(until, forKey: .until)
    try container.encode(source, forKey: .source)
  }
}
