/// One thing wrong with a history file's chain: the line it is about (1-based), the sign-off
/// that line claims to be when it can be read, what is wrong, and a sentence saying so.
public struct HistoryLineProblem: Codable, Sendable, Hashable {
  public var line: Int
  /// The line's own `signOff`; nil when it is not a record.
  public var signOff: Int?
  public var kind: HistoryBreak
  public var message: String

  public init(line: Int, signOff: Int?, kind: HistoryBreak, message: String) {
    self.line = line
    self.signOff = signOff
    self.kind = kind
    self.message = message
  }

  private enum CodingKeys: String, CodingKey {
    case line, signOff, kind, message
  }

  /// Writes every key, `null` included.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(line, forKey: .line)
    try container.encode(signOff, forKey: .signOff)
    try container.encode(kind, forKey: .kind)
    try container.encode(message, forKey: .message)
  }
}
