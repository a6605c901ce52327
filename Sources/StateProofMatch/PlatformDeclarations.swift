import StateProofKnowledge
import StateProofModel
import StateProofEvidence

/// One platform's declarations as the sign-off decides on them: the app's own files of the build
/// under test (others set aside, saying why), every name they declare with where, and the app's
/// target SDK.
package struct PlatformDeclarations {
  let platform: Platform
  /// The files decided on.
  package let used: [AppDeclarations]
  /// Files set aside, and why: another app, another build.
  let setAside: [(file: AppDeclarations, why: String)]
  /// What the files decided on declare, by name: each declaration and its file.
  let declared: [String: [(declaration: Declaration, file: AppDeclarations)]]
  /// The names the build's own files declare (a manifest, an APK, `aapt2 dump`, an `Info.plist`),
  /// without what a device's `requested permissions:` adds through splits; nil when no such file
  /// was decided on.
  let explicit: Set<String>?
  /// Android: the target SDK the sign-off decides on (the configuration's, else the one the
  /// files agree on), with which splits and implicit permissions apply.
  package let target: Int?
  /// `declarations-disagree` when files of different builds declare different names.
  let findings: [Finding]

  /// `files` of `platform`, the build under test chosen as the configuration names it.
  init(
    platform: Platform, files: [AppDeclarations], appId: String?, build: BuildIdentity?, configuredTarget: Int?
  ) {
    self.platform = platform
    var used: [AppDeclarations] = []
    var setAside: [(AppDeclarations, String)] = []
    // A device's whole dump lists every package's requested permissions: only the app's count,
    // and without an app id, only when every such list is of one package.
    let requested = Set(files.filter { $0.source == .requestedPermissions }.compactMap(\.appId))
    let files = files.filter { file in
      guard file.source == .requestedPermissions else { return true }
      if let appId { return file.appId == appId }
      return requested.count == 1
    }
    for file in files {
      if let appId, let other = file.appId, other != appId {
        setAside.append((file, "it belongs to \(other), not \(appId)"))
      } else if let build, let named = file.build, !named.differences(from: build).isEmpty {
        setAside.append(
          (
            file,
            "it is of another build than the one under test: \(named.differences(from: build).joined(separator: ", "))"
          ))
      } else {
        used.append(file)
      }
    }
    // Builds that declare different names: said, and the union decided on (no row is dropped
    // on one build's word).
    var byBuild: [BuildIdentity: Set<String>] = [:]
    for file in used {
      byBuild[file.build?.identity ?? BuildIdentity(), default: []].formUnion(file.declarations.map(\.name))
    }
    let named = byBuild.filter { !$0.key.isEmpty }
    var findings: [Finding] = []
    if named.count > 1, Set(named.values).count > 1 {
      let builds = named.keys.sorted()
      let all = Set(named.values.flatMap(\.self))
      let differing = all.filter { name in named.values.contains { !$0.contains(name) } }.sorted()
      findings.append(
        Finding(
          code: .declarationsDisagree, severity: .warning, platform: platform,
          message:
            "Files of different builds of the app declare different permissions: \(builds.map(\.description).joined(separator: "; ")) differ on \(differing.map(Self.short).joined(separator: ", ")). The sign-off decides on everything any of them declares; name the build under test in the configuration to decide on its files alone.",
          files: used.filter { $0.build != nil }.map(\.location.path)))
    }
    var declared: [String: [(Declaration, AppDeclarations)]] = [:]
    for file in used {
      for declaration in file.declarations { declared[declaration.name, default: []].append((declaration, file)) }
    }
    let builds = used.filter { $0.source != .requestedPermissions }
    explicit = builds.isEmpty ? nil : Set(builds.flatMap { $0.declarations.map(\.name) })
    let targets = Set(used.compactMap(\.targetSdk))
    target = configuredTarget ?? (targets.count == 1 ? targets.first : nil)
    self.used = used
    self.setAside = setAside
    self.declared = declared
    self.findings = findings
  }

  /// `android.permission.CAMERA` → `CAMERA`; `NSCameraUsageDescription` as it is.
  static func short(_ name: String) -> String {
    name.hasPrefix("android.permission.") ? String(name.dropFirst("android.permission.".count)) : name
  }

  /// Every name the app requests on devices of `versions` (API levels; empty: not known): what
  /// it declares (a `maxSdkVersion` below every one of the versions drops it), what splits add
  /// for its target, and what every app of its target holds. `explicitOnly` takes only what the
  /// build's own files declare, without splits.
  func requested(onAPI versions: [Int] = [], explicitOnly: Bool = false) -> Set<String> {
    var names: Set<String> = []
    let lowest = versions.min()
    for (name, entries) in declared {
      if explicitOnly, !(explicit?.contains(name) ?? false) { continue }
      let reaches = entries.contains { entry in
        guard let max = entry.declaration.maxSdk, let lowest else { return true }
        return max >= lowest
      }
      if reaches { names.insert(name) }
    }
    guard !explicitOnly, platform == .android else { return names }
    for split in PlatformKnowledge.splitPermissions where names.contains(split.from) {
      if split.applies(toTarget: target) == true { names.insert(split.to) }
    }
    for implicit in PlatformKnowledge.implicitBelowTarget where (target.map { $0 < implicit.belowTarget } ?? false) {
      names.insert(implicit.name)
    }
    return names
  }

  /// Whether a split the app's unknown target decides could add `name`: a rule on it decides
  /// nothing then.
  func mayBeSplitInto(_ name: String) -> Bool {
    guard platform == .android, target == nil else { return false }
    let names = Set(declared.keys)
    return PlatformKnowledge.splitPermissions.contains {
      $0.to == name && names.contains($0.from) && $0.belowTarget != nil
    }
  }

  /// Where `name` is declared, for people: "app/build/…/AndroidManifest.xml:12".
  func place(of name: String) -> String? {
    guard let first = declared[name]?.first else { return nil }
    return first.file.location.path + (first.declaration.line.map { ":\($0)" } ?? "")
  }

  /// The files that declare any of `names`.
  func files(declaring names: [String]) -> [String] {
    Array(Set(names.flatMap { declared[$0]?.map(\.file.location.path) ?? [] })).sorted()
  }

  /// What the files are, for people: "merged AndroidManifest.xml app/…/AndroidManifest.xml".
  package var describedFiles: String {
    let shown = used.prefix(3).map { "\($0.source.rawValue) \($0.location.path)" }
    return shown.joined(separator: ", ") + (used.count > 3 ? ", and \(used.count - 3) more" : "")
  }
}
