import Foundation
import Mustache
import Testing

@Suite struct TemplateValueTests {
  @Test(
    arguments: [
      (TemplateValue.null, false), (false, false), (true, true), (0, false), (3, true), (0.0, false), (0.5, true),
      ("", false), ("x", true), ([], false), ([nil], true), ([:], true),
    ] as [(TemplateValue, Bool)])
  func truthiness(_ value: TemplateValue, _ truthy: Bool) {
    #expect(value.isTruthy == truthy)
  }

  @Test func falseyValuesSkipSectionsAndShowInvertedOnes() throws {
    let template = try Template("{{#v}}yes{{/v}}{{^v}}no{{/v}}")
    for value: TemplateValue in [0, "", [], false, nil] {
      #expect(try template.render(["v": value]) == "no")
    }
    #expect(try template.render(["v": 7]) == "yes")
  }

  @Test func decodesJSON() throws {
    let value = try JSONDecoder().decode(
      TemplateValue.self, from: Data(#"{"a": [1, 2.5, "s", true, null, {"b": {}}]}"#.utf8))
    #expect(value == ["a": [1, 2.5, "s", true, nil, ["b": [:]]]])
  }

  @Test func numbersInterpolateAsJSONWritesThem() throws {
    let template = try Template("{{i}} {{d}} {{w}} {{b}}")
    #expect(try template.render(["i": 42, "d": 1.25, "w": 2.0, "b": false]) == "42 1.25 2 false")
  }

  @Test func rendersManyRowsInOrder() throws {
    let rows = TemplateValue.list((0..<5000).map { ["n": .int($0)] })
    let output = try Template("{{#rows}}{{n}},{{/rows}}").render(["rows": rows])
    #expect(output == (0..<5000).map { "\($0)," }.joined())
  }
}
