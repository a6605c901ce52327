import Foundation
import Mustache
import Testing

@testable import StateProofModel
@testable import StateProofRender
import StateProofTestSupport

/// The templates see the report encoded straight into template data: exactly the tree that
/// `report.json`'s text decodes to (Foundation's decoder as the independent reference here), so
/// template overrides written against `report.json` keep working.
@Suite struct TemplateValueEncoderTests {
  private func throughJSON(_ value: some Encodable) throws -> TemplateValue {
    try JSONDecoder().decode(TemplateValue.self, from: SortedJSONEncoder.encode(value))
  }

  @Test(arguments: [0, 7, 60])
  func matchesReportJSONReadBack(rows: Int) throws {
    var report = SyntheticReport.make(rows: rows) { "\(SortedJSONEncoderTests.hostile) \($0)" }
    report.builtAt = nil
    let encoded = try TemplateValueEncoder.encode(report)
    #expect(encoded == (try throughJSON(report)))
    guard case .object(let members) = encoded else {
      Issue.record("not an object")
      return
    }
    #expect(members["builtAt"] == .null, "a nil optional the model writes is null, not missing")
  }

  @Test func numbersReadBackAsJSONWritesThem() throws {
    struct Sample: Encodable {
      var numbers: [Double] = [0, 1, -3, 11.2, 0.5, 1e20]
      var integers: [Int64] = [Int64.min, Int64.max]
      var unsigned: [UInt64] = [0, UInt64.max]
      var optional: Int? = nil
      var empty: [String: Int] = [:]
    }
    let encoded = try TemplateValueEncoder.encode(Sample())
    #expect(encoded == (try throughJSON(Sample())))
    guard case .object(let members) = encoded else {
      Issue.record("not an object")
      return
    }
    #expect(members["numbers"] == [0, 1, -3, 11.2, 0.5, .double(1e20)])
    #expect(members["optional"] == nil, "synthesized coding leaves a nil optional out, as JSON does")
    #expect(throws: EncodingError.self) { try TemplateValueEncoder.encode([Double.nan]) }
  }

  /// Containers handed out before they are filled land where they were asked for.
  @Test func nestedContainersFilledLateLandInPlace() throws {
    typealias Nested = SortedJSONEncoderTests.Nested
    let encoded = try TemplateValueEncoder.encode(Nested())
    #expect(encoded == ["z": [["m": [1, 2], "a": true], 2], "m": "first", "a": ["z": "x/y"]])
    #expect(encoded == (try throughJSON(Nested())))
  }

  /// A view keeps every member of its model and puts its own in place of those of the same name.
  @Test func viewKeepsModelMembersAndReplacesItsOwn() throws {
    let report = SyntheticReport.make(rows: 3)
    let model = try TemplateValueEncoder.encode(report)
    let page = try TemplateValueEncoder.encode(ReportView.page(report).view)
    guard case .object(let modelMembers) = model, case .object(let pageMembers) = page else {
      Issue.record("a report encodes as an object")
      return
    }
    let viewKeys = Set(PageView.ViewKeys.allCases.map(\.stringValue))
    #expect(Set(pageMembers.keys) == Set(modelMembers.keys).union(viewKeys))
    for (key, member) in modelMembers where !viewKeys.contains(key) { #expect(pageMembers[key] == member, "\(key)") }
    #expect(pageMembers["windowText"] != nil && pageMembers["summary"] != modelMembers["summary"])
  }
}
