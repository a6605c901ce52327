import Foundation
import StateProofTestSupport

/// Paths the library tests share.
enum TestSupport {
  static let repositoryRoot = PackageRoot.url
  static let scannerExample = PackageRoot.url("examples/scanner").path
  static let templates = PackageRoot.url("Templates").path

  /// A fresh empty folder, removed when the test ends (its suite has `.temporaryFolders`).
  static func temporaryFolder() throws -> URL { try TemporaryFolder.make() }
}
