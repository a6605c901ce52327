import Foundation

/// The lines a seed script printed on the Mac, for a `seed-check --ios` run elsewhere (a Linux
/// job that reads the Mac job's log): one line per store, `key=value` words after the store's
/// name, as docs/seeding.md's `sqlite3` and `python3` commands print them:
///
///     tcc columns=service,client,client_type,auth_value,auth_reason,auth_version,…
///     tcc service=kTCCServiceCamera client=com.example.app client_type=0 auth_value=0 auth_reason=4 …
///     tcc service=kTCCServiceMicrophone client=com.example.app row=absent
///     location client=icom.example.app: Authorization=4
///     notifications client=com.example.app allowsNotifications=false
///     simulator runtime=17.5 xcode=15.4
///
/// A value `null` is a NULL column, left out. Other lines (the rest of a CI log) are skipped; a
/// log's timestamp or prefix before the store's name is skipped with them only if the store's
/// name starts the line.
package struct SimulatorPrintedLines: Sendable {
  /// TCC.db's `access` columns, when printed.
  package var schema: TCCSchema?
  /// Each `tcc` row printed (`row=absent` lines print none).
  package var tccRows: [[String: String]] = []
  /// Whether any `tcc` line was printed (a `row=absent` one as well).
  package var printedTCC = false
  /// The `location` entries printed, by their client key (`icom.example.app:`).
  package var locationEntries: [String: [String: String]] = [:]
  package var printedLocation = false
  /// The `notifications` entries printed, by bundle id.
  package var notificationEntries: [String: [String: String]] = [:]
  package var printedNotifications = false
  package var runtime: String?
  package var xcode: String?
  /// The last line number read.
  package var lines = 0

  /// Reads `data`; a line of a store's kind that is not `key=value` words is an error naming it.
  package static func read(_ data: Data) throws(SimulatorStoreError) -> SimulatorPrintedLines {
    var printed = SimulatorPrintedLines()
    let text = String(decoding: data, as: UTF8.self)
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      printed.lines = index + 1
      let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
      guard let kind = words.first, ["tcc", "location", "notifications", "simulator"].contains(kind) else { continue }
      var values: [String: String] = [:]
      for word in words.dropFirst() {
        guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
          throw .unreadableLine(line: index + 1, message: "\(kind) line: \"\(word)\" is not key=value")
        }
        let value = String(word[word.index(after: equals)...])
        if value != "null" { values[String(word[..<equals])] = value }
      }
      switch kind {
      case "tcc":
        printed.printedTCC = true
        if let columns = values["columns"] {
          printed.schema = TCCSchema(columns: columns.split(separator: ",").map(String.init))
        } else if values["row"] == "absent" {
          continue
        } else {
          guard values["service"] != nil, values["client"] != nil else {
            throw .unreadableLine(line: index + 1, message: "a tcc row line needs service= and client=")
          }
          printed.tccRows.append(values)
        }
      case "location":
        printed.printedLocation = true
        guard let client = values.removeValue(forKey: "client") else {
          throw .unreadableLine(line: index + 1, message: "a location line needs client=")
        }
        if values["row"] != "absent" { printed.locationEntries[client] = values }
      case "notifications":
        printed.printedNotifications = true
        guard let client = values.removeValue(forKey: "client") else {
          throw .unreadableLine(line: index + 1, message: "a notifications line needs client=")
        }
        if values["row"] != "absent" { printed.notificationEntries[client] = values }
      default:
        printed.runtime = values["runtime"] ?? printed.runtime
        printed.xcode = values["xcode"] ?? printed.xcode
      }
    }
    return printed
  }
}
