import Foundation
import Testing
import StateProofTestSupport

/// docs/architecture.md's module table names exactly the StateProof modules `Package.swift`
/// builds, so the document a maintainer starts from cannot drift from the package.
@Suite struct ArchitectureDocumentTests {
  /// The names in `text` matching `pattern`'s first group, in order.
  static func names(_ pattern: String, in text: String) throws -> [String] {
    let expression = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
      Range(match.range(at: 1), in: text).map { String(text[$0]) }
    }
  }

  @Test func theModuleTableListsEveryStateProofModule() throws {
    let package = try String(contentsOf: PackageRoot.url("Package.swift"), encoding: .utf8)
    let document = try String(contentsOf: PackageRoot.url("docs/architecture.md"), encoding: .utf8)
    // Library targets: `.target(name: "StateProofX"` on one line, or `name: "StateProofX",` under
    // a `.target(` line; test targets end in Tests, the test support is no module of the tool.
    let declared = Set(try Self.names(#"name: "(StateProof[A-Za-z]+)""#, in: package))
      .filter { !$0.hasSuffix("Tests") && $0 != "StateProofTestSupport" }
    let tabled = Set(try Self.names(#"^\| `(StateProof[A-Za-z]+)` \|"#, in: document))
    #expect(!declared.isEmpty)
    #expect(
      tabled == declared,
      "only in Package.swift: \(declared.subtracting(tabled).sorted()); only in the table: \(tabled.subtracting(declared).sorted())"
    )
  }
}
