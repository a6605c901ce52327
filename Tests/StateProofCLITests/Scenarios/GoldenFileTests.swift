import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// The example's outputs, byte for byte, against the golden files (`TestFiles.scannerGolden`; the
/// library tests check the same files). A change shows up as a unified diff to review;
/// `RECORD_GOLDEN=1 swift test --filter "Golden|LibraryTests"` writes the new files instead.
///
/// The report names its evidence path as given, so the example is passed as `examples/scanner`
/// relative to the package root, as the README's command does; the golden files are found from
/// the package root (itself found from the sources' path) and the tests run in the package root wherever they were started (Xcode, any
/// working folder), so they always check.
@Suite(.temporaryFolders) struct GoldenFileTests {
  static let golden = TestFiles.scannerGolden

  /// One run of the command, each of its four outputs against its golden file.
  @Test func exampleOutputsMatchTheirGoldenFiles() throws {
    try #require(PackageRoot.isWorkingFolder, "cannot enter the package root \(PackageRoot.url.path)")
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    let result = TestSupport.run(
      ["report", "--generated-at", "2025-11-24T16:00:00Z", "--out", out.path, "examples/scanner"])
    #expect(result.status == 1, "\(result.errors)")
    for name in ["report.json", "report.md", "index.html", "junit.xml"] {
      let actual = out.appendingPathComponent(name)
      let expected = Self.golden.appendingPathComponent(name)
      if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil {
        try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
        try Data(contentsOf: actual).write(to: expected)
        continue
      }
      guard try Data(contentsOf: actual) != Data(contentsOf: expected) else { continue }
      let diff = try Self.diff(expected, actual)
      Issue.record("\(name) differs from its golden file (RECORD_GOLDEN=1 swift test re-records):\n\(diff)")
    }
  }

  /// Each example's seed plan (`seed-plan examples/NAME`, and the scanner's as JSON) against its
  /// golden file (`TestFiles.seedPlanGolden`).
  @Test(arguments: SeedPlanTests.examples)
  func seedPlansMatchTheirGoldenFiles(example: String) throws {
    try #require(PackageRoot.isWorkingFolder, "cannot enter the package root \(PackageRoot.url.path)")
    let formats = example == "scanner" ? ["sh", "json"] : ["sh"]
    for format in formats {
      let result = TestSupport.run(["seed-plan", "--format", format, "examples/\(example)"])
      #expect(result.status == 0, "\(example): \(result.errors)")
      let expected = TestFiles.seedPlanGolden.appendingPathComponent("\(example).\(format)")
      if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil {
        try FileManager.default.createDirectory(at: TestFiles.seedPlanGolden, withIntermediateDirectories: true)
        try Data(result.output.utf8).write(to: expected)
        continue
      }
      let actual = try TestSupport.temporaryFolder().appendingPathComponent("\(example).\(format)")
      try Data(result.output.utf8).write(to: actual)
      guard try Data(contentsOf: actual) != Data(contentsOf: expected) else { continue }
      let diff = try Self.diff(expected, actual)
      Issue.record(
        "\(expected.lastPathComponent) differs from its golden file (RECORD_GOLDEN=1 swift test re-records):\n\(diff)")
    }
  }

  /// `diff -u` of the two files.
  private static func diff(_ expected: URL, _ actual: URL) throws -> String {
    try TestSupport.runProgram(
      "/usr/bin/diff", ["-u", "--label", "golden", "--label", "rendered", expected.path, actual.path]
    ).output
  }
}
