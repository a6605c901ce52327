/// Who accepted a known gap: the configuration's `allow` list, or `--allow` (and the library's
/// ``Allowance`` values, which stand for it).
public enum AcceptanceSource: String, Codable, Sendable, CaseIterable {
  case configuration
  case commandLine = "command line"
}
