import Foundation
import StateProofModel

/// Renders the coverage model as `report.json`: sorted keys and stable formatting, so equal
/// inputs give equal bytes.
package enum JSONRenderer {
  package static func render(_ report: Report) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(report)
    data.append(0x0A)
    return data
  }
}
