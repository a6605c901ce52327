import Foundation
import Mustache
import Testing

@Suite struct DirectoryPartialsTests {
  /// A fresh directory holding `files` (name → contents), removed by the caller.
  private func directory(with files: [String: String]) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (name, contents) in files {
      try contents.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return url
  }

  @Test func loadsNameDotMustacheAndIndentsStandalonePartials() throws {
    let url = try directory(with: ["row.mustache": "<li>{{.}}</li>\n"])
    defer { try? FileManager.default.removeItem(at: url) }
    let template = try Template("<ul>\n{{#items}}\n  {{>row}}\n{{/items}}\n</ul>\n")
    let output = try template.render(["items": ["a", "b"]], partials: DirectoryPartials(directory: url))
    #expect(output == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
  }

  @Test func missingFileIsNoPartial() throws {
    let url = try directory(with: [:])
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(try DirectoryPartials(directory: url).template(named: "absent") == nil)
  }

  @Test(arguments: ["../secret", "sub/row", "..", ""])
  func refusesNamesLeavingTheDirectory(_ name: String) throws {
    let partials = DirectoryPartials(directory: FileManager.default.temporaryDirectory)
    #expect(throws: PartialError.invalidName(name)) { try partials.template(named: name) }
  }

  @Test func refusedNameInATemplateNamesTheTag() throws {
    let template = try Template("x\n{{>../etc}}", name: "main")
    do {
      _ = try template.render([:], partials: DirectoryPartials(directory: FileManager.default.temporaryDirectory))
      Issue.record("expected an error")
    } catch let error as TemplateError {
      #expect(error.description.hasPrefix("main:2:1: cannot load partial \"../etc\": partial name"))
    }
  }

  @Test func parseErrorsNameThePartialFile() throws {
    let url = try directory(with: ["bad.mustache": "ok\n{{#open}}"])
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(throws: TemplateError.self) { try DirectoryPartials(directory: url).template(named: "bad") }
    do {
      _ = try Template("{{>bad}}").render([:], partials: DirectoryPartials(directory: url))
    } catch let error as TemplateError {
      #expect(error.description == "bad.mustache:2:1: section \"open\" is never closed")
    }
  }

  @Test func layeredPartialsPreferEarlierSources() throws {
    let user = try directory(with: ["header.mustache": "custom {{title}}"])
    defer { try? FileManager.default.removeItem(at: user) }
    let partials = LayeredPartials([
      DirectoryPartials(directory: user), ["header": "shipped {{title}}", "footer": "shipped footer"],
    ])
    let template = try Template("{{>header}} / {{>footer}}")
    #expect(try template.render(["title": "T"], partials: partials) == "custom T / shipped footer")
  }

  @Test func dictionaryPartials() throws {
    let template = try Template("[{{>item}}]")
    #expect(try template.render(["x": 1], partials: ["item": "x={{x}}"]) == "[x=1]")
  }

  @Test func concurrentRendersShareOneSource() async throws {
    let url = try directory(with: ["cell.mustache": "<td>{{.}}</td>"])
    defer { try? FileManager.default.removeItem(at: url) }
    let partials = DirectoryPartials(directory: url)
    let template = try Template("{{#cells}}{{>cell}}{{/cells}}")
    let outputs = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<8 {
        group.addTask { try template.render(["cells": [.int(index), "&"]], partials: partials) }
      }
      return try await group.reduce(into: Set<String>()) { $0.insert($1) }
    }
    #expect(outputs == Set((0..<8).map { "<td>\($0)</td><td>&amp;</td>" }))
  }
}
