import Foundation
import Testing

/// The library guide's example (docs/library.md) is the example package's source, so it cannot
/// rot: `.ci/run` builds and runs that package, and this test fails when the guide shows anything
/// else.
@Suite struct LibraryExampleTests {
  static let source = "examples/library/Sources/not-ready/main.swift"

  @Test func theGuideShowsTheExamplePackagesCode() throws {
    let readme = try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/library.md"), encoding: .utf8)
    let marker = "<!-- \(Self.source) -->\n```swift\n"
    let start = try #require(readme.range(of: marker), "docs/library.md has no block marked \(Self.source)")
    let end = try #require(readme.range(of: "```\n", range: start.upperBound..<readme.endIndex))
    let shown = String(readme[start.upperBound..<end.lowerBound])
    let code = try String(
      contentsOf: TestSupport.repositoryRoot.appendingPathComponent(Self.source), encoding: .utf8)
    #expect(shown == code, "docs/library.md's example differs from \(Self.source)")
    #expect(code.contains("StateProof.report(evidence:"))
  }
}
