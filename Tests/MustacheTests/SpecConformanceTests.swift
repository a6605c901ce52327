import Foundation
import Mustache
import Testing

/// Runs every case of the official spec files (outside the repository) as its own test.
@Suite struct SpecConformanceTests {
  /// `MUSTACHE_SPEC_DIR`, or `../shared/conformance/mustache-spec` next to the repository.
  static let directory: URL = {
    if let override = ProcessInfo.processInfo.environment["MUSTACHE_SPEC_DIR"] {
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    let repository = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return repository.deletingLastPathComponent().appendingPathComponent("shared/conformance/mustache-spec")
  }()

  static let directoryExists = FileManager.default.fileExists(atPath: directory.path)
  static let cases = (try? SpecSuite.load(from: directory)) ?? []

  @Test(.enabled(if: directoryExists))
  func specFilesLoad() throws {
    let tests = try SpecSuite.load(from: Self.directory)
    #expect(Set(tests.map(\.file)).count == SpecSuite.fileNames.count)
  }

  @Test(.enabled(if: directoryExists), arguments: cases)
  func specCase(_ test: SpecTest) throws {
    #expect(try test.render() == test.expected, "\(test.desc)")
  }
}
