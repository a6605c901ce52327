import StateProofJSON
import StateProofModel
import StateProofSystem
import StateProofEvidence

/// Reads the JSON that `xcrun xcresulttool get test-results` prints (Xcode 16 and later), in
/// bounded memory whatever its size, through the ``StateProofJSON/JSONPullParser`` (never a
/// document in memory):
///
/// - `tests`: every test case's executions, delivered one case at a time (see ``XCResultTree``),
///   device and OS from `Device` nodes or the file's only device, and the totals the file's test
///   cases add up to;
/// - `summary`: its totals and devices, to check the `tests` of the same run and name devices;
/// - `activities`: the attachments each run of a test took, with the run's device, configuration
///   and arguments.
///
/// `test-details` and `get object --legacy` output are recognised and said to be unsupported.
/// xcresulttool writes keys in no fixed order, so a `tests` file is read twice: once for the
/// devices and the tree's skeleton (``XCResultSurvey``), once for the executions. Durations are
/// taken from `durationInSeconds`, never from `duration`, which is localised (`0,0021s`).
/// Broken JSON is a problem with its line and column; test cases read before it still count.
package enum XCResultReader {
  /// Reads the file `source` gives (asked once per pass; nil when it cannot be read again).
  package static func read(
    _ file: DiscoveredFile, source: () -> (any ByteSource)?, defaultDevice: String? = nil,
    onExecution: @escaping (TestExecution) -> Void
  ) -> XCResultFileSummary {
    var summary = XCResultFileSummary()
    guard let first = source() else { return summary }
    var survey = XCResultSurvey(location: file.location())
    var parser = JSONPullParser(first)
    var surveyed = true
    do throws(JSONError) {
      try survey.read(&parser)
    } catch {
      surveyed = false
      summary.isComplete = false
      summary.problems.append(problem(error, in: file))
    }
    summary.command = XCResultCommand.recognise(keys: survey.keys)
    if let repeated = survey.repeated, summary.command != nil {
      summary.problems.append(
        ReadProblem(
          location: file.location(line: repeated.line),
          message:
            "\"\(repeated.key)\" is given twice in one object; JSON readers disagree on which counts, so neither is read"
        ))
    }
    switch summary.command {
    case .tests?:
      summary.nodeTypes = survey.nodeTypes
      summary.devices = Array(Set(survey.devices.compactMap(\.display))).sorted()
      var tree = XCResultTree(file: file, survey: survey, fallbackDevice: defaultDevice, deliver: onExecution)
      // A key given twice: neither value is taken, so no test of the file is.
      if survey.repeated == nil, let second = source() {
        var parser = JSONPullParser(second)
        do throws(JSONError) {
          try tree.read(&parser)
        } catch {
          // A break the survey met is reported once; one it did not means the file changed.
          if surveyed {
            summary.isComplete = false
            summary.problems.append(
              ReadProblem(
                location: file.location(line: error.position.line, column: error.position.column),
                message: "the file changed while it was read: \(error.reason.message)"))
          }
        }
      }
      summary.totals = tree.totals
      summary.outcomes = tree.outcomes
      summary.strayRuns = tree.strayRuns
    case .summary?:
      let devices = Array(Set(survey.summaryDevices.compactMap(\.display))).sorted()
      summary.devices = devices
      if let total = survey.summaryCounts["totalTestCount"] {
        summary.totals = ResultTotals(
          location: file.location(), source: .summary, total: total,
          passed: survey.summaryCounts["passedTests"] ?? 0, failed: survey.summaryCounts["failedTests"] ?? 0,
          skipped: survey.summaryCounts["skippedTests"] ?? 0,
          expectedFailures: survey.summaryCounts["expectedFailures"] ?? 0, devices: devices)
      }
      summary.time = EvidenceSpan(survey.summaryTimes)
    case .activities?:
      summary.devices = survey.runDevices.sorted()
      summary.attachments = survey.attachments.map { attachment in
        var attachment = attachment
        attachment.testIdentifier = survey.testIdentifier
        return attachment
      }
      summary.time = EvidenceSpan(summary.attachments.compactMap(\.time))
    case .testDetails?, .legacyObject?, nil:
      break
    }
    return summary
  }

  private static func problem(_ error: JSONError, in file: DiscoveredFile) -> ReadProblem {
    ReadProblem(
      location: file.location(line: error.position.line, column: error.position.column),
      message: "not valid JSON: \(error.reason.message)")
  }
}
