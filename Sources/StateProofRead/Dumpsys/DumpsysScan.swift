import Foundation

/// Every permission line of a `dumpsys package` dump or a seed log, each with its scope, plus the
/// seed script's `seed did not take` messages and the lines that could not be read.
///
/// Scoping follows the dumpsys-format note: `Packages:` → `Package [pkg]` → `User N:` → section,
/// the `Shared users:` and `Hidden system packages:` blocks, and top-level sections such as
/// `Queries:` or `Package Changes:` whose `User 0:` lines are not permission blocks. A scope ends
/// at the next header of its kind or an enclosing kind, never by indentation alone.
package struct DumpsysScan: Sendable {
  package var entries: [DumpsysEntry] = []
  /// `seed did not take: wanted STATE` messages: the line they are on and the state.
  package var notTaken: [(line: Int, wanted: String)] = []
  package var problems: [DumpsysProblem] = []
  /// Names of the `Package [name]` blocks seen.
  package var packages: Set<String> = []
  /// Names of the `SharedUser [name]` blocks seen.
  package var sharedUsers: Set<String> = []

  /// Scans the text in one pass; nothing in it is fatal.
  package static func scan(_ data: Data) -> DumpsysScan {
    var scanner = Scanner()
    for line in LogLine.lines(of: data) { scanner.read(line) }
    return scanner.finish()
  }

  /// The lines that can show a seeded state, in text order: runtime (or unsectioned) lines, with
  /// a hidden-system or shared-user line dropped when the package block of the same dump has the
  /// same permission for the same user (the note's recommended scoping prefers the package block).
  package var seedEvidence: [DumpsysEntry] {
    let runtime = entries.filter(\.isRuntimeEvidence)
    let inPackageBlocks = Set(
      runtime.filter { $0.block == .package }.map { Key(entry: $0) })
    return runtime.filter { entry in
      entry.block == .package || entry.package == nil
        || !inPackageBlocks.contains(Key(entry: entry))
    }
  }

  private struct Key: Hashable {
    var dump: Int
    var package: String?
    var user: Int?
    var permission: String

    init(entry: DumpsysEntry) {
      dump = entry.dump
      package = entry.package
      user = entry.user
      permission = entry.line.name
    }
  }

  /// The scope as the lines go by.
  private struct Scanner {
    var scan = DumpsysScan()
    var dump = 0
    /// The open top-level section; `.loose` for one that holds no permission blocks.
    var top: DumpsysBlock?
    var topIndent: Int?
    var package: String?
    var sharedUser: String?
    var blockIndent: Int?
    var user: Int?
    var userIndent: Int?
    var section = DumpsysSection.unspecified
    /// `sharedUser=` links by dump: package → shared user name.
    var links: [Int: [String: String]] = [:]

    mutating func read(_ line: LogLine) {
      if let wanted = Self.notTakenState(line.bytes) {
        if wanted.isEmpty {
          scan.problems.append(
            DumpsysProblem(line: line.number, message: "seed did not take, but no wanted state follows"))
        } else {
          scan.notTaken.append((line.number, wanted))
        }
        return
      }
      switch PermissionLine.parse(bytes: line.bytes) {
      case .success(let permission)?:
        record(permission, at: line.number)
        return
      case .failure(let error)?:
        scan.problems.append(
          DumpsysProblem(line: line.number, permission: error.permission, message: error.description))
        return
      case nil:
        break
      }
      guard let header = DumpsysHeader.classify(line) else { return }
      let indent = line.indent
      switch header {
      case .dumpStart:
        dump += 1
        enterTopLevel(nil, indent: nil)
      case .topLevel(let block):
        if block == .package { dump += 1 }
        enterTopLevel(block, indent: indent)
      case .package(let name):
        if top != .hiddenSystemPackage { top = .package }
        openBlock(package: name, sharedUser: nil, indent: indent)
        scan.packages.insert(name)
      case .sharedUser(let name):
        top = .sharedUser
        openBlock(package: nil, sharedUser: name, indent: indent)
        scan.sharedUsers.insert(name)
      case .user(let number):
        user = number
        userIndent = indent
        section = .unspecified
      case .section(let kind):
        section = kind
      case .sharedUserLink(let name):
        if top == .package, let package { links[dump, default: [:]][package] = name }
      case .capitalized where isTopLevel(indent: indent):
        enterTopLevel(.loose, indent: indent)
      case .capitalized, .list:
        section = .unspecified
      }
    }

    /// Whether a capitalized header at `indent` closes the open blocks: it is no deeper than
    /// the last top-level header, or shallower than the open package or user header.
    private func isTopLevel(indent: Int) -> Bool {
      if let topIndent { return indent <= topIndent }
      if let open = blockIndent ?? userIndent { return indent < open }
      return true
    }

    private mutating func enterTopLevel(_ block: DumpsysBlock?, indent: Int?) {
      top = block
      topIndent = indent
      openBlock(package: nil, sharedUser: nil, indent: nil)
    }

    private mutating func openBlock(package: String?, sharedUser: String?, indent: Int?) {
      self.package = package
      self.sharedUser = sharedUser
      blockIndent = indent
      user = nil
      userIndent = nil
      section = .unspecified
    }

    private mutating func record(_ permission: PermissionLine, at number: Int) {
      let block: DumpsysBlock
      switch top {
      case .package?: block = package == nil ? .loose : .package
      case .hiddenSystemPackage?: block = .hiddenSystemPackage
      case .sharedUser?: block = .sharedUser
      case .loose?, nil: block = .loose
      }
      // `User 0:` and list headers inside `Queries:` or `Package Changes:` open no permission
      // block, so a line there takes none of the scope they set.
      let inOtherSection = top == .loose
      scan.entries.append(
        DumpsysEntry(
          line: permission, lineNumber: number, package: package,
          sharedUser: sharedUser, user: permission.userId ?? (inOtherSection ? nil : user),
          section: inOtherSection ? .unspecified : section, block: block, dump: dump))
    }

    /// Gives shared-user lines the package that names the shared user, when exactly one does.
    mutating func finish() -> DumpsysScan {
      for index in scan.entries.indices where scan.entries[index].block == .sharedUser {
        let entry = scan.entries[index]
        guard entry.package == nil, let name = entry.sharedUser else { continue }
        let owners = (links[entry.dump] ?? [:]).filter { $0.value == name }.map(\.key)
        if owners.count == 1 { scan.entries[index].package = owners[0] }
      }
      return scan
    }

    /// The state after `seed did not take: wanted ` (empty when none follows), or nil when the
    /// line does not carry the message.
    private static func notTakenState(_ bytes: [UInt8]) -> String? {
      let marker = Array(SeedLogReader.notTakenMarker.utf8)
      var index = 0
      while index + marker.count <= bytes.count {
        if bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) {
          let state = bytes[(index + marker.count)...].prefix { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
              UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
              true
            default: false
            }
          }
          return String(decoding: state, as: UTF8.self)
        }
        index += 1
      }
      return nil
    }
  }
}
