import StateProofModel
import StateProofEvidence

/// Decides each platform's receipt, the one test that taps the real system prompt: its status, and
/// the findings that say why in the words of what decided it (why a failure happened, where the
/// evidence shows it: ReceiptDecision+Cause.swift).
struct ReceiptDecision {
  /// The selectors, release devices, flaky rule and acceptances it decides by.
  let policy: MatchPolicy
  let facts: TestFacts
  let catalog: DeviceCatalog
  let gate: ReleaseGate
  /// The app's read-backs, which can show why a receipt failed.
  let readings: [SeedReading]

  /// The receipt's status: failed when any run of it failed, whatever the device (a failure is
  /// never hidden by a pass elsewhere), with its cause where the evidence shows one (`readings`,
  /// the app's read-backs: see ``cause(of:platform:)``); else passed when it
  /// passed on a release device; else off-release-device when it passed elsewhere or on a device
  /// it does not name (`device-unknown`); else missing. A pass that needed a retry is
  /// `receipt-flaky`.
  func decide(_ platform: Platform) -> (report: ReceiptReport, findings: [Finding]) {
    let selectorIndex = policy.relevance.receiptSelectors[platform]!
    let selector = policy.relevance.index.selectors[selectorIndex]
    let releaseDevices = policy.releaseDevices[platform]
    // Runs of another build, or from before the evidence window, prove nothing for this release.
    var refused: [RefusedEvidence] = []
    let executions = facts.tests(matching: selectorIndex).filter { facts.platform(of: $0) != platform.other }
      .map { facts.tests[$0] }.filter { test in
        guard let refusal = gate.refusal(build: test.build, time: test.startedAt, platform: platform) else {
          return true
        }
        refused.append(RefusedEvidence(path: test.location.path, refusal: refusal))
        return refusal.stillCounts
      }
    let evidence = executions.map { MatchedEvidence($0, rule: .receiptSelector) }
    let passed = executions.filter { policy.counts(asPass: $0) }
    let onRelease = passed.filter { test in
      releaseDevices.isEmpty
        || catalog.isOnReleaseDevice(device: test.device, at: test.location, among: releaseDevices)
    }
    let failed = executions.filter { !policy.counts(asPass: $0) && $0.outcome != .skipped }
    let name = "The \(platform.displayName) receipt (\(selector.text))"
    var findings: [Finding] = []
    let status: ReceiptStatus
    if let failure = failed.first {
      status = .failed
      let passes = onRelease.isEmpty ? "" : " It passed on \(Self.devices(onRelease)), but a failure anywhere counts."
      let cause = cause(of: failure, platform: platform)
      findings.append(
        Finding(
          code: .receiptFailed, severity: .error, platform: platform, device: failure.device,
          message:
            "\(name) \(failure.outcome == .flaky ? "only passed on retry" : "failed")\(failure.device.map { " on \($0)" } ?? ""): \(MessageLines.headline(failure.message)).\(passes)"
            + (cause.map { " " + $0.text } ?? ""),
          files: failed.map(\.location.path) + (cause?.files ?? [])))
    } else if !onRelease.isEmpty {
      status = .passed
    } else if !passed.isEmpty {
      status = .offReleaseDevice
      // A pass that names no device proves no release device: it says how it could have.
      let named = passed.filter { catalog.names(device: $0.device, at: $0.location) }
      if let off = named.first {
        findings.append(
          Finding(
            code: .receiptOffReleaseDevice, severity: .error, platform: platform, device: off.device,
            message:
              "\(name) passed on \(Self.devices(named)), which is not a release device (\(releaseDevices.joined(separator: ", "))).",
            files: named.map(\.location.path)))
      }
      let unnamed = passed.filter { !catalog.names(device: $0.device, at: $0.location) }
      if !unnamed.isEmpty {
        findings.append(
          RowDecision.deviceUnknown(
            unnamed.map { MatchedEvidence($0, rule: .receiptSelector) }, row: nil, platform: platform,
            releaseDevices: releaseDevices, error: true))
      }
    } else {
      status = .missing
      findings.append(
        Finding(
          code: .missingReceipt, severity: .error, platform: platform,
          message:
            "No passing \(platform.displayName) receipt: no test matching \(selector.text) ran\(refused.contains { !$0.refusal.stillCounts } ? " on the build under test within the evidence window" : ""). It is the one test that taps the real system prompt."
            + TestFacts.closest(facts.hints(for: selectorIndex))))
    }
    // A pass that needed a retry counts ("flaky": "pass"), but says so on the receipt card.
    let retried = passed.filter { $0.outcome == .flaky }
    if status != .failed, let first = retried.first {
      findings.append(
        Finding(
          code: .receiptFlaky, severity: .warning, platform: platform, device: first.device,
          message:
            "\(name) only passed on retry\(first.device.map { " on \($0)" } ?? ""): its first run failed (\(MessageLines.headline(first.message))). It counts as passed (\"flaky\": \"pass\"), but the real prompt did not connect at the first try.",
          files: retried.map(\.location.path)))
    }
    let refusals = gate.findings(refused, subject: "the \(platform.displayName) receipt", platform: platform)
    findings += refusals.map {
      Finding(code: $0.code, severity: $0.severity, platform: platform, message: $0.message, files: $0.files)
    }
    let distinct = Set(executions.map(TestSelector.identity(of:)))
    if distinct.count > 1 {
      findings.append(
        Finding(
          code: .duplicateReceipt, severity: .warning, platform: platform,
          message:
            "\(distinct.count) different tests match the \(platform.displayName) receipt selector \(selector.text); keep exactly one, so the suite depends on the system prompt's wording in one place.",
          files: executions.map(\.location.path)))
    }
    return (
      ReceiptReport(selector: selector.text, status: status, evidence: evidence),
      findings.map(policy.accepting)
    )
  }

  /// "Pixel 8 - 14, Galaxy S24 - 14": the devices tests ran on, each once, in order.
  static func devices(_ tests: [TestExecution]) -> String {
    var seen: Set<String> = []
    return tests.map { $0.device ?? "an unknown device" }.filter { seen.insert($0).inserted }
      .joined(separator: ", ")
  }
}
