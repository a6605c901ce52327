import Foundation
import StateProofModel
import StateProofSystem
import StateProofTestSupport

/// Loads the declaration fixtures (`declarations/manifest`, `aapt`, `plist`) from the source tree
/// and names them as a discovered file would be named.
enum DeclarationFixture {
  static func data(_ relative: String) throws -> Data {
    try Data(contentsOf: TestFiles.readerFixture("declarations/" + relative))
  }

  static func source(_ relative: String) throws -> MemoryBytes {
    MemoryBytes(try data(relative))
  }

  /// Where problems in `relative` are placed.
  static func location(_ relative: String) -> EvidenceLocation {
    EvidenceLocation(root: "evidence", path: relative)
  }
}
