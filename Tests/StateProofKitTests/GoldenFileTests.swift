import Foundation
import Testing

@testable import StateProofKit

/// The example's outputs, byte for byte, against the files in `Golden/scanner/`. A change shows up
/// as a unified diff to review; `RECORD_GOLDEN=1 swift test` writes the new files instead.
///
/// The report names its evidence path as given, so the example is passed as `examples/scanner`
/// relative to the package root, which `swift test` runs in.
@Suite struct GoldenFileTests {
  static let golden = TestSupport.repositoryRoot.appendingPathComponent("Tests/StateProofKitTests/Golden/scanner")
  static let runsInPackageRoot =
    URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
    == TestSupport.repositoryRoot.standardizedFileURL.path

  @Test(
    .enabled(if: runsInPackageRoot, "the golden files name the evidence as examples/scanner"),
    arguments: ["report.json", "report.md", "index.html", "junit.xml"])
  func exampleOutputMatchesItsGoldenFile(name: String) throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    let result = TestSupport.run(
      ["report", "--generated-at", "2025-11-24T16:00:00Z", "--out", out.path, "examples/scanner"])
    #expect(result.status == 1, "\(result.errors)")
    let actual = out.appendingPathComponent(name)
    let expected = Self.golden.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil {
      try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
      try Data(contentsOf: actual).write(to: expected)
      return
    }
    guard try Data(contentsOf: actual) != Data(contentsOf: expected) else { return }
    let diff = try Self.diff(expected, actual)
    Issue.record("\(name) differs from its golden file (RECORD_GOLDEN=1 swift test re-records):\n\(diff)")
  }

  /// `diff -u` of the two files.
  private static func diff(_ expected: URL, _ actual: URL) throws -> String {
    try TestSupport.runProgram(
      "/usr/bin/diff", ["-u", "--label", "golden", "--label", "rendered", expected.path, actual.path]
    ).output
  }
}
