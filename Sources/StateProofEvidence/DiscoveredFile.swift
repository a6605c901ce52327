import Foundation
import StateProofModel

/// A file the discover stage found: its inventory record and where to read it.
package struct DiscoveredFile: Sendable, Hashable {
  public var record: FileRecord
  public var url: URL

  public init(record: FileRecord, url: URL) {
    self.record = record
    self.url = url
  }

  /// Where evidence read from this file points back to.
  public func location(line: Int? = nil, column: Int? = nil) -> EvidenceLocation {
    EvidenceLocation(root: record.root, path: record.path, line: line, column: column)
  }
}
