import StateProofModel
import StateProofEvidence

/// The background article's troubleshooting, made automatic: why a receipt failed, said only
/// where the evidence shows it.
///
/// - Android: the dialog never appears when the permission was left blocked (USER_FIXED), granted
///   (a grant is not asked again), granted "Only this time" (ONE_TIME, while it lasts) or fixed by
///   a policy. The last read-back of the app on the failing run's device, certainly before it
///   started (both times known, zones allowing), shows which.
/// - iOS: a receipt that failed waiting for the system alert ran on a simulator that had already
///   answered; the reset must run before `launch()`.
extension ReceiptDecision {
  /// What explains `failure` of `platform`'s receipt, and the files that show it; nil when the
  /// evidence does not show a cause.
  func cause(of failure: TestExecution, platform: Platform) -> (text: String, files: [String])? {
    switch platform {
    case .android: return dialogLeftOut(failure)
    case .ios:
      guard Self.waitsForAlert(failure.message) else { return nil }
      return (
        "It failed waiting for the system alert: check that resetAuthorizationStatus(for:) runs before launch(). Without the reset the alert shows only on a fresh simulator; one that already answered keeps the answer and shows none.",
        []
      )
    }
  }

  /// States whose line keeps the system dialog from appearing, and why, in words.
  private static let noDialog: [String: String] = [
    "blocked":
      "blocked (USER_FIXED), as an earlier denial left it: a request shows no dialog and reports a denial at once",
    "policy-denied": "fixed by a device policy (POLICY_FIXED): no dialog appears",
    "policy-granted": "fixed by a device policy (POLICY_FIXED): no dialog appears",
    "granted": "granted: a granted permission is not asked again",
    "precise": "granted: a granted permission is not asked again",
    "background": "granted: a granted permission is not asked again",
    "sensor-off": "granted: a granted permission is not asked again",
  ]

  private func dialogLeftOut(_ failure: TestExecution) -> (text: String, files: [String])? {
    guard let started = failure.startedAt else { return nil }
    let permissions = receiptPermissions(failure)
    var causes: [(reading: SeedReading, why: String)] = []
    for permission in permissions {
      // The last read-back of the permission on the run's device that was surely before it.
      let before = readings.filter { reading in
        reading.permission == permission && (reading.user ?? 0) == 0
          && reading.time.map { $0.latest <= started.earliest } == true
          && catalog.sameDevice(reading.device, at: reading.location, as: failure.device, at: failure.location)
      }
      guard let last = before.max(by: { ($0.time?.seconds ?? 0) < ($1.time?.seconds ?? 0) }) else { continue }
      if !last.oneTime.isEmpty {
        causes.append(
          (
            last,
            "granted “Only this time” (ONE_TIME on \(last.oneTime.joined(separator: " and "))): while the grant lasts no dialog appears"
          ))
      } else if let state = last.state, let why = Self.noDialog[state] {
        causes.append((last, why))
      }
    }
    guard !causes.isEmpty else { return nil }
    let device = failure.device.map { " on \($0)" } ?? ""
    let shown = causes.map { cause in
      let place = "\(cause.reading.location.path)\(cause.reading.location.line.map { ":\($0)" } ?? "")"
      let named = policy.matrix.readings[cause.reading.permission]?.primary ?? cause.reading.permission
      return "\(place) shows \(named) \(cause.why)"
    }
    let text =
      "The system dialog could not appear: the last read-back\(device) before it, \(shown.joined(separator: "; and ")). Seed not-asked before the receipt runs, rather than inheriting what an earlier test or run left."
    return (text, causes.map(\.reading.location.path))
  }

  /// The Android permissions the receipt may be about: those its test's name names (`Camera…`),
  /// else every Android permission of the matrix.
  private func receiptPermissions(_ test: TestExecution) -> [String] {
    let all = Array(Set(policy.matrix.rows.filter { $0.id.platform == .android }.map(\.id.permission))).sorted()
    let words = (test.classname + " " + test.name).lowercased()
    let named = all.filter { words.contains($0.lowercased()) }
    return named.isEmpty ? all : named
  }

  /// Whether a failure message says the test waited for a system alert that never came: it names
  /// an alert (or SpringBoard, which hosts them) and a wait that found nothing.
  static func waitsForAlert(_ message: String?) -> Bool {
    guard let message = message?.lowercased() else { return false }
    let alert = message.contains("alert") || message.contains("springboard")
    let waited = [
      "no matches found", "not found", "did not appear", "didn't appear", "never appeared", "does not exist",
      "doesn't exist", "timed out", "timeout", "waitforexistence", "wait for", "failed to find", "exists",
    ].contains { message.contains($0) }
    return alert && waited
  }
}
