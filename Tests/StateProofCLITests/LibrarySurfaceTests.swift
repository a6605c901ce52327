import Foundation
import StateProofTestSupport
import Testing

/// What the command line gets from the library beyond its public API: the library draws nothing on
/// a terminal (progress, the job summary and the standard streams are the command line's), and the
/// `@_spi(CLI)` hooks `Package.swift` lists are exactly those the sources declare, each with a doc
/// comment saying why it has no public form.
@Suite struct LibrarySurfaceTests {
  /// Every Swift file under `Sources/folder`, with its lines.
  private static func sources(_ folder: String) throws -> [(name: String, lines: [Substring])] {
    let root = PackageRoot.url("Sources/" + folder)
    let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    var found: [(name: String, lines: [Substring])] = []
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      found.append((file.lastPathComponent, text.split(separator: "\n", omittingEmptySubsequences: false)))
    }
    return found.sorted { $0.name < $1.name }
  }

  /// The library's code (comments aside) names nothing that writes to or asks about a terminal.
  @Test func libraryDrawsNoTerminal() throws {
    let drawing = [
      "Escaping.terminal", "isatty", "STDOUT_FILENO", "STDERR_FILENO", "u{1B}", "FileHandle.standardError",
      "FileHandle.standardOutput", "print(", "GITHUB_STEP_SUMMARY", "SIGPIPE",
    ]
    let files = try Self.sources("StateProofKit")
    #expect(files.count > 50)
    for (name, lines) in files {
      for line in lines where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
        for word in drawing {
          #expect(!line.contains(word), "\(name) draws on a terminal: \(line)")
        }
      }
    }
  }

  /// The `@_spi(CLI)` declarations in the sources, named `Type`, `Type.member` or `extension Type`.
  private static func declaredHooks() throws -> [String: String] {
    var hooks: [String: String] = [:]
    for folder in try FileManager.default.contentsOfDirectory(atPath: PackageRoot.path("Sources")) {
      for (file, lines) in try sources(folder) {
        for (index, line) in lines.enumerated() where line.contains("@_spi(CLI)") {
          let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
          guard !words.contains("import") else { continue }
          let kinds: Set<Substring> = [
            "enum", "struct", "class", "protocol", "extension", "func", "let", "var", "init",
          ]
          let kindIndex = try #require(words.firstIndex { kinds.contains($0) || $0.hasPrefix("init(") })
          let kind = words[kindIndex]
          let name: String =
            if kind.hasPrefix("init") { "init" } else {
              String(words[kindIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            }
          var qualified = kind == "extension" ? "extension " + name : name
          if line.first == " " {
            let enclosing = try #require(lines[..<index].last { $0.first != " " && $0.contains(" {") })
            let parts = enclosing.split(separator: " ")
            let type = try #require(parts.firstIndex { ["enum", "struct", "class", "extension"].contains($0) })
            qualified = String(parts[type + 1].prefix { $0.isLetter || $0.isNumber }) + "." + qualified
          }
          let doc = lines[..<index].reversed().prefix { $0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
          hooks[qualified] = doc.joined(separator: "\n") + " (\(file))"
        }
      }
    }
    return hooks
  }

  @Test func packageListsEverySPIHookAndEachSaysWhy() throws {
    let manifest = try String(contentsOf: PackageRoot.url("Package.swift"), encoding: .utf8)
    let listed = manifest.split(separator: "\n")
      .compactMap { line in line.firstRange(of: "// @_spi(CLI):").map { line[$0.upperBound...] } }
      .flatMap { $0.split(separator: ",") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    let declared = try Self.declaredHooks()
    #expect(listed.count > 5)
    #expect(Set(listed).count == listed.count, "Package.swift lists a hook twice")
    #expect(
      Set(listed) == Set(declared.keys),
      "Package.swift lists \(listed.sorted()); the sources declare \(declared.keys.sorted())")
    for (hook, doc) in declared {
      #expect(doc.contains("SPI"), "\(hook) has no doc comment saying why it is SPI: \(doc)")
    }
  }
}
