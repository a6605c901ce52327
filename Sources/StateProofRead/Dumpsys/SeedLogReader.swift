import Foundation
import StateProofModel

/// Reads seed logs: the seed script's output, CI logs and whole `dumpsys package` dumps.
///
/// Every permission line becomes a `SeedRecord`. A `seed did not take: wanted STATE` message marks
/// the permission line printed before it as not taken.
package enum SeedLogReader {
  package static let notTakenMarker = "seed did not take: wanted "

  package static func read(_ data: Data, from file: DiscoveredFile) -> [SeedRecord] {
    let text = String(decoding: data, as: UTF8.self)
    var records: [SeedRecord] = []
    var user: Int?
    var package: String?
    var lineNumber = 0
    for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lineNumber += 1
      let line = stripANSI(rawLine)
      if let header = userHeader(line) {
        user = header
      } else if let name = packageHeader(line) {
        package = name
        user = nil
      } else if let range = line.range(of: notTakenMarker) {
        let wanted = line[range.upperBound...].prefix { !$0.isWhitespace && $0 != "," }
        if !records.isEmpty { records[records.count - 1].wanted = String(wanted) }
      } else if let permission = PermissionLine.parse(line) {
        let classified = AndroidPermissionState.classify(
          granted: permission.granted, flags: permission.flags)
        records.append(
          SeedRecord(
            location: file.location(line: lineNumber),
            raw: line.trimmingCharacters(in: .whitespaces),
            permission: permission.name, package: package, user: permission.userId ?? user,
            granted: permission.granted, flags: permission.flags.names, state: classified.state,
            variant: classified.variant))
      }
    }
    return records
  }

  /// `User 10:` or `User 0: ceDataInode=…` opens one user's block.
  private static func userHeader(_ line: String) -> Int? {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    guard trimmed.hasPrefix("User ") else { return nil }
    let digits = trimmed.dropFirst(5).prefix { $0.isNumber }
    guard !digits.isEmpty, trimmed.dropFirst(5 + digits.count).hasPrefix(":") else { return nil }
    return Int(digits)
  }

  /// `Package [com.example.scanner] (abc123):` opens one package's block.
  private static func packageHeader(_ line: String) -> String? {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    guard trimmed.hasPrefix("Package ["), let close = trimmed.firstIndex(of: "]") else {
      return nil
    }
    return String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 9)..<close])
  }

  /// Removes ANSI colour and cursor sequences (`ESC [ … letter`) and stray carriage returns.
  package static func stripANSI<S: StringProtocol>(_ line: S) -> String {
    guard line.contains("\u{1B}") || line.contains("\r") else { return String(line) }
    var result = ""
    var iterator = line.makeIterator()
    while let character = iterator.next() {
      if character == "\r" { continue }
      guard character == "\u{1B}" else {
        result.append(character)
        continue
      }
      guard iterator.next() == "[" else { continue }
      while let next = iterator.next(), !next.isLetter {}
    }
    return result
  }
}
