/// The first and last time a file (or a platform's evidence) names: a JUnit file's suites, an
/// Xcode run's start and finish, an attachments export's timestamps.
public struct EvidenceSpan: Codable, Sendable, Hashable {
  public var from: EvidenceTime
  public var to: EvidenceTime

  public init(from: EvidenceTime, to: EvidenceTime) {
    self.from = from
    self.to = to
  }

  /// The span of `times`, from the earliest to the latest; nil when there are none.
  public init?(_ times: some Sequence<EvidenceTime>) {
    var from: EvidenceTime?
    var to: EvidenceTime?
    for time in times {
      if from.map({ time.earliest < $0.earliest || (time.earliest == $0.earliest && time < $0) }) ?? true {
        from = time
      }
      if to.map({ time.latest > $0.latest || (time.latest == $0.latest && $0 < time) }) ?? true { to = time }
    }
    guard let from, let to else { return nil }
    self.init(from: from, to: to)
  }

  /// Both ends, the first first.
  public var times: [EvidenceTime] { from == to ? [from] : [from, to] }
}
