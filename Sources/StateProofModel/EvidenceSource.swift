/// One evidence path given on the command line (a CI job's or shard's artifacts, typically), with
/// what the report found under it, so an auditor sees which runs a report was built from.
public struct EvidenceSource: Codable, Sendable, Hashable {
  public var root: String
  public var files: Int
  /// JUnit files read under it: one per test run or shard, as CI writes them.
  public var testReports: Int
  /// The devices its evidence names, sorted.
  public var devices: [String]

  public init(root: String, files: Int, testReports: Int, devices: [String]) {
    self.root = root
    self.files = files
    self.testReports = testReports
    self.devices = devices.sorted()
  }
}
