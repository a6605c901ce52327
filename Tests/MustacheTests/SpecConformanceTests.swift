import Foundation
import Mustache
import MustacheSpec
import Testing
import StateProofTestSupport

/// Runs every case of the official spec files (outside the repository) as its own test.
@Suite struct SpecConformanceTests {
  /// `MUSTACHE_SPEC_DIR`, or `conformance/mustache-spec` in the shared folder beside the clone.
  static let directory: URL = {
    if let override = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"] {
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    return SharedCorpus.sharedURL("conformance/mustache-spec")
  }()

  static let directoryExists = SharedCorpus.isFolder(directory)
  static let cases = (try? SpecSuite.load(from: directory)) ?? []

  @Test(.enabled(if: directoryExists, "needs ../shared/conformance/mustache-spec (or MUSTACHE_SPEC_DIR)"))
  func specFilesLoad() throws {
    let tests = try SpecSuite.load(from: Self.directory)
    #expect(Set(tests.map(\.file)).count == SpecSuite.fileNames.count)
  }

  @Test(
    .enabled(if: directoryExists, "needs ../shared/conformance/mustache-spec (or MUSTACHE_SPEC_DIR)"), arguments: cases)
  func specCase(_ test: SpecTest) throws {
    #expect(try test.render() == test.expected, "\(test.desc)")
  }
}
