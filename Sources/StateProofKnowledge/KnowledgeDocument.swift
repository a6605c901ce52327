import StateProofModel

/// `docs/platform-knowledge.md`, written from the data: every permission, how each platform's
/// state is read, every state with its OS versions, wording, proof, seeding and sources, and
/// the source register. `scripts/gen-platform-knowledge` writes it; CI fails when the committed
/// file differs.
package enum KnowledgeDocument {
  package static func markdown() -> String {
    var out: [String] = [
      "# Platform knowledge",
      "",
      "<!-- Generated from Sources/StateProofKnowledge by scripts/gen-platform-knowledge. Do not edit: CI fails when this file and the data differ. -->",
      "",
      "What StateProof knows of each built-in permission, state by state, and the document each fact comes from. Row ids are `platform/permission/state`; a configuration names a row by its state (`blocked`) or `platform/state`.",
      "",
      "- **OS**: the versions the state exists on. A release device outside them makes the row unreachable there, with the reason given; evidence from such a device proves nothing (`evidence-outside-os-range`).",
      "- **Target SDK**: the app targets (`targetSdkVersion`, API levels) that can reach the state on Android. The app's target comes from `platforms.android.targetSdk` in the configuration, else from the `targetSdk=` of the app's own block in a `dumpsys package` read-back (or a seed-check record); an app targeting outside makes the row unreachable, with the reason given, and a read-back showing the state anyway is a `target-sdk-conflict`.",
      "- **UNVERIFIED** parts of a proof say what evidence would settle them (*settle with*). Where the proof line's own shape is unverified (read off source code, never captured), a row proven by such a read-back is covered only with its test as well, and the report repeats what would settle it in an `unverified-proof` warning; where only another version's or target's shape is, the captured proof line proves the row like any other.",
      "- **What the user did**, **What the app reads** and **Screen** are the words the report uses. Where they differ by OS version the report uses the words of the release devices' versions (see *By version*).",
      "- **Proof**: what `dumpsys package` (and, for `sensor-off`, `dumpsys sensor_privacy`) shows on Android, the value the app reads on iOS.",
      "- **How to seed**: the shell commands, in order (`PKG` and `BUNDLE` stand for the app id, `DEVICE` for the Simulator's UDID or `booted`), and the **dialog** step where no command reaches the state: the system dialog's button, by the resource ids UI test tools tap [\(AndroidDialogButtons.sources.joined(separator: ", "))]. Where the way differs by OS version each version is given. `stateproof seed-plan` writes them into one script, each seed followed by its read-back (docs/seeding.md).",
      "- **Seeding on the Simulator**: `xcrun simctl privacy` changes can terminate the running app, so seed before launching it; check `xcrun simctl help privacy` on the release Xcode for its services [C:SIMCTL]. **Read back** is what the Simulator's own store then shows (`seed-check --ios`); a store row is what was written, not what the app reads, so such a read-back proves a row only together with its test.",
      "- **Checked**: \(FactBasis.allCases.map { "*\($0.label)*" }.joined(separator: ", ")). Sources are listed at the end.",
      "",
    ]
    out += stateTable(linked: true)
    out.append("")
    out.append(
      "Unreachable states are struck through. `policy-fixed` is still accepted in configurations as `policy-denied`, and `seed-check --want one-time-expired` as `one-time`."
    )
    out.append("")
    for permission in PlatformKnowledge.permissions { out += section(permission) }
    out += declarationsSection()
    out += releases()
    out += sourceRegister()
    return out.joined(separator: "\n") + "\n"
  }

  /// Every built-in permission's states per platform, unreachable ones struck through, as a
  /// Markdown table: `linked` names each permission by its title, linked to its section (this
  /// document); otherwise by its id (docs/configuration.md's copy, which a test keeps equal to the data).
  package static func stateTable(linked: Bool) -> [String] {
    ["| Permission | Android states | iOS states |", "|---|---|---|"]
      + PlatformKnowledge.permissions.map { permission in
        let name = linked ? "[\(permission.title)](#\(anchor(permission)))" : "`\(permission.id)`"
        return "| \(name) | \(stateList(permission, .android)) | \(stateList(permission, .ios)) |"
      }
  }

  private static func anchor(_ permission: PermissionDefinition) -> String {
    "\(permission.title.lowercased())-\(permission.id)"
  }

  private static func stateList(_ permission: PermissionDefinition, _ platform: Platform) -> String {
    permission.states(on: platform).map { state in
      let conditions =
        [
          state.os.map { $0.description.replacingOccurrences(of: "\(platform.displayName) ", with: "") },
          state.target.map { $0.targetDescription.replacingOccurrences(of: "target SDK", with: "target") },
        ].compactMap(\.self)
      let name = "`\(state.state)`" + (conditions.isEmpty ? "" : " (\(conditions.joined(separator: "; ")))")
      return state.reachable ? name : "~~\(name)~~"
    }.joined(separator: ", ")
  }

  private static func section(_ permission: PermissionDefinition) -> [String] {
    var out = ["## \(permission.title) (`\(permission.id)`)", ""]
    if let android = permission.android {
      let lines = android.lines.map { line in
        "`\(line.name)` (\(line.role)\(line.os.map { ", \($0)" } ?? ""))"
      }
      out.append(
        "**Android** reads \(android.kind == .single ? "one line" : "the read-back's lines together"): \(lines.joined(separator: "; "))."
      )
      if let sensor = android.sensor {
        out.append(
          "The \(sensor.name) switch is read from `dumpsys sensor_privacy` (`sensor=\(sensor.rawValue)`), captured beside `dumpsys package`."
        )
      }
      out.append("")
    }
    if let ios = permission.ios, let reads = ios.reads, let type = ios.type {
      let values = ios.values.map { "`\($0.name)` \($0.raw) (iOS \($0.since))" }.joined(separator: ", ")
      out.append("**iOS** reads `\(reads)` (`\(type)`): \(values).")
      if let store = ios.store { out.append(storeLine(store, permission)) }
      out.append("")
    }
    if let declared = PlatformKnowledge.declarations[permission.id] {
      let names = Platform.allCases.compactMap { platform -> String? in
        let names = declared.names(on: platform)
        return names.isEmpty ? nil : "\(platform.displayName) \(names.map { "`\($0)`" }.joined(separator: ", "))"
      }
      out.append("**Declared by** (any one): \(names.joined(separator: "; ")) \(cite(declared.sources)).")
      out.append("")
    }
    if !permission.facts.isEmpty {
      for fact in permission.facts {
        out.append("- \(fact.text) \(cite(fact.sources))\(fact.basis == .documented ? "" : " *\(fact.basis.label)*")")
      }
      out.append("")
    }
    for platform in Platform.allCases {
      let states = permission.states(on: platform)
      guard !states.isEmpty else { continue }
      out.append("### \(permission.title) on \(platform.displayName)")
      out.append("")
      let targets = platform == .android
      let store = platform == .ios ? permission.ios?.store : nil
      out.append(
        "| State | OS |\(targets ? " Target SDK |" : "") What the user did | What the app reads | Screen | Proof | How to seed |\(store == nil ? "" : " Read back |") Needs | Checked | Sources |"
      )
      out.append("|---|---|\(targets ? "---|" : "")---|---|---|---|---|\(store == nil ? "" : "---|")---|---|---|")
      for state in states {
        let os = state.reachable ? (state.os?.description ?? "all") : "never"
        let target = targets ? " \(state.reachable ? (state.target?.targetDescription ?? "any") : "—") |" : ""
        let needs = state.reachable ? state.requires.map(\.rawValue).joined(separator: ", ") : "—"
        let did = state.reachable ? state.whatHappened : "unreachable: \(state.reason ?? "")"
        let readBack =
          store.map { store in
            " \(state.reachable ? state.simulator.map { cell(store.shows($0)) } ?? "cannot tell" : "—") |"
          } ?? ""
        out.append(
          "| `\(state.state)` | \(cell(os)) |\(target) \(cell(did)) | \(cell(state.appReads)) | \(cell(state.screen)) | \(cell(state.proof)) | \(seedCell(state)) |\(readBack) \(needs) | \(state.basis.rawValue) | \(cite(state.sources)) |"
        )
      }
      out.append("")
      var notes: [String] = []
      for state in states {
        if state.reachable, let os = state.os, let reason = state.reason {
          notes.append("- `\(state.state)` exists on \(os.description) only: \(reason)")
        }
        if state.reachable, let target = state.target, let reason = state.targetReason {
          notes.append("- `\(state.state)` needs an app with \(target.targetDescription): \(reason)")
        }
        // The state's own seed is in the table when no version's seed replaces it everywhere.
        if state.reachable, let prose = state.seed.prose, state.seedVariants.contains(where: { $0.os == nil }) {
          notes.append("- `\(state.state)`, seeding: \(prose)")
        }
        for wording in state.wordings {
          let parts = [
            wording.whatHappened.map { "the user \($0)" }, wording.appReads.map { "the app reads \($0)" },
            wording.seed?.prose.map { "seeding: \($0)" },
          ].compactMap(\.self).map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
          guard !parts.isEmpty else { continue }
          notes.append("- `\(state.state)` by version, \(wording.os.description): \(parts.joined(separator: "; ")).")
        }
        if let note = state.note { notes.append("- `\(state.state)`: \(note)") }
        if let settle = state.settle { notes.append("- `\(state.state)`, settle with: \(settle).") }
        if !state.formerNames.isEmpty {
          notes.append("- `\(state.state)` was called \(state.formerNames.map { "`\($0)`" }.joined(separator: ", ")).")
        }
      }
      if !notes.isEmpty {
        out += notes
        out.append("")
      }
    }
    return out
  }

  /// What was checked of Android 15 and 16, and when; then what no permission models.
  /// What an app's own files declare: the rows they decide, what splits add, and the runtime
  /// permissions and privacy keys no built-in permission models.
  private static func declarationsSection() -> [String] {
    var out = [
      "## What the app declares",
      "",
      "A report over an app's own files (a merged `AndroidManifest.xml`, an APK or App Bundle, `aapt2 dump` output, a read-back's `requested permissions:`, a built app's `Info.plist`) checks the sign-off against them: a declared permission it does not cover is `declared-not-covered`, a covered one the app never declares `covered-not-declared`. Each permission's section names what declares it. These rows follow the declarations:",
      "",
      "| Row | Reachable | Why, when not | Sources |",
      "|---|---|---|---|",
    ]
    for rule in PlatformKnowledge.declarationRules {
      let rows = rule.states.map { "`\(rule.platform.rawValue)/\(rule.permission)/\($0)`" }.joined(separator: ", ")
      let condition =
        (rule.needs.isEmpty ? [] : ["declares \(rule.needs.map { "`\($0)`" }.joined(separator: " or "))"])
        + (rule.lacking.isEmpty ? [] : ["declares no \(rule.lacking.map { "`\($0)`" }.joined(separator: " or "))"])
      let when =
        (rule.effect == .everyVersionIf ? "on every version when the app " : "only when the app ")
        + condition.joined(separator: " and ")
        + (rule.explicitOnly ? " (its build's own files: the device also lists what splits add)" : "")
      out.append("| \(rows) | \(cell(when)) | \(cell(rule.why)) | \(cite(rule.sources)) |")
    }
    out += [
      "",
      "Android adds some permissions to what an app requests without their being declared (platform.xml's split permissions) \(cite(["A:PLATXML"])), so they decide rows as if declared:",
      "",
      "| Declared | Also requested | For apps targeting |",
      "|---|---|---|",
    ]
    for split in PlatformKnowledge.splitPermissions {
      let target = split.belowTarget.map { "below API \($0)" } ?? "any"
      out.append(
        "| `\(split.from)` | `\(split.to)` | \(target) \(split.sources == ["A:PLATXML"] ? "" : cite(split.sources)) |")
    }
    for implicit in PlatformKnowledge.implicitBelowTarget {
      out.append("| (none) | `\(implicit.name)` | below API \(implicit.belowTarget) \(cite(["A:COMPAT"])) |")
    }
    out += [
      "",
      "Runtime permissions no built-in permission models: an app that declares one needs a permission of the configuration's own (`\"android\"` names it) or an exclusion with its reason \(cite(["D:PERMREF"])): "
        + PlatformKnowledge.otherRuntimePermissions.keys.sorted().map {
          "`\($0)` (\(PlatformKnowledge.otherRuntimePermissions[$0]!))"
        }
        .joined(separator: ", ") + ".",
      "",
      "`Info.plist` privacy keys no built-in permission models, answered the same way (an SDK's purpose string the app never uses is the common case) \(cite(["I:PROTRES"])): "
        + PlatformKnowledge.otherPrivacyKeys.keys.sorted().map {
          "`\($0)` (\(PlatformKnowledge.otherPrivacyKeys[$0]!))"
        }
        .joined(separator: ", ") + ".",
      "",
    ]
    return out
  }

  private static func releases() -> [String] {
    var out = [
      "## Android 15 and 16: what was checked", "",
      "Each behaviour of these releases that touches permission states, where the knowledge has it, and the day its sources were read.",
      "",
      "| Android | Behaviour | In StateProof | Checked on | Checked | Sources |", "|---|---|---|---|---|---|",
    ]
    for check in PlatformKnowledge.releaseChecks {
      out.append(
        "| \(cell(check.release)) | \(cell(check.behaviour)) | \(cell(check.handling)) | \(check.checkedOn) | \(check.basis.rawValue) | \(cite(check.sources)) |"
      )
    }
    out += ["", "## Not modelled", ""]
    for fact in PlatformKnowledge.notModelled {
      out.append("- \(fact.text) \(cite(fact.sources))\(fact.basis == .documented ? "" : " *\(fact.basis.label)*")")
    }
    out.append("")
    return out
  }

  private static func sourceRegister() -> [String] {
    var out = ["## Sources", "", "| Id | Document | Where |", "|---|---|---|"]
    for source in PlatformKnowledge.sources {
      out.append("| \(source.id) | \(cell(source.title)) | \(cell(source.location)) |")
    }
    out.append("")
    out.append(
      "PermissionController sources are GrapheneOS's copy of AOSP's; the functions cited were not marked as GrapheneOS changes, but were not compared with AOSP line by line. The `dumpsys sensor_privacy` shapes StateProof reads are rendered from AOSP's dump code: no real capture was found."
    )
    return out
  }

  /// A state's seed as the table shows it: each version's commands in code spans, then its
  /// dialog step; the prose is in the notes under the table.
  private static func seedCell(_ state: StateDefinition) -> String {
    guard state.reachable else { return "—" }
    let variants = state.seedVariants
    return variants.map { variant in
      let commands = variant.step.commands.map { "`\($0)`" }.joined(separator: " then ")
      let dialog = variant.step.dialog.map { "**dialog:** \(cell($0))" }
      var parts = [commands.isEmpty ? nil : commands, dialog].compactMap(\.self)
      if parts.isEmpty { parts = ["no command (see the notes)"] }
      let label = variants.count > 1 ? "*\(variant.os?.description ?? "other versions")*: " : ""
      return label + parts.joined(separator: "; ")
    }.joined(separator: "<br>")
  }

  /// The store the Simulator keeps the permission in, its values and where they come from.
  private static func storeLine(_ store: SimulatorStore, _ permission: PermissionDefinition) -> String {
    let place: String
    switch store.kind {
    case .tcc:
      place =
        "`\(store.file)`, table `access`, service `\(store.service ?? "")` (the app's own row: client is its bundle id, client_type 0)"
    case .locationd:
      place =
        "`\(store.file)`, the app's entry (keyed `i<bundle id>:`, or the bundle id in older runtimes: a leftover of that form is reported, not read), its `Authorization`"
    case .bulletinBoard:
      place =
        "`\(store.file)` (`SectionInfo.plist` before Xcode 9), the app's archived section info, its `allowsNotifications`"
    }
    let values = [SimulatorValue.absent, .allowed, .always, .limited, .denied].filter { value in
      permission.states(on: .ios).contains { $0.reachable && $0.simulator == value }
    }.map { value in
      let states = permission.states(on: .ios).filter { $0.reachable && $0.simulator == value }.map { "`\($0.state)`" }
      return "\(store.shows(value)) \(states.joined(separator: ", "))"
    }
    return
      "**Simulator store** (`seed-check --ios`, \(store.confidence.rawValue) confidence): \(place); \(values.joined(separator: "; ")) \(cite(store.sources))."
  }

  /// `[D:REQ, P:KU]`.
  private static func cite(_ ids: [String]) -> String {
    ids.isEmpty ? "" : "[" + ids.joined(separator: ", ") + "]"
  }

  /// A table cell: pipes escaped, line breaks as spaces.
  private static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
