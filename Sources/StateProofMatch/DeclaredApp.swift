import StateProofKnowledge
import StateProofModel
import StateProofEvidence

/// What the app's own files declare, against what the sign-off covers: on each platform whose
/// files the evidence holds, the rows the declarations decide (``adjust(_:)``), each declared
/// permission's answer (covered, excluded with a reason, or `declared-not-covered`), each covered
/// one nothing declares (`covered-not-declared`), and, with a baseline, what is newly declared.
package struct DeclaredApp {
  package let platforms: [Platform: PlatformDeclarations]
  private let configuration: Configuration

  package init(_ files: [AppDeclarations], configuration: Configuration, seedTargets: [Int] = []) {
    self.configuration = configuration
    var platforms: [Platform: PlatformDeclarations] = [:]
    for platform in Platform.allCases {
      let mine = files.filter { $0.platform == platform }
      guard !mine.isEmpty else { continue }
      let settings = configuration.platforms[platform]
      let seedTarget = Set(seedTargets).count == 1 ? seedTargets.first : nil
      platforms[platform] = PlatformDeclarations(
        platform: platform, files: mine, appId: settings?.appId, build: settings?.build,
        configuredTarget: settings?.targetSdk ?? (mine.contains { $0.targetSdk != nil } ? nil : seedTarget))
    }
    self.platforms = platforms
  }

  /// `platform`'s declarations when some file of the app's build under test was decided on; nil
  /// when there is none, or every one was set aside (another app, another build), so that no row
  /// is made unreachable and no permission called undeclared on the word of no file.
  private func deciding(_ platform: Platform) -> PlatformDeclarations? {
    platforms[platform].flatMap { $0.used.isEmpty ? nil : $0 }
  }

  /// `matrix` with the rows the declarations decide: unreachable where the app does not declare
  /// what the row needs, on every version where the declarations make it so; each such row says
  /// which declaration decided it.
  package func adjust(_ matrix: Matrix) -> Matrix {
    var matrix = matrix
    for rule in PlatformKnowledge.declarationRules {
      guard let declared = deciding(rule.platform) else { continue }
      if rule.explicitOnly, declared.explicit == nil { continue }
      let names = declared.requested(explicitOnly: rule.explicitOnly)
      // A split the unknown target decides could add what the rule needs: it decides nothing.
      if !rule.holds(for: names), rule.needs.contains(where: declared.mayBeSplitInto) { continue }
      let ids = rule.states.map { RowID(platform: rule.platform, permission: rule.permission, state: $0) }
        .filter { id in matrix.rows.contains { $0.id == id } }
      for id in ids {
        switch (rule.effect, rule.holds(for: names)) {
        case (.reachableOnlyIf, false):
          matrix.declare(id, unreachableBecause: Self.citing(rule.why, declared.describedFiles))
        case (.reachableOnlyIf, true):
          if let name = rule.needs.first(where: names.contains) {
            matrix.declare(
              id, keptBecause: "The app declares \(PlatformDeclarations.short(name))\(Self.at(declared, name)).")
          }
        case (.everyVersionIf, true):
          let name = rule.needs.first(where: names.contains) ?? rule.needs.first ?? ""
          matrix.declare(
            id, range: nil,
            because: Self.citing(rule.why, PlatformDeclarations.short(name) + Self.at(declared, name)))
        case (.everyVersionIf, false): break
        }
      }
    }
    // A permission declared only up to an API level (android:maxSdkVersion) has rows up to it.
    if let declared = deciding(.android) {
      for permission in Set(matrix.rows.filter { $0.id.platform == .android }.map(\.id.permission)) {
        let names = names(of: permission, on: .android)
        let entries = names.flatMap { declared.declared[$0] ?? [] }
        guard !entries.isEmpty, entries.allSatisfy({ $0.declaration.maxSdk != nil }),
          let last = entries.compactMap(\.declaration.maxSdk).max()
        else { continue }
        let cap = VersionRange(platform: .android, below: .android(api: last + 1))
        for row in matrix.rows where row.id.platform == .android && row.id.permission == permission {
          let own = matrix.ranges[row.id]
          let range = VersionRange(
            platform: .android, lowest: own?.lowest, below: [own?.below, cap.below].compactMap(\.self).min())
          let name = entries.first { $0.declaration.maxSdk == last }!
          matrix.declare(
            row.id, range: range,
            because:
              "The app declares \(PlatformDeclarations.short(name.declaration.name)) with android:maxSdkVersion=\(last)\(Self.at(declared, name.declaration.name)): it asks for it on API \(last) and below only."
          )
        }
      }
    }
    return matrix
  }

  /// `sentence` with where it comes from before its full stop: "The app … background (merged
  /// AndroidManifest.xml app/…)."
  private static func citing(_ sentence: String, _ source: String) -> String {
    (sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence) + " (\(source))."
  }

  /// " in merged AndroidManifest.xml app/…:12"; for a name no file declares, where Android
  /// adds it (a split, an implicit permission); "" when nothing places it.
  private static func at(_ declared: PlatformDeclarations, _ name: String) -> String {
    if let first = declared.declared[name]?.first {
      return " in \(first.file.source.rawValue) \(declared.place(of: name) ?? first.file.location.path)"
    }
    let target = declared.target.map { ", and the app targets API \($0)" } ?? ""
    if let split = PlatformKnowledge.splitPermissions.first(where: {
      $0.to == name && declared.declared[$0.from] != nil
    }) {
      let below = split.belowTarget.map { " for apps targeting below API \($0)" } ?? ""
      return ", which Android adds to \(PlatformDeclarations.short(split.from))\(below)\(target)"
    }
    if let implicit = PlatformKnowledge.implicitBelowTarget.first(where: { $0.name == name }) {
      return ", which every app targeting below API \(implicit.belowTarget) holds\(target)"
    }
    return ""
  }

  /// The names that declare permission `id` on `platform`: the built-in ones, a configured
  /// permission's `android` name and its `declarations`.
  func names(of id: String, on platform: Platform) -> [String] {
    var names = PlatformKnowledge.declarations[id]?.names(on: platform) ?? []
    if let settings = configuration.permissions.first(where: { $0.id == id }) {
      if platform == .android, let android = settings.android { names.append(android) }
      names += settings.declarations.filter { Self.isName($0, of: platform) }
    }
    return names
  }

  /// Whether the app's files request the permission `id` on `platform` by any of its names
  /// (through a split as well); nil when the evidence holds none of that platform's files.
  package func declares(permission id: String, on platform: Platform) -> Bool? {
    guard let declared = deciding(platform) else { return nil }
    let requested = declared.requested()
    return names(of: id, on: platform).contains(where: requested.contains)
  }

  /// Whether the app's files request the Android or `Info.plist` name `name` on `platform`; nil
  /// when the evidence holds none of that platform's files.
  package func requests(_ name: String, on platform: Platform) -> Bool? {
    deciding(platform).map { $0.requested().contains(name) }
  }

  /// Whether `name` is one `platform` declares with: Android names hold a dot, `Info.plist` keys
  /// none.
  private static func isName(_ name: String, of platform: Platform) -> Bool {
    name.contains(".") == (platform == .android)
  }

  /// `platform`'s declarations beside the sign-off: each declared permission's answer and each
  /// covered one nothing declares, with their findings; `apiLevels` are the release devices'
  /// (Android), to drop what `maxSdkVersion` keeps off them; nil when the evidence holds no file
  /// of the app for the platform.
  package func summary(_ platform: Platform, matrix: Matrix, apiLevels: [Int]) -> (AppDeclarationSummary, [Finding])? {
    guard let declared = platforms[platform], !(declared.used.isEmpty && declared.setAside.isEmpty) else {
      return nil
    }
    // Every file set aside (another app, another build): they are listed, and decide nothing.
    guard !declared.used.isEmpty else {
      return (
        AppDeclarationSummary(
          files: declared.setAside.map { Self.file($0.file, setAside: $0.why) }, permissions: [],
          targetSdk: declared.target), []
      )
    }
    let requested = declared.requested(onAPI: apiLevels)
    let configured = Set(matrix.rows.filter { $0.id.platform == platform }.map(\.id.permission))
    let coveredNames = Set(configured.flatMap { names(of: $0, on: platform) })
    let platformName = platform.displayName
    var permissions: [DeclaredPermission] = []
    var findings = declared.findings
    var accounted: Set<String> = []
    // Built-in permissions the files declare.
    for id in PlatformKnowledge.declarations.keys.sorted() {
      let own = names(of: id, on: platform).filter(requested.contains)
      guard !own.isEmpty else { continue }
      accounted.formUnion(own)
      let covered = configured.contains(id) || own.contains(where: coveredNames.contains)
      let entry = answer(
        id: id, modelled: true, names: own, covered: covered, platform: platform, declared: declared,
        missing:
          "The app declares \(id) on \(platformName) (\(own.map(PlatformDeclarations.short).joined(separator: ", "))\(Self.at(declared, own[0]))), but the sign-off covers no \(id) row there: add {\"id\": \"\(id)\"} to permissions, or exclude it with its reason."
      )
      permissions.append(entry.permission)
      findings += entry.findings
    }
    // What no built-in permission models: another runtime permission, another privacy key.
    let others = platform == .android ? PlatformKnowledge.otherRuntimePermissions : PlatformKnowledge.otherPrivacyKeys
    for name in requested.sorted() where !accounted.contains(name) {
      guard others[name] != nil || coveredNames.contains(name) else { continue }
      accounted.insert(name)
      let what = others[name].map { " (\($0))" } ?? ""
      let entry = answer(
        id: name, modelled: coveredNames.contains(name), names: [name], covered: coveredNames.contains(name),
        platform: platform, declared: declared,
        missing:
          "The app declares \(name)\(what) on \(platformName)\(Self.at(declared, name)), which no built-in permission models: add a permission of your own for it (\(platform == .android ? "\"android\": \"\(name)\"" : "\"declarations\": [\"\(name)\"]")), or exclude it with its reason."
      )
      permissions.append(entry.permission)
      findings += entry.findings
    }
    // Covered permissions nothing declares.
    for id in configured.sorted() {
      let own = names(of: id, on: platform)
      guard !own.isEmpty, !own.contains(where: requested.contains), !own.contains(where: declared.mayBeSplitInto)
      else { continue }
      // Android's implicit POST_NOTIFICATIONS when the target is unknown: nothing to say.
      if platform == .android, declared.target == nil,
        own.contains(where: { name in PlatformKnowledge.implicitBelowTarget.contains { $0.name == name } })
      {
        continue
      }
      permissions.append(DeclaredPermission(id: id, modelled: true, names: [], answer: .notDeclared))
      let why =
        platform == .android
        ? "pm grant refuses a permission the app does not declare, and the app can never ask for it"
        : "iOS refuses the request of an app whose Info.plist lacks the key"
      findings.append(
        Finding(
          code: .coveredNotDeclared, severity: .warning, platform: platform,
          message:
            "The sign-off covers \(id) on \(platformName), but the app's files (\(declared.describedFiles)) declare none of \(own.map(PlatformDeclarations.short).joined(separator: ", ")): its rows prove nothing about this app (\(why)).",
          files: declared.used.map(\.location.path)))
    }
    let files =
      declared.used.map { Self.file($0, setAside: nil) }
      + declared.setAside.map { Self.file($0.file, setAside: $0.why) }
    return (AppDeclarationSummary(files: files, permissions: permissions, targetSdk: declared.target), findings)
  }

  /// A declared permission's answer: covered, excluded with its reason, or not covered (with
  /// the `declared-not-covered` error saying `missing`).
  private func answer(
    id: String, modelled: Bool, names: [String], covered: Bool, platform: Platform, declared: PlatformDeclarations,
    missing: String
  ) -> (permission: DeclaredPermission, findings: [Finding]) {
    let files = declared.files(declaring: names)
    if covered {
      return (DeclaredPermission(id: id, modelled: modelled, names: names, answer: .covered, files: files), [])
    }
    if let exclusion = configuration.exclude.first(where: { $0.excludes(id: id, names: names, on: platform) }) {
      return (
        DeclaredPermission(
          id: id, modelled: modelled, names: names, answer: .excluded, reason: exclusion.reason, files: files), []
      )
    }
    return (
      DeclaredPermission(id: id, modelled: modelled, names: names, answer: .notCovered, files: files),
      [Finding(code: .declaredNotCovered, severity: .error, platform: platform, message: missing, files: files)]
    )
  }

  private static func file(_ file: AppDeclarations, setAside: String?) -> DeclarationFile {
    DeclarationFile(
      root: file.location.root, path: file.location.path, source: file.source.rawValue, appId: file.appId,
      build: file.build, targetSdk: file.targetSdk, deviceSdk: file.deviceSdk, declared: file.declarations.count,
      setAside: setAside)
  }

  /// `declaration-changed`: each permission `current` declares that `baseline` (the last
  /// sign-off's declarations on the platform) did not.
  static func changes(
    from baseline: AppDeclarationSummary?, to current: AppDeclarationSummary, platform: Platform, path: String
  ) -> [Finding] {
    guard let baseline else { return [] }
    let before = Set(baseline.permissions.filter { $0.answer != .notDeclared }.map(\.id))
    return current.permissions.filter { $0.answer != .notDeclared && !before.contains($0.id) }.map { permission in
      Finding(
        code: .declarationChanged, severity: .warning, platform: platform,
        message:
          "The app declares \(permission.id) on \(platform.displayName) (\(permission.names.map(PlatformDeclarations.short).joined(separator: ", "))), which the last sign-off's app (\(path)) did not: find what brought it in\(permission.answer == .covered ? "; the sign-off covers it" : "").",
        files: permission.files)
    }
  }
}
