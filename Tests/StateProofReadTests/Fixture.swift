import Foundation
import StateProofModel
import StateProofEvidence
import StateProofTestSupport

/// Loads the dumpsys fixtures from the source tree (they are excluded from the target, so not
/// resources) and wraps test inputs as discovered files.
enum Fixture {
  static let directory = TestFiles.readerFixture("dumpsys")

  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: directory.appendingPathComponent(name))
  }

  /// A discovered file for `path`; readers only use it to build locations.
  static func file(_ path: String, kind: FileKind = .seedLog, url: URL? = nil) -> DiscoveredFile {
    DiscoveredFile(
      record: FileRecord(root: "evidence", path: path, kind: kind, bytes: 0, sha256: nil),
      url: url ?? directory.appendingPathComponent(path))
  }
}
