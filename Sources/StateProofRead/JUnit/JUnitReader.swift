import Foundation
import StateProofModel

/// Reads JUnit XML in every dialect through one streaming pass: `testsuites` or `testsuite`
/// roots, nested suites, `device` properties, and failure, error, skipped and flaky children.
package enum JUnitReader {
  package struct Result: Sendable {
    package var tests: [TestExecution] = []
    package var problems: [ReadProblem] = []
    /// False when the root element is not a test report (e.g. a stray manifest).
    package var isTestReport = true
  }

  private struct Suite {
    var device: String?
    var cases: [TestExecution] = []
  }

  private struct OpenCase {
    var execution: TestExecution
    var results: [String] = []
    var message: String?
  }

  package static func read(_ file: DiscoveredFile) -> Result {
    var result = Result()
    let reader: XMLStreamReader
    do {
      reader = try XMLStreamReader(url: file.url)
    } catch {
      result.problems.append(ReadProblem(location: file.location(), message: "\(error)"))
      return result
    }
    var suites: [Suite] = []
    var openCase: OpenCase?
    var inProperties = false
    var seenRoot = false
    do {
      while let node = try reader.next() {
        switch node {
        case .startElement(let name, let attributes, let isEmpty):
          if !seenRoot {
            seenRoot = true
            guard name == "testsuites" || name == "testsuite" else {
              result.isTestReport = false
              return result
            }
          }
          switch name {
          case "testsuite":
            suites.append(Suite())
            if isEmpty { finishSuite(&suites, into: &result) }
          case "properties":
            inProperties = !isEmpty
          case "property" where inProperties && openCase == nil:
            if attributes["name"] == "device", let value = attributes["value"], !suites.isEmpty {
              suites[suites.count - 1].device = value
            }
          case "testcase":
            let execution = TestExecution(
              location: file.location(line: reader.line),
              classname: attributes["classname"] ?? "", name: attributes["name"] ?? "",
              outcome: .passed, time: seconds(attributes["time"]))
            openCase = OpenCase(execution: execution)
            if isEmpty { finishCase(&openCase, in: &suites) }
          case "failure", "error", "skipped", "flakyFailure", "flakyError", "rerunFailure",
            "rerunError":
            guard openCase != nil else { break }
            openCase?.results.append(name)
            if openCase?.message == nil, let message = attributes["message"], !message.isEmpty {
              openCase?.message = firstLine(message)
            }
          default:
            break
          }
        case .endElement(let name):
          switch name {
          case "testcase": finishCase(&openCase, in: &suites)
          case "testsuite": finishSuite(&suites, into: &result)
          case "properties": inProperties = false
          default: break
          }
        case .text:
          break
        }
      }
    } catch let failure as XMLStreamReader.Failure {
      while !suites.isEmpty { finishSuite(&suites, into: &result) }
      result.problems.append(
        ReadProblem(
          location: file.location(line: failure.line, column: failure.column),
          message: "malformed XML: \(failure.message)"))
    } catch {
      result.problems.append(ReadProblem(location: file.location(), message: "\(error)"))
    }
    return result
  }

  private static func finishCase(_ openCase: inout OpenCase?, in suites: inout [Suite]) {
    guard var current = openCase, !suites.isEmpty else { return }
    let results = current.results
    if results.contains("error") || results.contains("rerunError") && !results.contains("failure") {
      current.execution.outcome = .error
    } else if results.contains("failure") || results.contains("rerunFailure") {
      current.execution.outcome = .failed
    } else if results.contains("flakyFailure") || results.contains("flakyError") {
      current.execution.outcome = .flaky
    } else if results.contains("skipped") {
      current.execution.outcome = .skipped
    }
    current.execution.message = current.message
    suites[suites.count - 1].cases.append(current.execution)
    openCase = nil
  }

  /// Closes the innermost suite. Its device (which trainer writes after the child suites)
  /// applies to every case without one; the cases then belong to the enclosing suite.
  private static func finishSuite(_ suites: inout [Suite], into result: inout Result) {
    guard let suite = suites.popLast() else { return }
    let cases = suite.cases.map { execution in
      var execution = execution
      execution.device = execution.device ?? suite.device
      return execution
    }
    if suites.isEmpty {
      result.tests += cases
    } else {
      suites[suites.count - 1].cases += cases
    }
  }

  /// Seconds from `time`, accepting a decimal comma; nil for missing or garbage values.
  private static func seconds(_ text: String?) -> Double? {
    guard let text else { return nil }
    let normalised = text.contains(".") ? text.replacingOccurrences(of: ",", with: "")
      : text.replacingOccurrences(of: ",", with: ".")
    guard let value = Double(normalised), value.isFinite, value >= 0 else { return nil }
    return value
  }

  private static func firstLine(_ text: String) -> String {
    String(text.split(whereSeparator: \.isNewline).first ?? "").trimmingCharacters(in: .whitespaces)
  }
}
