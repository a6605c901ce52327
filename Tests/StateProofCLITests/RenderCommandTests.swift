import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit

/// `stateproof render`: exactly the rendered text, escaping by file name or `--escape`, partials
/// from the template's folder or `--partials`, and strict mode on request.
@Suite(.temporaryFolders) struct RenderCommandTests {
  private func folder(_ files: [String: String]) throws -> URL {
    let folder = try TestSupport.temporaryFolder()
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    return folder
  }

  @Test func rendersExactlyTheTemplate() throws {
    let dir = try folder([
      "page.html.mustache": "<p>{{name}}</p>{{>part}}", "part.mustache": "[{{name}}]",
      "row.md.mustache": "| {{name}} |", "data.json": #"{"name": "a|b <i>"}"#,
    ])
    let data = dir.appendingPathComponent("data.json").path
    let html = TestSupport.run([
      "render", "--template", dir.appendingPathComponent("page.html.mustache").path, "--data", data,
    ])
    #expect(html.status == 0)
    #expect(html.output == "<p>a|b &lt;i&gt;</p>[a|b &lt;i&gt;]")
    let markdown = TestSupport.run([
      "render", "--template", dir.appendingPathComponent("row.md.mustache").path, "--data", data,
    ])
    #expect(markdown.output == #"| a\|b \<i\> |"#)
    let plain = TestSupport.run(
      ["render", "--escape", "none", "--template", dir.appendingPathComponent("row.md.mustache").path, "--data", data])
    #expect(plain.output == "| a|b <i> |")
  }

  @Test func partialsFolderAndStrictMode() throws {
    let dir = try folder(["t.mustache": "{{>part}}{{missing}}", "data.json": "{}"])
    let partials = try folder(["part.mustache": "from partials"])
    let template = dir.appendingPathComponent("t.mustache").path
    let data = dir.appendingPathComponent("data.json").path
    let lenient = TestSupport.run(["render", "--template", template, "--partials", partials.path, "--data", data])
    #expect(lenient.output == "from partials")
    let strict = TestSupport.run([
      "render", "--strict", "--template", template, "--partials", partials.path, "--data", data,
    ])
    #expect(strict.status == 2)
    #expect(strict.errors.contains("no value named \"missing\""))
  }

  @Test(arguments: [
    ([], "--template is required"),
    (["--template", "t.mustache"], "--data is required"),
    (
      ["--template", "/nonexistent/t.mustache", "--data", "x.json"],
      "the template /nonexistent/t.mustache: cannot open the file"
    ),
    (
      ["--template", "t.mustache", "--data", "x.json", "--escape", "xml"],
      "--escape takes html, markdown or none, found \"xml\""
    ),
  ])
  func mistakesExitTwo(arguments: [String], message: String) {
    let result = TestSupport.run(["render"] + arguments)
    #expect(result.status == 2)
    #expect(result.errors.contains(message), "\(result.errors)")
  }

  /// The data is untrusted: read by the strict reader, whose refusals name the place; whole
  /// numbers render as integers, others as JSON writes them.
  @Test func dataGoesThroughTheStrictReader() throws {
    let dir = try folder([
      "t.mustache": "{{n}} {{d}} {{#l}}{{.}},{{/l}}", "good.json": #"{"n": 3, "d": 2.5, "l": [1, true, null, "x"]}"#,
      "twice.json": "{\n  \"n\": 1,\n  \"n\": 2\n}", "cut.json": #"{"n": [1, 2"#,
    ])
    let template = dir.appendingPathComponent("t.mustache").path
    let good = TestSupport.run([
      "render", "--template", template, "--data", dir.appendingPathComponent("good.json").path,
    ])
    #expect(good.status == 0)
    #expect(good.output == "3 2.5 1,true,,x,")
    for (name, place) in [("twice.json", "line 3, column 3"), ("cut.json", "line 1")] {
      let path = dir.appendingPathComponent(name).path
      let refused = TestSupport.run(["render", "--template", template, "--data", path])
      #expect(refused.status == 2)
      #expect(refused.errors.contains("\(path) is not JSON ("), "\(refused.errors)")
      #expect(refused.errors.contains(place), "\(refused.errors)")
    }
  }
}
