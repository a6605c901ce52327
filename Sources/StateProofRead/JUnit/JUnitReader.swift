import Foundation
import StateProofModel

/// Reads JUnit XML in every dialect through one streaming pass: `testsuites` or `testsuite`
/// roots, suites nested to any depth, `device` and `repetition` properties, and `failure`,
/// `error`, `skipped`, `flaky*` and `rerun*` results.
///
/// Executions are handed to the caller one by one and never accumulated, so a file of millions of
/// test cases reads in flat memory; `system-out` and `system-err` text is never kept. libxml2's
/// reader does hold one text node at a time, and without `XML_PARSE_HUGE` it refuses one over
/// 10 MB (a huge `system-out`): the file then breaks there like any malformed file. Retries are
/// delivered as they are written, one execution per `testcase`; fold them with
/// ``RetryFolding/fold(_:)``.
package enum JUnitReader {
  /// Streams the executions in `file` to `onExecution`.
  ///
  /// Each execution's device is the `device` property of the innermost suite naming one (or of
  /// the test case itself), else the device AGP wrote into the path (``AndroidDevicePath``), else
  /// `defaultDevice`. Cases are held back while an enclosing suite may still name its device
  /// after them (fastlane trainer writes `properties` after the child suites), up to
  /// ``JUnitStream/maxWaitingCases``; so delivery follows document order except that held cases
  /// come out when their device is known. Nothing throws: problems are in the summary.
  /// - Parameters:
  ///   - file: A discovered `.junit` file.
  ///   - defaultDevice: The device for cases neither the file nor its path names one for.
  ///   - onExecution: Called once per `testcase` read completely, before any break in the file.
  /// - Returns: The dialect, counts, problems, and whether the file is a test report and complete.
  package static func read(
    _ file: DiscoveredFile, defaultDevice: String? = nil,
    onExecution: @escaping (TestExecution) -> Void
  ) -> JUnitFileSummary {
    let fallback = AndroidDevicePath.device(in: file.record.path) ?? defaultDevice
    var stream = JUnitStream(file: file, fallbackDevice: fallback, deliver: onExecution)
    let reader: XMLStreamReader
    do {
      reader = try XMLStreamReader(url: file.url)
    } catch {
      stream.finish(brokenBy: error)
      return stream.summary
    }
    do {
      while try reader.advance() {
        switch reader.kind {
        case .startElement:
          guard stream.start(reader) else {
            var summary = JUnitFileSummary()
            summary.isTestReport = false
            return summary
          }
        case .endElement: stream.end(reader)
        case .text: stream.text(reader)
        case .comment: stream.comment(reader)
        case .other: break
        }
      }
      stream.finish(brokenBy: nil)
    } catch {
      stream.finish(brokenBy: error)
    }
    return stream.summary
  }
}
