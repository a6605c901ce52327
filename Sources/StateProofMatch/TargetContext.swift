import StateProofKnowledge
import StateProofModel
import StateProofEvidence

/// The API level the Android app targets, which decides rows as the OS version does (auto-reset
/// needs 30, Bluetooth's runtime rows 31): the configuration's `platforms.android.targetSdk`,
/// else the one `targetSdk=` the app's own read-backs give. Read-backs that disagree with it, or
/// with each other, are a `target-sdk-conflict`: a wrong target would drop rows unseen.
struct TargetContext {
  /// The app's target; nil when neither the configuration nor the evidence says, or the
  /// evidence disagrees with itself.
  let target: Int?
  /// Where `target` comes from, for people.
  let source: String
  let findings: [Finding]

  /// `declarations`: the app's own Android files the sign-off decides on (a manifest's or APK's
  /// `targetSdkVersion` is the target as much as a read-back's `targetSdk=`).
  init(configured: Int?, seeds: [SeedRecord], declarations: [AppDeclarations] = []) {
    // Each target the read-backs and the app's files give, with the files giving it, in the
    // order first seen.
    var order: [Int] = []
    var files: [Int: [String]] = [:]
    let given =
      seeds.compactMap { seed in seed.targetSdk.map { ($0, seed.location.path) } }
      + declarations.compactMap { file in file.targetSdk.map { ($0, file.location.path) } }
    for (target, path) in given {
      if files[target] == nil { order.append(target) }
      if files[target]?.contains(path) != true { files[target, default: []].append(path) }
    }
    func named(_ target: Int) -> String {
      let paths = files[target] ?? []
      return
        "targetSdk=\(target) (\(paths.prefix(3).joined(separator: ", "))\(paths.count > 3 ? ", and \(paths.count - 3) more" : ""))"
    }
    if let configured {
      target = configured
      source = "platforms.android.targetSdk in the configuration"
      let others = order.filter { $0 != configured }
      findings =
        others.isEmpty
        ? []
        : [
          Finding(
            code: .targetSdkConflict, severity: .error, platform: .android,
            message:
              "The configuration says the app targets API \(configured), but read-backs of its dumpsys package block say \(others.map(named).joined(separator: "; ")): they are of another build, or the configuration is wrong. Rows are decided for API \(configured).",
            files: others.flatMap { files[$0] ?? [] })
        ]
    } else if order.count == 1, let only = order.first {
      target = only
      source = "the app's dumpsys package block, \(named(only))"
      findings = []
    } else {
      target = nil
      source = ""
      findings =
        order.count > 1
        ? [
          Finding(
            code: .targetSdkConflict, severity: .error, platform: .android,
            message:
              "Read-backs of the app's dumpsys package block disagree on its target SDK: \(order.map(named).joined(separator: "; ")). No row is decided by the target SDK; set platforms.android.targetSdk to the build under test's.",
            files: order.flatMap { files[$0] ?? [] })
        ] : []
    }
  }

  /// Whether the app's target makes `id` unreachable: its target is known and outside the row's.
  func excludes(_ id: RowID, in matrix: Matrix) -> Bool {
    guard id.platform == .android, let target, let range = matrix.targets[id] else { return false }
    return !range.contains(.android(api: target))
  }

  /// `row`, unreachable when the app's target is outside the row's target SDKs, with why.
  func resolve(_ row: MatrixRow, in matrix: Matrix) -> MatrixRow {
    guard row.reachable, excludes(row.id, in: matrix), let range = matrix.targets[row.id], let target else {
      return row
    }
    var row = row
    let why = matrix.states[row.id]?.targetReason ?? "The row applies to apps with \(range.targetDescription)."
    row.reachable = false
    row.requires = []
    row.reason = "\(why) The app targets API \(target) (\(source))."
    return row
  }
}
