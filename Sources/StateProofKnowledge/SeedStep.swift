/// How to put a device in one state, as data: the shell steps that do it, what to do on the device
/// where no command reaches it (the system dialog's buttons, by the resource ids UI test tools
/// tap), and what else a tester needs to know. `stateproof seed-plan` runs the commands and
/// prints the dialog step where there are none; the report and the docs say all three.
package struct SeedStep: Sendable, Hashable {
  /// The shell steps, in order, one command each, its words separated by single spaces. `PKG`
  /// (an Android package), `BUNDLE` (an iOS bundle id) and `DEVICE` (a Simulator's UDID, or
  /// `booted`) stand for values the caller knows. Empty when no shell command reaches the state.
  package var commands: [String]
  /// What to do on the device or in the UI test instead of (or, where the commands need it,
  /// after) the commands: which button of the system dialog to tap, with the resource ids
  /// Barista and Patrol tap, or "leave the app a minute"; nil when the commands are all.
  package var dialog: String?
  /// Caveats and alternatives: why no command reaches it, what the commands cannot do, another
  /// way (a UI test's `resetAuthorizationStatus(for:)`); nil when there is nothing to add.
  package var prose: String?

  package init(_ commands: [String] = [], dialog: String? = nil, prose: String? = nil) {
    self.commands = commands
    self.dialog = dialog
    self.prose = prose
  }

  /// A state no shell command reaches: what to do in the dialog, and why no command does.
  package static func manual(_ dialog: String?, prose: String? = nil) -> SeedStep {
    SeedStep([], dialog: dialog, prose: prose)
  }

  /// Whether the commands alone reach the state: there are some, and no dialog step to do
  /// after them (background location on Android 10 and 11 grants by command, then needs the
  /// dialog).
  package var isShell: Bool { !commands.isEmpty && dialog == nil }

  /// All of it as one sentence, for a finding or a comment: the commands joined with `&&`, then
  /// the dialog step, then the prose.
  package var text: String {
    let parts = [commands.isEmpty ? nil : commands.joined(separator: " && "), dialog, prose].compactMap(\.self)
    return parts.isEmpty ? "none" : parts.joined(separator: "; ")
  }

  /// The same step with `prose` after any it has.
  package func adding(prose more: String) -> SeedStep {
    var step = self
    step.prose = [prose, more].compactMap(\.self).joined(separator: " ")
    return step
  }
}
