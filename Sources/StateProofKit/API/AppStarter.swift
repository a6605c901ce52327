import Foundation
import StateProofEvidence
import StateProofKnowledge
import StateProofMatch
import StateProofModel

/// The `stateproof.json` that `stateproof init --from-app` writes: the app ids, build and target
/// its files give, and every permission they declare with its rows (each platform's, where that
/// platform's files declare it), a permission of the configuration's own for each one no built-in
/// permission models, and a comment per rule the declarations decide. A report over the same
/// files with it raises none of the declaration findings.
enum AppStarter {
  /// The configuration text for what `files` declare; throws when they declare nothing.
  static func text(_ files: [AppDeclarations], paths: [String]) throws(StateProofError) -> String {
    var base = Configuration()
    base.permissions = []
    for platform in Platform.allCases {
      let mine = files.filter { $0.platform == platform && $0.source != .requestedPermissions }
      let ids = Set((mine.isEmpty ? files.filter { $0.platform == platform } : mine).compactMap(\.appId))
      if ids.count == 1 {
        var settings = Configuration.PlatformSettings()
        settings.appId = ids.first
        base.platforms[platform] = settings
      }
    }
    let declared = DeclaredApp(files, configuration: base)
    guard !declared.platforms.isEmpty else { throw .noAppDeclarations(paths: paths) }
    let matrix: Matrix
    do throws(ConfigurationError) {
      matrix = try Matrix(configuration: base)
    } catch {
      throw .configuration(file: "built-in", error)
    }
    // Each platform's declared permissions, modelled or not, with the names and files.
    var entries: [String: [Platform: DeclaredPermission]] = [:]
    var order: [String] = []
    for platform in Platform.allCases {
      guard let summary = declared.summary(platform, matrix: matrix, apiLevels: [])?.0 else { continue }
      for permission in summary.permissions where permission.answer == .notCovered {
        if entries[permission.id] == nil { order.append(permission.id) }
        entries[permission.id, default: [:]][platform] = permission
      }
    }
    let platforms = Platform.allCases.filter { declared.platforms[$0] != nil }
    // The rows the declarations decide, as the report will: the built-in permissions' matrix,
    // adjusted.
    var covering = base
    covering.permissions = order.filter { PlatformKnowledge.permission($0) != nil }.map {
      Configuration.PermissionSettings(id: $0)
    }
    let decided: Matrix
    do throws(ConfigurationError) {
      decided = declared.adjust(try Matrix(configuration: covering))
    } catch {
      throw .configuration(file: "built-in", error)
    }
    var permissions: [String] = []
    for id in order {
      let byPlatform = entries[id]!
      let modelled = PlatformKnowledge.permission(id) != nil
      permissions.append(
        modelled
          ? builtIn(id, declaredOn: byPlatform, platforms: platforms, decided: decided)
          : own(id, declaredOn: byPlatform))
    }
    var lines = [
      "{",
      "  \"//\": \(json("Written by stateproof init --from-app from \(describe(declared)). Every permission the app declares is covered; its rows follow the declarations (docs/platform-knowledge.md, What the app declares). Fill in the receipts, release devices, and each row's tests and screenshots (empty: match by naming convention).")),",
      "  \"app\": \(json(platforms.compactMap { base.platforms[$0]?.appId }.first ?? "Your App")),",
      "  \"platforms\": {",
    ]
    let platformLines = platforms.map { platform -> String in
      let files = declared.platforms[platform]!
      var members = [
        "      \"receipt\": \(json(PlatformKnowledge.defaultReceipt(for: platform)))", "      \"releaseDevices\": []",
      ]
      if let appId = base.platforms[platform]?.appId { members.insert("      \"appId\": \(json(appId))", at: 0) }
      if let build = files.used.filter({ $0.source != .requestedPermissions }).compactMap(\.build).first(where: {
        !$0.isEmpty
      }) {
        if let name = build.versionName { members.append("      \"versionName\": \(json(name))") }
        if let code = build.versionCode { members.append("      \"versionCode\": \(json(code))") }
      }
      if platform == .android, let target = files.target { members.append("      \"targetSdk\": \(target)") }
      return "    \"\(platform.rawValue)\": {\n" + members.joined(separator: ",\n") + "\n    }"
    }
    lines.append(platformLines.joined(separator: ",\n"))
    lines.append("  },")
    lines.append("  \"permissions\": [")
    lines.append(permissions.joined(separator: ",\n"))
    lines.append("  ]")
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The files read, for the comment: "merged AndroidManifest.xml app/…; Info.plist Scanner.app/…".
  private static func describe(_ declared: DeclaredApp) -> String {
    Platform.allCases.compactMap { declared.platforms[$0]?.describedFiles }.joined(separator: "; ")
  }

  /// A built-in permission: every row of the platforms whose files declare it.
  private static func builtIn(
    _ id: String, declaredOn: [Platform: DeclaredPermission], platforms: [Platform], decided: Matrix
  ) -> String {
    let definition = PlatformKnowledge.permission(id)!
    let on = platforms.filter { declaredOn[$0] != nil && definition.platformName(on: $0) != nil }
    let why = on.map { platform in
      "\(platform.displayName): \(declaredOn[platform]!.names.joined(separator: ", ")) in \(declaredOn[platform]!.files.joined(separator: ", "))"
    }.joined(separator: "; ")
    var members = [
      "      \"//\": \(json("\(definition.title), declared by \(why)."))",
      "      \"id\": \(json(id))",
    ]
    let rules = decided.rows.filter { $0.id.permission == id && on.contains($0.id.platform) && $0.declaration != nil }
    if !rules.isEmpty {
      let text = rules.map { row in
        "\(row.id.platform.rawValue)/\(row.id.state) \(row.reachable ? "kept" : "unreachable"): \(row.declaration!)"
      }
      members.append("      \"//rows\": \(json("Rows the app's declarations decide: " + text.joined(separator: " ")))")
    }
    let others = definition.states.map(\.platform).filter { !on.contains($0) }
    if !Set(others).isEmpty {
      let rows = definition.states.filter { on.contains($0.platform) }.map { "\($0.platform.rawValue)/\($0.state)" }
      members.append("      \"include\": [\(rows.map(json).joined(separator: ", "))]")
      let left = Set(others).sorted { $0.rawValue < $1.rawValue }.map(\.displayName).joined(separator: " and ")
      members.append(
        "      \"reason\": \(json("The app's \(left) files do not declare it (or none were given to stateproof init)."))"
      )
    }
    return "    {\n" + members.joined(separator: ",\n") + "\n    }"
  }

  /// A permission no built-in one models: one of the configuration's own, named by what declares
  /// it, with the states every runtime permission has.
  private static func own(_ name: String, declaredOn: [Platform: DeclaredPermission]) -> String {
    let android = declaredOn[.android] != nil
    let what =
      (android ? PlatformKnowledge.otherRuntimePermissions[name] : PlatformKnowledge.otherPrivacyKeys[name]) ?? name
    var members = [
      "      \"//\": \(json("\(what), declared by \(name) in \(declaredOn.values.flatMap(\.files).joined(separator: ", ")); no built-in permission models it. If the app never asks for it (an SDK's purpose string), remove this entry and add {\"declaration\": \"\(name)\", \"reason\": \"…\"} to \"exclude\" instead."))",
      "      \"id\": \(json(ownID(name)))",
    ]
    if android {
      members.append("      \"android\": \(json(name))")
    } else {
      members.append("      \"ios\": \(json(resource(name)))")
      members.append("      \"declarations\": [\(json(name))]")
    }
    return "    {\n" + members.joined(separator: ",\n") + "\n    }"
  }

  /// `android.permission.READ_PHONE_STATE` → `read-phone-state`; `NSFaceIDUsageDescription` →
  /// `faceid`.
  static func ownID(_ name: String) -> String {
    if name.contains(".") {
      return (name.split(separator: ".").last.map(String.init) ?? name).lowercased().replacingOccurrences(
        of: "_", with: "-")
    }
    return resource(name).lowercased()
  }

  /// `NSFaceIDUsageDescription` → `faceID`: the key without its `NS` and `UsageDescription`.
  private static func resource(_ key: String) -> String {
    var name = Substring(key)
    if name.hasPrefix("NS") { name = name.dropFirst(2) }
    if name.hasSuffix("UsageDescription") { name = name.dropLast("UsageDescription".count) }
    guard let first = name.first else { return key }
    return first.lowercased() + name.dropFirst()
  }

  private static func json(_ text: String) -> String { StarterConfiguration.json(text) }
}
