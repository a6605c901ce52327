import Foundation
import StateProofModel
import StateProofSystem
import StateProofEvidence

/// Every permission line of a `dumpsys package` dump or a seed log, each with its scope, plus the
/// seed script's `seed did not take` messages and the lines that could not be read.
///
/// Scoping follows the dumpsys-format note: `Packages:` → `Package [pkg]` → `User N:` → section,
/// the `Shared users:` and `Hidden system packages:` blocks, and top-level sections such as
/// `Queries:` or `Package Changes:` whose `User 0:` lines are not permission blocks. A scope ends
/// at the next header of its kind or an enclosing kind, never by indentation alone. Each line
/// keeps the facts that say whose it is (package, shared user and the packages declaring it,
/// `installed=` for its user); deciding which is the app's is the matcher's job.
package struct DumpsysScan: Sendable {
  package var entries: [DumpsysEntry] = []
  /// `seed did not take: wanted STATE` messages: the line they are on and the state.
  package var notTaken: [(line: Int, wanted: String)] = []
  package var problems: [DumpsysProblem] = []
  /// Names of the `Package [name]` blocks seen.
  package var packages: Set<String> = []
  /// Names of the `SharedUser [name]` blocks seen.
  package var sharedUsers: Set<String> = []
  /// Every `dumpsys sensor_privacy` output in the text.
  package var sensorCaptures: [SensorPrivacyCapture] = []
  /// The version fields of each `Packages:` → `Package [name]` block, by dump and package.
  package var versions: [Int: [String: PackageVersion]] = [:]
  /// The packages dumpsys said it could not find (`Unable to find package: NAME`, what `dumpsys
  /// package NAME` prints, and nothing else, for a package the device does not have), with the
  /// line each was on.
  package var notFound: [(line: Int, package: String)] = []
  /// Each `Package [name]` block's `requested permissions:`, in text order; at most
  /// ``maxRequestedBlocks`` blocks of ``maxRequestedNames`` names (a whole device's dump lists
  /// hundreds of packages, and only the app's is wanted).
  package var requested: [DumpsysRequested] = []

  /// The most `requested permissions:` blocks kept, and the most names kept of one.
  static let maxRequestedBlocks = 2000
  static let maxRequestedNames = 1000

  /// The most problems kept; past that one more says how many were left out.
  static let maxProblems = 100
  /// Where a build read from a dump's version lines says it came from.
  package static let versionSource = "dumpsys package"

  /// Whether the text names no package and no shared user: the line a seed script printed.
  package var isHeaderless: Bool { packages.isEmpty && sharedUsers.isEmpty }

  /// Scans text already in memory in one pass; nothing in it is fatal.
  package static func scan(_ data: Data) -> DumpsysScan {
    scan(LineReader(bytes: [UInt8](data))).scan
  }

  /// Scans the lines as they stream past, holding only the current line.
  /// - Returns: the scan, and why not every line was read (a read error, UTF-16 cut inside a
  ///   character), if so.
  package static func scan(_ lines: LineReader) -> (scan: DumpsysScan, error: TextReadError?) {
    var scanner = Scanner()
    var droppedMarker = false
    let error = lines.forEachLine(
      dropping: { buffer, count in
        if !droppedMarker, let start = PermissionLine.start(in: buffer), start < count {
          droppedMarker = true
        }
      },
      { line in
        scanner.read(line, droppedMarker: droppedMarker)
        droppedMarker = false
      })
    return (scanner.finish(), error)
  }

  /// The lines that can show a seeded state, in text order: runtime (or unsectioned) lines, with
  /// a hidden-system or shared-user line dropped when the package block of the same dump has the
  /// same permission for the same user (the note's recommended scoping prefers the package block).
  package var seedEvidence: [DumpsysEntry] {
    let runtime = entries.filter(\.isRuntimeEvidence)
    let inPackageBlocks = Set(
      runtime.filter { $0.block == .package }.compactMap { entry in
        entry.package.map { Key(entry: entry, owner: $0) }
      })
    return runtime.filter { entry in
      entry.block == .package
        || !entry.owners.contains { inPackageBlocks.contains(Key(entry: entry, owner: $0)) }
    }
  }

  /// The `dumpsys sensor_privacy` output nearest to line `line` (the one a seed step captured
  /// beside the read-back), if the text has any.
  package func sensorCapture(near line: Int) -> SensorPrivacyCapture? {
    sensorCaptures.min { $0.distance(to: line) < $1.distance(to: line) }
  }

  private struct Key: Hashable {
    var dump: Int
    var owner: String
    var user: Int?
    var permission: String

    init(entry: DumpsysEntry, owner: String) {
      dump = entry.dump
      self.owner = owner
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
    var installed: Bool?
    var userIndent: Int?
    var section = DumpsysSection.unspecified
    /// `sharedUser=` links by dump: package → shared user name.
    var links: [Int: [String: String]] = [:]
    /// `installed=` of each package's `User N:` lines, by dump, package and user.
    var installedFor: [Int: [String: [Int: Bool]]] = [:]
    var problems = CappedList<DumpsysProblem>(limit: DumpsysScan.maxProblems)
    /// The read-back being printed: its block, owner and user, its id and the names in it.
    var readBack: (key: ReadBackKey, id: Int, names: Set<String>)?
    var nextReadBack = 0
    var sdk: Int?
    /// The `dumpsys sensor_privacy` output being read.
    var sensor: SensorPrivacyParser?
    /// The version lines printed outside any block so far in this dump (a headerless read-back's
    /// `dumpsys package PKG | grep` or seed-check output).
    var looseVersion = PackageVersion()

    struct ReadBackKey: Hashable {
      var block: DumpsysBlock
      var package: String?
      var sharedUser: String?
      var user: Int?
    }

    mutating func read(_ raw: LineReader.Line, droppedMarker: Bool) {
      let line = LogLine(number: raw.number, raw: raw.bytes[...])
      // Of a line too long to keep whole only the end is here: its start (prefixes,
      // indentation, a header) is gone, so only a permission line wholly inside counts.
      let isCut = raw.droppedBytes > 0
      let recorded = scan.entries.count
      defer {
        // Any other line ends the read-back being printed.
        if scan.entries.count == recorded { readBack = nil }
      }
      if !isCut, readSensorPrivacy(line) { return }
      if !isCut, let value = Self.sdkValue(line.content) {
        sdk = value
        return
      }
      if !isCut, let name = Self.notFoundPackage(line.content) {
        scan.notFound.append((line.number, name))
        // The whole output of one `dumpsys package NAME`: the lines after it are no longer
        // in the block before it.
        enterTopLevel(nil, indent: nil)
        return
      }
      if let wanted = Self.notTakenState(line.bytes) {
        if wanted.isEmpty {
          problem(DumpsysProblem(line: line.number, message: "seed did not take, but no wanted state follows"))
        } else {
          scan.notTaken.append((line.number, wanted))
        }
        return
      }
      switch PermissionLine.parse(bytes: line.bytes) {
      case .success(let permission)? where !isCut || PermissionLine.start(in: line.bytes) != 0:
        record(permission, at: line.number, time: isCut ? nil : line.time(source: "log line timestamp"))
        if droppedMarker { problem(Self.tooLong(line.number)) }
        return
      case .success?:
        problem(Self.tooLong(line.number))
        return
      case .failure(let error)?:
        problem(DumpsysProblem(line: line.number, permission: error.permission, message: error.description))
        return
      case nil:
        if droppedMarker { problem(Self.tooLong(line.number)) }
      }
      if !isCut, readVersion(line.content) { return }
      if !isCut, section == .requested, top == .package, let package, let name = Self.requestedName(line.content) {
        addRequested(name, package: package, line: line.number)
        return
      }
      guard !isCut, let header = DumpsysHeader.classify(line) else { return }
      let indent = line.indent
      switch header {
      case .dumpStart:
        dump += 1
        sdk = nil
        looseVersion = PackageVersion()
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
      case .user(let number, let installed):
        user = number
        self.installed = installed
        userIndent = indent
        section = .unspecified
        if top == .package, let package, let installed {
          installedFor[dump, default: [:]][package, default: [:]][number] = installed
        }
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

    /// Reads the line as part of a `dumpsys sensor_privacy` output, if one is open or starts
    /// here; a line that starts another dump ends it.
    private mutating func readSensorPrivacy(_ line: LogLine) -> Bool {
      let content = line.content
      if var parser = sensor {
        if DumpsysHeader.classify(line).map(Self.endsSensorPrivacy) == true
          || PermissionLine.start(in: line.bytes) != nil
        {
          endSensorPrivacy()
          return false
        }
        parser.feed(content, line: line.number)
        sensor = parser
        if parser.isTooDeep || parser.isFull {
          let reason =
            parser.isFull
            ? "holds more than \(SensorPrivacyParser.maxEntries) sensor entries"
            : "nests deeper than \(SensorPrivacyParser.maxDepth) levels"
          problem(
            DumpsysProblem(
              line: line.number, message: "the dumpsys sensor_privacy output \(reason); it is read up to here"))
        }
        if parser.isDone || parser.isTooDeep || parser.isFull { endSensorPrivacy() }
        return true
      }
      guard SensorPrivacyParser.startsDump(content) else { return false }
      sensor = SensorPrivacyParser(line: line.number, content: content)
      return true
    }

    private static func endsSensorPrivacy(_ header: DumpsysHeader) -> Bool {
      switch header {
      case .dumpStart, .topLevel, .package, .sharedUser: true
      default: false
      }
    }

    private mutating func endSensorPrivacy() {
      if let parser = sensor { scan.sensorCaptures.append(parser.capture) }
      sensor = nil
    }

    /// Reads a version line: into its package's block under `Packages:` (the first value a block
    /// gives counts), or, outside every block, into the versions a headerless read-back gave
    /// (the latest counts). Lines of hidden-system copies and of other sections are passed over.
    private mutating func readVersion(_ content: ArraySlice<UInt8>) -> Bool {
      guard
        content.first == UInt8(ascii: "v") || content.first == UInt8(ascii: "l") || content.first == UInt8(ascii: "f")
      else { return false }
      if top == .package, let package {
        var version = scan.versions[dump]?[package] ?? PackageVersion()
        guard version.read(content, keepingFirst: true) else { return false }
        scan.versions[dump, default: [:]][package] = version
        return true
      }
      guard top == nil, package == nil, sharedUser == nil else { return false }
      return looseVersion.read(content, keepingFirst: false)
    }

    /// The package in AOSP's `Unable to find package: NAME` (DumpHelper.doDump, Android 12 and
    /// later: the name as asked for, one word).
    private static func notFoundPackage(_ content: ArraySlice<UInt8>) -> String? {
      let prefix = "Unable to find package: "
      guard content.starts(with: prefix.utf8) else { return nil }
      let name = content.dropFirst(prefix.utf8.count)
      guard !name.isEmpty, !name.contains(UInt8(ascii: " ")), !name.contains(UInt8(ascii: "\t")) else { return nil }
      return String(decoding: name, as: UTF8.self)
    }

    /// The name in a `requested permissions:` line: `android.permission.CAMERA`, or
    /// `android.permission.ACCESS_BACKGROUND_LOCATION: restricted=true` (Android 10 and later).
    private static func requestedName(_ content: ArraySlice<UInt8>) -> String? {
      let end = content.firstIndex(of: UInt8(ascii: ":")) ?? content.endIndex
      let name = content[content.startIndex..<end]
      guard !name.isEmpty, name.count <= 256, name.contains(UInt8(ascii: ".")),
        name.allSatisfy({ byte in
          (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
        })
      else { return nil }
      if end < content.endIndex {
        guard content[end...].starts(with: ": ".utf8) else { return nil }
      }
      return String(decoding: name, as: UTF8.self)
    }

    /// Adds `name` to the `requested permissions:` of `package` in this dump.
    private mutating func addRequested(_ name: String, package: String, line: Int) {
      if let last = scan.requested.indices.last, scan.requested[last].dump == dump,
        scan.requested[last].package == package
      {
        guard scan.requested[last].names.count < DumpsysScan.maxRequestedNames else { return }
        scan.requested[last].names.append((name, line))
        return
      }
      guard scan.requested.count < DumpsysScan.maxRequestedBlocks else { return }
      scan.requested.append(DumpsysRequested(dump: dump, package: package, names: [(name, line)], sdk: sdk))
    }

    /// The number in getprop's `[ro.build.version.sdk]: [34]`.
    private static func sdkValue(_ content: ArraySlice<UInt8>) -> Int? {
      let prefix = "[ro.build.version.sdk]: ["
      guard content.starts(with: prefix.utf8), content.last == UInt8(ascii: "]") else { return nil }
      let digits = content.dropFirst(prefix.utf8.count).dropLast()
      guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
      return Int(String(decoding: digits, as: UTF8.self))
    }

    private static func tooLong(_ line: Int) -> DumpsysProblem {
      DumpsysProblem(
        line: line,
        message:
          "the line is longer than \(LineReader.maxLineBytes >> 20) MiB and its permission line does not fit in the last part StateProof keeps; it is not read"
      )
    }

    private mutating func problem(_ problem: DumpsysProblem) {
      problems.append(problem)
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
      installed = nil
      userIndent = nil
      section = .unspecified
    }

    private mutating func record(_ permission: PermissionLine, at number: Int, time: EvidenceTime?) {
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
      var entry = DumpsysEntry(
        line: permission, lineNumber: number, package: block == .loose ? nil : package,
        sharedUser: block == .loose ? nil : sharedUser, installed: inOtherSection ? nil : installed,
        user: permission.userId ?? (inOtherSection ? nil : user),
        section: inOtherSection ? .unspecified : section, block: block, dump: dump)
      let key = ReadBackKey(block: block, package: entry.package, sharedUser: entry.sharedUser, user: entry.user)
      if var open = readBack, open.key == key, !open.names.contains(permission.name) {
        open.names.insert(permission.name)
        readBack = open
      } else {
        readBack = (key, nextReadBack, [permission.name])
        nextReadBack += 1
      }
      entry.readBack = readBack!.id
      entry.sdk = sdk
      entry.time = time
      if top == nil, block == .loose, !looseVersion.isEmpty { entry.version = looseVersion }
      scan.entries.append(entry)
    }

    /// Gives shared-user lines the packages of their dump that declare the shared user, and
    /// notes the problems left out.
    mutating func finish() -> DumpsysScan {
      endSensorPrivacy()
      let headerless = scan.isHeaderless
      for index in scan.entries.indices {
        let entry = scan.entries[index]
        switch entry.block {
        case .package, .hiddenSystemPackage:
          scan.entries[index].version = entry.package.flatMap { scan.versions[entry.dump]?[$0] }
        case .loose:
          // Version lines outside every block speak for the app only where nothing names a package.
          if !headerless { scan.entries[index].version = nil }
        case .sharedUser:
          guard let name = entry.sharedUser else { continue }
          let declaring = (links[entry.dump] ?? [:]).filter { $0.value == name }.map(\.key).sorted()
          scan.entries[index].members = declaring.map { package in
            SharedUserMember(
              package: package,
              installed: entry.user.flatMap { installedFor[entry.dump]?[package]?[$0] },
              build: scan.versions[entry.dump]?[package]?.build(source: DumpsysScan.versionSource))
          }
        }
      }
      scan.problems = problems.listed { first, message in DumpsysProblem(line: first.line, message: message) }
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
