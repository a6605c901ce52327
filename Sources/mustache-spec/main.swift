// Runs the official Mustache spec files against the Mustache module.
// Usage: mustache-spec [DIR]   (default: ../shared/conformance/mustache-spec)
import Foundation
import Mustache
import MustacheSpec

let arguments = CommandLine.arguments.dropFirst()
let path = arguments.first ?? "../shared/conformance/mustache-spec"
let directory = URL(fileURLWithPath: path, isDirectory: true)
var isDirectory: ObjCBool = false
guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
  FileHandle.standardError.write(
    Data("mustache-spec: spec directory \(path) not found; pass the directory holding comments.json etc.\n".utf8))
  exit(2)
}

let tests: [SpecTest]
do {
  tests = try SpecSuite.load(from: directory)
} catch {
  FileHandle.standardError.write(Data("mustache-spec: \(error)\n".utf8))
  exit(2)
}

var failed = 0
for test in tests {
  let output: String
  do {
    output = try test.render()
  } catch {
    output = "error: \(error)"
  }
  guard output != test.expected else { continue }
  failed += 1
  print("FAIL \(test.file): \(test.name)")
  print("  template: \(String(reflecting: test.template))")
  print("  expected: \(String(reflecting: test.expected))")
  print("  got:      \(String(reflecting: output))")
}
print("\(tests.count - failed) passed, \(failed) failed")
exit(failed == 0 ? 0 : 1)
