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
}
