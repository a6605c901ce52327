import Foundation
import FuzzSupport
import Mustache
import StateProofRender

/// libFuzzer entry: any bytes as a template (and as a partial of itself), rendered in strict and
/// lenient mode against a small fixed value, with an escaping the input's length picks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustache(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let source = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  guard let template = try? Template(source, name: "fuzz") else { return 0 }
  let value: TemplateValue = [
    "name": "a <b> & \"c\"", "list": [1, 2, ["x": "y"]], "flag": true, "empty": [], "none": nil,
    "nested": ["deeper": ["name": "{{name}}"]],
  ]
  let partials = ["self": source, "other": "{{name}}"]
  let escapings = [Escaping.html, .reportHTML, .markdown, .terminal, .none]
  for strict in [false, true] {
    _ = try? template.render(value, partials: partials, escaping: escapings[count % escapings.count], strict: strict)
  }
  return 0
}

/// The harness's entry point: libFuzzer's driver on `fuzzMustache`.
@_cdecl("fuzz_mustache_main")
public func fuzzMustacheMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzMustache)
}
