import Foundation
import StateProofModel

/// Renders the coverage model as `report.json`: sorted keys and stable formatting, so equal
/// inputs give equal bytes, written without first building a tree of the whole model.
package enum JSONRenderer {
  package static func render(_ report: Report) throws -> Data {
    var data = try SortedJSONEncoder.encode(report)
    data.append(0x0A)
    return data
  }

  /// The same bytes as ``render(_:)``, handed to `sink` a chunk at a time: a report of 100,000
  /// files is written without its text ever being held whole.
  package static func render(_ report: Report, into sink: @escaping (Data) throws -> Void) throws {
    try SortedJSONEncoder.encode(report, into: sink)
    try sink(Data([0x0A]))
  }

  /// `value` as one line of compact JSON (no newline): sorted keys, no white space outside
  /// strings, strings escaped as in `report.json`. A history file's line (JSON Lines), whose
  /// bytes are what the next line's SHA-256 is of, so they must be the same on every platform.
  package static func line(_ value: some Encodable) throws -> Data {
    let pretty = try SortedJSONEncoder.encode(value)
    var compact = Data()
    compact.reserveCapacity(pretty.count / 2)
    var inString = false
    var escaped = false
    for byte in pretty {
      if inString {
        compact.append(byte)
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: " "), 0x0A, 0x09, 0x0D: continue
      case UInt8(ascii: "\""): inString = true
      default: break
      }
      compact.append(byte)
    }
    return compact
  }
}
