import StateProofEvidence
import StateProofKnowledge
import StateProofMatch
import StateProofModel
import StateProofSystem

/// What `stateproof seed-plan` prints, before it is printed: for each row the sign-off covers, on
/// each platform asked for, the seed and its read-back; the rows no shell command reaches (their
/// dialog step); the rows left out, each with why (a permission the app does not declare, which
/// `pm` refuses; a row the declarations make unreachable).
struct SeedPlan: Sendable {
  /// Each platform's app id, release devices and the versionName the installed build must have.
  var apps: [Platform: App] = [:]
  /// The rows, in matrix order.
  var rows: [SeedPlanRow] = []
  /// Rows left out of the plan, and why.
  var leftOut: [(id: RowID, why: String)] = []
  /// Where the configuration came from, for the script's header.
  var configuration: String

  struct App: Sendable {
    var appId: String?
    var releaseDevices: [String]
    /// The configuration's versionName: the seed step refuses another installed build.
    var versionName: String?
  }

  /// The plan for `configuration`'s rows on `platform` (nil: both), only `only` when given (row
  /// ids, `android/camera/blocked`), following what `declared` says the app declares.
  static func make(
    _ configuration: Configuration, matrix: Matrix, declared: DeclaredApp, platform: Platform?, only: [RowID],
    source: String
  ) -> SeedPlan {
    var plan = SeedPlan(configuration: source)
    let platforms = platform.map { [$0] } ?? Platform.allCases
    for platform in platforms where matrix.rows.contains(where: { $0.id.platform == platform }) {
      let settings = configuration.platforms[platform]
      plan.apps[platform] = App(
        appId: settings?.appId, releaseDevices: settings?.releaseDevices ?? [],
        versionName: platform == .android ? settings?.build?.versionName : nil)
    }
    let adjusted = declared.adjust(matrix)
    for row in adjusted.rows where plan.apps[row.id.platform] != nil {
      guard only.isEmpty || only.contains(row.id) else { continue }
      guard row.reachable else {
        // A row unreachable on every version needs no seed; one the declarations rule out is said.
        if let why = row.declaration { plan.leftOut.append((row.id, why)) }
        continue
      }
      // pm refuses to grant or revoke what the app does not declare (simctl does not refuse).
      if row.id.platform == .android, declared.declares(permission: row.id.permission, on: .android) == false {
        let name = row.platformPermission ?? row.id.permission
        plan.leftOut.append(
          (
            row.id,
            "the app does not declare \(name), and pm refuses to grant or revoke a permission the app does not declare"
          ))
        continue
      }
      guard let state = adjusted.states[row.id] else { continue }
      plan.rows.append(planned(row, state: state, matrix: adjusted, declared: declared, configuration: configuration))
    }
    return plan
  }

  /// The row's seeds within its OS range, and its read-back.
  private static func planned(
    _ row: MatrixRow, state: StateDefinition, matrix: Matrix, declared: DeclaredApp, configuration: Configuration
  ) -> SeedPlanRow {
    let range = matrix.ranges[row.id]
    var variants = state.seedVariants.filter { variant in
      guard let os = variant.os, let range else { return true }
      return os.overlaps(range)
    }
    if variants.isEmpty {
      variants = [(nil, .manual(nil, prose: "StateProof knows no seed for a row of the configuration's own."))]
    }
    var planned = SeedPlanRow(
      id: row.id, whatHappened: row.whatHappened, range: range, variants: variants, checkPermission: nil)
    let builtIn = PlatformKnowledge.permission(row.id.permission)
    switch row.id.platform {
    case .android:
      let reading = matrix.readings[row.id.permission]
      planned.sensor = reading?.sensor
      // A built-in id reads every line its state needs; a permission of the configuration's own
      // (or a built-in one given another Android name) is read by its Android name.
      let ownName = builtIn?.android?.primary != reading?.primary
      planned.checkPermission = ownName ? row.platformPermission : row.id.permission
      // pm refuses a line the app does not declare: the commands naming one are left out.
      for index in planned.variants.indices {
        var step = planned.variants[index].step
        step.commands = step.commands.filter { command in
          guard
            let name = command.split(separator: " ").map(String.init).first(where: {
              reading?.names.contains($0) ?? false
            }),
            declared.requests(name, on: .android) == false
          else { return true }
          if !planned.undeclared.contains(name) { planned.undeclared.append(name) }
          return false
        }
        planned.variants[index].step = step
      }
    case .ios:
      // A built-in permission given another iOS name is one of the configuration's own here.
      let renamed = configuration.permissions.first { $0.id == row.id.permission }?.ios
      if let store = builtIn?.ios?.store, renamed == nil || renamed == builtIn?.ios?.resource {
        if state.simulator != nil {
          planned.checkPermission = row.id.permission
        } else {
          planned.readBackNote =
            "the Simulator's \(store.file) cannot tell \(row.id.state) apart, so seed-check --ios does not read it back"
        }
      } else {
        planned.readBackNote = "StateProof knows no Simulator store for \(row.platformPermission ?? row.id.permission)"
      }
    }
    return planned
  }
}
