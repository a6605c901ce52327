import Foundation
import Mustache

/// The spec files this engine implements, loaded from a directory holding the official JSON
/// files (kept outside the repository).
package enum SpecSuite {
  /// The core files plus the optional inheritance module; lambdas and dynamic names are not
  /// supported.
  package static let fileNames = [
    "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance",
  ]

  /// Every case of every file in `fileNames`, in order.
  /// - Throws: `SpecSuiteError` when a file is missing or is not a spec file.
  package static func load(from directory: URL) throws -> [SpecTest] {
    try fileNames.flatMap { name -> [SpecTest] in
      let file = directory.appendingPathComponent(name + ".json")
      let data: Data
      do {
        data = try Data(contentsOf: file)
      } catch {
        throw SpecSuiteError(message: "cannot read \(file.path): \(error.localizedDescription)")
      }
      let tests: [SpecTest]
      do {
        tests = try JSONDecoder().decode(Contents.self, from: data).tests
      } catch {
        throw SpecSuiteError(message: "\(file.path) is not a Mustache spec file: \(error)")
      }
      return tests.map { test in
        var test = test
        test.file = file.lastPathComponent
        return test
      }
    }
  }

  private struct Contents: Decodable {
    let tests: [SpecTest]
  }
}
