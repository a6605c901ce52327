import Foundation
import StateProofSystem
import StateProofTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Scratch folders live in this user's private folder, in a run folder the live run holds
/// locked; cleanup removes only run folders whose lock it can take (issue 45).
@Suite(.temporaryFolders) struct ScratchFolderTests {
  /// Makes `parent/name` as a run folder a run left: its lock file (free) and a file.
  static func runFolder(_ name: String, in parent: String, lock: Bool = true) throws -> String {
    let folder = parent + "/" + name
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(count: 4096).write(to: URL(fileURLWithPath: folder + "/decoded"))
    if lock { try Data().write(to: URL(fileURLWithPath: folder + "/" + ScratchFolder.lockName)) }
    return folder
  }

  /// A private folder under a fresh base, made as a run makes it.
  static func privateParent() throws -> (base: URL, parent: String) {
    let base = try TemporaryFolder.make()
    let parent = ScratchFolder.privateParent(in: base)
    try #require(mkdir(parent, 0o700) == 0)
    return (base, parent)
  }

  /// Whether another open file could take `path`'s lock now (it is taken and let go at once).
  static func isFree(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return flock(descriptor, LOCK_EX | LOCK_NB) == 0
  }

  @Test func aScratchFolderLivesInThisUsersPrivateFolderInARunFolderItHoldsLocked() throws {
    let base = try TemporaryFolder.make()
    let folder = try ScratchFolder.make("test", in: base)
    let run = folder.deletingLastPathComponent()
    let parent = ScratchFolder.privateParent(in: base)
    #expect(run.deletingLastPathComponent().path == parent)
    #expect(run.lastPathComponent.hasPrefix(ScratchFolder.runPrefix))
    #expect(folder.lastPathComponent.hasPrefix("test-"))
    var status = stat()
    #expect(lstat(parent, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_mode & 0o777 == 0o700)
    #expect(!Self.isFree(run.appendingPathComponent(ScratchFolder.lockName).path))
    // The same run's next folder goes in the same run folder.
    #expect(try ScratchFolder.make("other", in: base).deletingLastPathComponent() == run)
    // This run lives: its folder stays.
    #expect(ScratchFolder.removeStale(keeping: [], in: base).isEmpty)
    #expect(FileManager.default.fileExists(atPath: folder.path))
  }

  @Test func aRunFolderWhoseLockIsFreeGoesOneHeldOrWithoutALockStays() throws {
    let (base, parent) = try Self.privateParent()
    let ended = try Self.runFolder("run-ended", in: parent)
    let live = try Self.runFolder("run-live", in: parent)
    let unlocked = try Self.runFolder("run-unlocked", in: parent, lock: false)
    let unknown = try Self.runFolder("someone-elses", in: parent)
    let beside = try Self.runFolder("stateproof-sqlite-1", in: base.path)
    try Data("1\n".utf8).write(to: URL(fileURLWithPath: beside + "/.stateproof-owner"))
    let held = open(live + "/" + ScratchFolder.lockName, O_RDONLY | O_CLOEXEC)
    try #require(held >= 0 && flock(held, LOCK_EX) == 0)
    defer { close(held) }
    #expect(ScratchFolder.removeStale(keeping: [], in: base) == [ended])
    #expect(!FileManager.default.fileExists(atPath: ended))
    for kept in [live, unlocked, unknown, beside] {
      #expect(FileManager.default.fileExists(atPath: kept + "/decoded"), "\(kept)")
    }
  }

  @Test func aRunFolderThatIsOrHoldsEvidenceStays() throws {
    let (base, parent) = try Self.privateParent()
    let given = try Self.runFolder("run-given", in: parent)
    let holding = try Self.runFolder("run-holding", in: parent)
    try FileManager.default.createDirectory(atPath: holding + "/downloaded", withIntermediateDirectories: true)
    let ended = try Self.runFolder("run-ended", in: parent)
    // Named as evidence may be: through `..`, and through a link.
    let dotted = parent + "/../" + (parent as NSString).lastPathComponent + "/run-given"
    let link = try TemporaryFolder.make().appendingPathComponent("evidence").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: holding + "/downloaded")
    #expect(ScratchFolder.removeStale(keeping: [dotted, link], in: base) == [ended])
    #expect(FileManager.default.fileExists(atPath: given + "/decoded"))
    #expect(FileManager.default.fileExists(atPath: holding + "/decoded"))
  }

  @Test func evidenceHoldingThePrivateFolderKeepsEveryRunFolder() throws {
    let (base, parent) = try Self.privateParent()
    let ended = try Self.runFolder("run-ended", in: parent)
    #expect(ScratchFolder.removeStale(keeping: [base.path], in: base).isEmpty)
    #expect(FileManager.default.fileExists(atPath: ended + "/decoded"))
  }

  @Test func aLinkPlantedAsThePrivateFolderIsRefused() throws {
    let base = try TemporaryFolder.make()
    let target = try TemporaryFolder.make().path
    let planted = try Self.runFolder("run-ended", in: target)
    let parent = ScratchFolder.privateParent(in: base)
    try FileManager.default.createSymbolicLink(atPath: parent, withDestinationPath: target)
    #expect(throws: ScratchFolderError.notPrivate(path: parent, reason: "a symbolic link")) {
      try ScratchFolder.make("test", in: base)
    }
    #expect(ScratchFolder.removeStale(keeping: [], in: base).isEmpty)
    #expect(FileManager.default.fileExists(atPath: planted + "/decoded"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: target) == ["run-ended"])
  }

  @Test func aFilePlantedAsThePrivateFolderIsRefused() throws {
    let base = try TemporaryFolder.make()
    let parent = ScratchFolder.privateParent(in: base)
    try Data("mine".utf8).write(to: URL(fileURLWithPath: parent))
    #expect(throws: ScratchFolderError.notPrivate(path: parent, reason: "not a folder")) {
      try ScratchFolder.make("test", in: base)
    }
    #expect(ScratchFolder.removeStale(keeping: [], in: base).isEmpty)
    #expect(try String(contentsOfFile: parent, encoding: .utf8) == "mine")
  }

  /// Only root can give a folder to another user to plant it.
  @Test(.enabled(if: geteuid() == 0, "needs root to make a folder another user owns"))
  func anotherUsersPrivateFolderIsRefused() throws {
    let (base, parent) = try Self.privateParent()
    let planted = try Self.runFolder("run-ended", in: parent)
    try #require(chown(parent, 4242, 4242) == 0)
    #expect(throws: ScratchFolderError.notPrivate(path: parent, reason: "owned by user 4242, not by this user (0)")) {
      try ScratchFolder.make("test", in: base)
    }
    #expect(ScratchFolder.removeStale(keeping: [], in: base).isEmpty)
    #expect(FileManager.default.fileExists(atPath: planted + "/decoded"))
  }

  @Test func aPrivateFolderOpenToOthersIsClosedAgain() throws {
    let (base, parent) = try Self.privateParent()
    try #require(chmod(parent, 0o777) == 0)
    _ = try ScratchFolder.make("test", in: base)
    var status = stat()
    #expect(lstat(parent, &status) == 0 && status.st_mode & 0o777 == 0o700)
  }

  /// `unshare`'s options that start a program in a PID namespace of its own, or nil (saying
  /// why) where this machine cannot. The user's ids need not map: only a lock is taken there.
  static let pidNamespace: [String]? = {
    guard let unshare = ["/usr/bin/unshare", "/bin/unshare"].first(where: FileManager.default.isExecutableFile),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")
    else {
      print("ScratchFolderTests: no unshare or flock here, so no lock from another PID namespace")
      return nil
    }
    let options = getuid() == 0 ? ["--pid", "--fork"] : ["--user", "--map-root-user", "--pid", "--fork"]
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: unshare)
    probe.arguments = options + ["/bin/sh", "-c", "test $$ = 1"]
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return nil }
    probe.waitUntilExit()
    guard probe.terminationStatus == 0 else {
      print("ScratchFolderTests: `unshare \(options.joined(separator: " "))` cannot start a PID namespace here")
      return nil
    }
    return [unshare] + options
  }()

  /// A run in another PID namespace (a container sharing `$TMPDIR`) holds its folder's lock: its
  /// process id means nothing here, the lock does, until that run ends.
  @Test(.enabled(if: pidNamespace != nil, "needs unshare to start a PID namespace, and flock"))
  func aLockHeldFromAnotherPIDNamespaceKeepsTheFolderUntilThatRunEnds() throws {
    let namespace = try #require(Self.pidNamespace)
    let (base, parent) = try Self.privateParent()
    let folder = try Self.runFolder("run-elsewhere", in: parent)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: namespace[0])
    process.arguments =
      Array(namespace.dropFirst()) + [
        "/usr/bin/flock", folder + "/" + ScratchFolder.lockName, "/bin/sh", "-c", "echo $$; read line",
      ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // It prints its id, as its namespace numbers it, once it holds the lock.
    let line = output.fileHandleForReading.availableData
    #expect(String(decoding: line, as: UTF8.self) == "2\n")
    #expect(ScratchFolder.removeStale(keeping: [], in: base).isEmpty)
    #expect(FileManager.default.fileExists(atPath: folder + "/decoded"))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(ScratchFolder.removeStale(keeping: [], in: base) == [folder])
  }
}
