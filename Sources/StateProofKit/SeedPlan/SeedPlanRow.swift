import StateProofKnowledge
import StateProofModel

/// One row of a seed plan: how to put a device into the row's state on each OS version, and how
/// to read it back (`seed-check`'s permission and state), or why it is not read back.
struct SeedPlanRow: Sendable {
  var id: RowID
  /// What the user did, as the report says it: the row's comment in the script.
  var whatHappened: String
  /// The OS versions the row exists on; nil on every version.
  var range: VersionRange?
  /// Each version's seed, in version order; one with no OS range covers the versions the others
  /// leave.
  var variants: [(os: VersionRange?, step: SeedStep)]
  /// `seed-check --permission`: a built-in id, or the Android name of a permission of the
  /// configuration's own; nil when nothing is read back (`readBackNote` says why).
  var checkPermission: String?
  /// Why the row's seed is not read back (an iOS state the Simulator's store cannot tell).
  var readBackNote: String?
  /// The privacy switch every state but `sensor-off` turns back on first (camera, microphone).
  var sensor: SensorToggle?
  /// Commands left out because they name an Android permission the app does not declare (pm
  /// refuses it), each with its name.
  var undeclared: [String] = []

  /// Whether a shell command reaches the state on some version.
  var isShell: Bool { variants.contains { $0.step.isShell } }
}
