import Foundation
import StateProofModel

/// A file the discover stage found: its inventory record and where to read it.
package struct DiscoveredFile: Sendable, Hashable {
  package var record: FileRecord
  package var url: URL

  package init(record: FileRecord, url: URL) {
    self.record = record
    self.url = url
  }

  /// Where evidence read from this file points back to.
  package func location(line: Int? = nil, column: Int? = nil) -> EvidenceLocation {
    EvidenceLocation(root: record.root, path: record.path, line: line, column: column)
  }
}
