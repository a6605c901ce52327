/// A test run that stopped before it finished, as a JUnit file records it: a crash or a failed
/// install in a suite's `system-err`, a result written outside any test, a converter's "Restarting
/// after unexpected exit" message. The tests the file lists before the stop still count; the tests
/// that never ran are simply absent, so the stop itself must be reported.
public struct IncompleteRun: Codable, Sendable, Hashable, Comparable {
  /// The file: evidence root and path relative to it.
  public var root: String
  public var path: String
  /// The line of the element that records the stop.
  public var line: Int?
  /// The device the run was on, where the file or its path names one.
  public var device: String?
  /// The suite that records the stop, when it has a name.
  public var suite: String?
  /// What the file says stopped the run, from the line that says so, whole up to the JUnit
  /// reader's message limit (with a marker where it was cut).
  public var cause: String

  public init(location: EvidenceLocation, device: String?, suite: String?, cause: String) {
    root = location.root
    path = location.path
    line = location.line
    self.device = device
    self.suite = suite
    self.cause = cause
  }

  public static func < (lhs: IncompleteRun, rhs: IncompleteRun) -> Bool {
    (lhs.root, lhs.path, lhs.line ?? 0, lhs.device ?? "", lhs.cause)
      < (rhs.root, rhs.path, rhs.line ?? 0, rhs.device ?? "", rhs.cause)
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(root, forKey: .root)
    try container.encode(path, forKey: .path)
    try container.encode(line, forKey: .line)
    try container.encode(device, forKey: .device)
    try container.encode(suite, forKey: .suite)
    try container.encode(cause, forKey: .cause)
  }
}
