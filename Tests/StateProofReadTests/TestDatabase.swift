import Foundation
import StateProofTestSupport

/// The database reader's SQL fixtures: a real xcresulttool schema
/// (`Fixtures/xcresult-database/schema-*.sql`, dumped from the corpus bundles) and rows, which
/// ``SQLiteScript`` writes, so the tests run without `../shared`.
enum TestDatabase {
  static let fixtures = TestFiles.readerFixture("xcresult-database")

  /// The `CREATE` statements of a schema fixture (`xcode26`, `xcode12`).
  static func schema(_ name: String) throws -> String {
    try String(contentsOf: fixtures.appendingPathComponent("schema-\(name).sql"), encoding: .utf8)
  }
}
