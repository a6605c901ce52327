import StateProofModel
import StateProofRead

/// The line `inspect` prints about an xcresulttool JSON file: the command, what its tests add up
/// to, and the node types it holds (unlisted ones included).
enum XCResultDescription {
  static func text(_ summary: XCResultFileSummary) -> String {
    var parts = [summary.command?.commandLine ?? "xcresulttool"]
    if let totals = summary.totals {
      parts.append(
        summary.command == .tests
          ? "\(totals.description), \(summary.outcomes.total) executions: "
            + TestOutcome.allCases.map { "\(summary.outcomes[$0]) \($0.rawValue)" }.joined(separator: ", ")
          : "states \(totals.description)")
    }
    if summary.command == .activities { parts.append("\(summary.attachments.count) attachments") }
    if !summary.devices.isEmpty { parts.append("devices: " + summary.devices.joined(separator: ", ")) }
    if !summary.nodeTypes.isEmpty {
      parts.append(
        "nodes: " + summary.nodeTypes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
      )
    }
    if !summary.isComplete { parts.append("the file breaks off") }
    return parts.joined(separator: "; ")
  }
}
