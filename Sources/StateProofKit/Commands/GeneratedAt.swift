import Foundation

/// The time a report may print: only when asked (`--generated-at`) or when the build says
/// (`SOURCE_DATE_EPOCH`), so that the same inputs give the same bytes.
package enum GeneratedAt {
  package static func resolve(option: String?, environment: [String: String])
    throws(StateProofError) -> String?
  {
    if let option { return option }
    guard let epoch = environment["SOURCE_DATE_EPOCH"] else { return nil }
    guard let seconds = Int(epoch) else {
      throw .input("SOURCE_DATE_EPOCH must be a whole number of seconds, found \"\(epoch)\"")
    }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
  }

  /// The day (`YYYY-MM-DD`, UTC) acceptances are checked against: the report's own time when it
  /// has one, so an auditor re-running it gets the same verdict; else today.
  package static func day(of generatedAt: String?) -> String {
    if let generatedAt, generatedAt.count >= 10 {
      let day = String(generatedAt.prefix(10))
      if day.split(separator: "-").map(\.count) == [4, 2, 2] { return day }
    }
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: Date())
  }
}
