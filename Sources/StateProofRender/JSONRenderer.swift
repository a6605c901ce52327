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
}
