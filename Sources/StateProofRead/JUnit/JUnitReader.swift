import Foundation
import StateProofModel
import StateProofEvidence

/// Reads JUnit XML in every dialect through one streaming pass: `testsuites` or `testsuite`
/// roots, suites nested to any depth, `device` and `repetition` properties, and `failure`,
/// `error`, `skipped`, `flaky*` and `rerun*` results.
///
/// Executions are handed to the caller one by one and never accumulated, so a file of millions of
/// test cases reads in flat memory; `system-out` is never read, and a suite's own `system-err` only
/// watched for the marks of a run that stopped early (``RunStopMarkers``), which the summary lists
/// as ``StateProofModel/IncompleteRun`` values. Messages are kept whole up to
/// ``JUnitText/messageLimit``. libxml2's SAX2 parser builds no tree; its limit of 10 MB per text
/// node (without `XML_PARSE_HUGE`) still applies, so a file with a bigger `system-out` breaks there
/// like any malformed file. Retries are delivered as they are written, one execution per
/// `testcase`; fold them with ``RetryFolding``.
package enum JUnitReader {
  /// Streams the executions in `file` to `onExecution`.
  ///
  /// Each execution's device is the `device` property of the innermost suite naming one (or of
  /// the test case itself; Maestro's suite `device` attribute and a Flank suite named for its Test
  /// Lab device count as one), else the device AGP or a farm wrote into the path
  /// (``DevicePath``; Spoon's `junit-reports/<serial>.xml` when the file is in ddmlib's shape), else
  /// `defaultDevice`. Cases are held back while an enclosing suite may still name its device
  /// after them (fastlane trainer writes `properties` after the child suites), up to
  /// ``JUnitStream/maxWaitingCases``; so delivery follows document order except that held cases
  /// come out when their device is known. Nothing throws: problems are in the summary.
  /// - Parameters:
  ///   - file: A discovered `.junit` file.
  ///   - defaultDevice: The device for cases neither the file nor its path names one for.
  ///   - observingBytes: Called with every chunk of the file in order, the whole file even when
  ///     it breaks off or is no test report, so a caller can hash it in the same pass.
  ///   - mayKeep: A check of a case's classname or name bytes, asked before any string is made
  ///     for the case: a case it rejects both of is counted in the summary but not delivered.
  ///     Nil delivers every case.
  ///   - onExecution: Called once per `testcase` read completely (and kept), before any break in
  ///     the file.
  /// - Returns: The dialect, counts, stopped runs, devices, problems, and whether the file is a
  ///   test report and complete.
  package static func read(
    _ file: DiscoveredFile, defaultDevice: String? = nil,
    observingBytes: ((UnsafeRawBufferPointer) -> Void)? = nil,
    mayKeep: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil,
    onExecution: @escaping (TestExecution) -> Void
  ) -> JUnitFileSummary {
    var stream = JUnitStream(
      file: file, pathDevice: DevicePath.device(in: file.record.path), defaultDevice: defaultDevice,
      deliver: onExecution)
    var isTestReport = true
    let check = mayKeep ?? { _ in true }
    let failure = XMLPushParser(url: file.url).parse(observingBytes: observingBytes) { event, parser in
      switch event {
      case .startElement:
        isTestReport = stream.start(parser, mayKeep: check)
        return isTestReport
      case .endElement: stream.end(parser)
      case .characters: stream.characters(parser)
      case .comment: stream.comment(parser)
      }
      return true
    }
    guard isTestReport else {
      var summary = JUnitFileSummary()
      summary.isTestReport = false
      summary.notTestReport = stream.notTestReport
      return summary
    }
    stream.finish(brokenBy: failure)
    var summary = stream.summary
    if let identity = DevicePath.identity(in: file.record.path) {
      if !summary.devices.contains(identity.spelling) {
        summary.devices = (summary.devices + [identity.spelling]).sorted()
      }
      if !summary.deviceIdentities.contains(where: { $0.spelling == identity.spelling }) {
        summary.deviceIdentities = (summary.deviceIdentities + [identity]).sorted { $0.spelling < $1.spelling }
      }
    }
    return summary
  }
}
