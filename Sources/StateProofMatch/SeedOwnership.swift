import StateProofModel
import StateProofEvidence

/// Which seed lines are the app's, from where each was printed and the configured Android
/// `appId`: a line proves a row only when it is.
///
/// - A log with no package headers (the line a seed script's read-back printed) is the app's.
/// - Otherwise only lines of the app's `Package [appId]` block count (or its hidden-system copy),
///   and of a `SharedUser [name]` block that the app's block declares; never lines of other
///   packages, of shared users the app does not belong to, outside every block, or of a user the
///   app is not installed for (`installed=false`).
/// - Without an `appId`, a file's lines count only when they all belong to one package, so a full
///   dump of a device proves nothing until the configuration names the app.
struct SeedOwnership {
  let appId: String?
  /// Without an `appId`: each seed file whose lines all belong to one package, and that package.
  private let soleOwner: [FileKey: String]

  private struct FileKey: Hashable {
    var root: String
    var path: String

    init(_ location: EvidenceLocation) {
      root = location.root
      path = location.path
    }
  }

  init(seeds: [SeedRecord], appId: String?) {
    self.appId = appId
    guard appId == nil else {
      soleOwner = [:]
      return
    }
    var owners: [FileKey: Set<String>] = [:]
    // Lines outside every block prove nothing, so they leave whose the others are clear.
    for seed in seeds where ![.headerless, .outside].contains(seed.block) {
      owners[FileKey(seed.location), default: []].insert(Self.owner(seed))
    }
    soleOwner = owners.compactMapValues { names in
      guard names.count == 1, let name = names.first, name.hasPrefix("Package [") else { return nil }
      return String(name.dropFirst("Package [".count).dropLast())
    }
  }

  /// Whether `seed` is a line of the app.
  func isApp(_ seed: SeedRecord) -> Bool {
    let app: String?
    switch seed.block {
    case .headerless: return true
    case .outside: return false
    case .package, .hiddenSystemPackage, .sharedUser:
      app = appId ?? soleOwner[FileKey(seed.location)]
    }
    guard let app else { return false }
    if seed.block == .sharedUser {
      return seed.sharedUserPackages.contains { $0.package == app && $0.installed != false }
    }
    return seed.package == app && seed.installed != false
  }

  /// `seed` (a line of the app) with the app's build: a shared-user line takes the build of the
  /// app's own block among the packages declaring the shared user, never another member's.
  func withAppBuild(_ seed: SeedRecord) -> SeedRecord {
    guard seed.block == .sharedUser else { return seed }
    let app = appId ?? soleOwner[FileKey(seed.location)]
    var seed = seed
    seed.build = seed.sharedUserPackages.first { $0.package == app }?.build
    return seed
  }

  /// A finding for each seed file (of `files`) none of whose lines is the app's. When dumpsys
  /// said it could not find a package (`blocks`), a `seed-package-not-found` warning names it and
  /// the configured `appId`: the seed step read back a package the device does not have. When it
  /// holds other apps' lines only, an info `seed-not-for-app` names whose: a stray full dump kept
  /// beside the real read-backs blocks nothing, and a row it leaves unproven is `missing-seed`
  /// anyway. When the app's own block is there with no runtime permission line, a
  /// `seed-without-permission-lines` warning says so: the build or the read-back is wrong, not the
  /// file's owner; a file with no line and no block at all gets the same code as info.
  func findings(files: [FileRecord], seeds: [SeedRecord], blocks: [SeedPackageBlocks]) -> [Finding] {
    var byFile: [FileKey: [SeedRecord]] = [:]
    for seed in seeds { byFile[FileKey(seed.location), default: []].append(seed) }
    var blocksByFile: [FileKey: SeedPackageBlocks] = [:]
    for entry in blocks { blocksByFile[FileKey(entry.location)] = entry }
    return files.filter { [.seedLog, .seedRecord].contains($0.kind) && $0.status == .read }
      .compactMap { file in
        let key = FileKey(EvidenceLocation(root: file.root, path: file.path))
        let lines = byFile[key] ?? []
        guard !lines.contains(where: isApp) else { return nil }
        if let notFound = blocksByFile[key]?.notFound, !notFound.isEmpty {
          return Finding(
            code: .seedPackageNotFound, severity: .warning, platform: .android,
            message: notFoundMessage(path: file.path, packages: notFound), files: [file.path])
        }
        let packages = blocksByFile[key]?.packages ?? []
        if let (message, ownBlock) = withoutLines(path: file.path, lines: lines, packages: packages) {
          // Info when the file names no package at all: a log that merely mentions `granted=`.
          return Finding(
            code: .seedWithoutPermissionLines, severity: ownBlock ? .warning : .info, platform: .android,
            message: message, files: [file.path])
        }
        return Finding(
          code: .seedNotForApp, severity: .info, platform: .android,
          message: message(path: file.path, lines: lines), files: [file.path])
      }
  }

  /// For a file with no line of the app, why, when it is not that the lines are another app's:
  /// the app's own block (the configured `appId`'s, or without one the only block) prints no
  /// runtime permission line, or the file holds no runtime permission line and no block at all.
  /// `ownBlock` when it is the app's block that is empty.
  private func withoutLines(path: String, lines: [SeedRecord], packages: [String]) -> (message: String, ownBlock: Bool)?
  {
    let own =
      appId.flatMap { packages.contains($0) ? $0 : nil } ?? (appId == nil && packages.count == 1 ? packages[0] : nil)
    if let own, !lines.contains(where: { $0.package == own || $0.sharedUserPackages.contains { $0.package == own } }) {
      let others = lines.isEmpty ? "" : " (the runtime permission lines it holds are other packages')"
      return (
        "\(path) proves no row: the app's own block, Package [\(own)], prints no runtime permission line\(others). Either the build on the device requests no runtime permission (its merged manifest lost the <uses-permission> entries the matrix seeds), or the read-back left out the block's runtime permissions: section.",
        true
      )
    }
    guard lines.isEmpty, packages.isEmpty else { return nil }
    return (
      "\(path) proves no row: it holds no runtime permission line at all (only install permissions, or text that merely mentions granted=), and names no package.",
      false
    )
  }

  /// Why a file whose dumpsys could not find `packages` proves no row, naming them and the
  /// configured `appId`.
  private func notFoundMessage(path: String, packages: [String]) -> String {
    let printed = packages.map { "“Unable to find package: \($0)”" }.joined(separator: ", ")
    let asked = packages.joined(separator: ", ")
    let devices = packages.count == 1 ? "a package the device does not have" : "packages the device does not have"
    let said = "\(path) proves no row: dumpsys printed \(printed), so the seed step read back \(devices)"
    guard let appId else {
      return "\(said) (\(asked); platforms.android.appId is not set, so nothing says which is the app)."
    }
    if packages.contains(appId) {
      return "\(said): the app itself, \(appId) (platforms.android.appId), was not installed when the seed step ran."
    }
    return "\(said) (\(asked)), not the app: the configured platforms.android.appId is \(appId)."
  }

  private func message(path: String, lines: [SeedRecord]) -> String {
    guard !lines.isEmpty else {
      return "\(path) holds no runtime permission line of the app, so it proves no row."
    }
    let seen = Set(lines.map(Self.describe)).sorted()
    let shown = seen.prefix(8).joined(separator: "; ")
    let named = seen.count > 8 ? "\(shown); and \(seen.count - 8) more" : shown
    guard let appId else {
      return
        "\(path) proves no row: without platforms.android.appId in the configuration, its lines count only when they all belong to one installed package, and it holds lines of: \(named)."
    }
    return
      "\(path) proves no row: none of its permission lines is \(appId)'s for a user it is installed for; it holds lines of: \(named)."
  }

  /// Whose line a seed is, for telling the owners of a file apart.
  private static func owner(_ seed: SeedRecord) -> String {
    switch seed.block {
    case .package, .hiddenSystemPackage: "Package [\(seed.package ?? "")]"
    case .sharedUser:
      seed.sharedUserPackages.count == 1
        ? "Package [\(seed.sharedUserPackages[0].package)]" : "SharedUser [\(seed.sharedUser ?? "")]"
    case .headerless, .outside: "outside any package block"
    }
  }

  /// The block a line was in, for a person: which package or shared user, and why it is not
  /// the app's when the log says (not installed for the user).
  private static func describe(_ seed: SeedRecord) -> String {
    let user = seed.user.map { " for user \($0)" } ?? ""
    switch seed.block {
    case .package, .hiddenSystemPackage:
      let notInstalled = seed.installed == false ? " (not installed\(user))" : ""
      return "Package [\(seed.package ?? "")]\(notInstalled)"
    case .sharedUser:
      let members = seed.sharedUserPackages.map { member in
        member.package + (member.installed == false ? " (not installed\(user))" : "")
      }
      let declared =
        members.isEmpty
        ? "declared by no package in the log" : "declared by \(members.joined(separator: ", "))"
      return "SharedUser [\(seed.sharedUser ?? "")] (\(declared))"
    case .headerless, .outside:
      return "lines outside any package block"
    }
  }
}
