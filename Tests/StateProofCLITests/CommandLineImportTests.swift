import Foundation
import StateProofTestSupport
import Testing

/// The command line imports only what `Package.swift` lists for it (plus Foundation and the
/// platform's C library, behind `#if canImport`): a file that
/// reaches into a pipeline module (`import StateProofRead`) would compile only by accident of
/// the build graph, and would see what no library client sees.
@Suite struct CommandLineImportTests {
  /// The names in the `dependencies:` of `.target(name: "StateProofCLI", dependencies: […], …)`.
  private static func listedDependencies() throws -> Set<String> {
    let manifest = try String(contentsOf: PackageRoot.url("Package.swift"), encoding: .utf8)
    let target = #"name: "StateProofCLI", dependencies: ["#
    let line = try #require(manifest.split(separator: "\n").first { $0.contains(target) })
    let listed = try #require(line.firstRange(of: "dependencies: [").map { line[$0.upperBound...] })
    let names = listed.prefix { $0 != "]" }.split(separator: ",").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
    }
    return Set(names)
  }

  @Test func importsOnlyWhatThePackageListsForIt() throws {
    let allowed = try Self.listedDependencies().union(["Foundation", "Glibc", "Musl", "Darwin"])
    #expect(allowed.contains("StateProofKit"))
    let folder = PackageRoot.url("Sources/StateProofCLI")
    let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    var checked = 0
    for case let file as URL in files where file.pathExtension == "swift" {
      for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }) else {
          continue
        }
        checked += 1
        let module = words.count > index + 1 ? String(words[index + 1]) : ""
        #expect(allowed.contains(module), "\(file.lastPathComponent) imports \(module)")
      }
    }
    #expect(checked > 10)
  }
}
