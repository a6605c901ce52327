import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofModel
@testable import StateProofRead
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// No run deletes what it did not make (issue 45): a run removes only the run folders in its
/// user's private scratch folder whose lock it can take, never `$TMPDIR/stateproof-*` as such,
/// never evidence, and never the scratch of a live run in another PID namespace.
@Suite(.temporaryFolders)
struct ScratchCleanupTests {
  /// The id of a process that has ended.
  static func deadProcess() throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "exit 0"]
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  /// Every regular file under `folder`, by its path inside it.
  static func files(under folder: URL) -> Set<String> {
    var found: Set<String> = []
    let walker = FileManager.default.enumerator(atPath: folder.path)
    while let path = walker?.nextObject() as? String {
      var status = stat()
      if lstat(folder.appendingPathComponent(path).path, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
        found.insert(path)
      }
    }
    return found
  }

  /// Runs `report` over `evidence` with `TMPDIR` set to `temporary`; its report.
  static func report(_ evidence: String, temporary: URL) throws -> Report {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let ended = try TestSupport.spawn(
      ["report", "--quiet", "--format", "json", "--out", out.path, evidence], environment: ["TMPDIR": temporary.path])
    #expect(!ended.bySignal && ended.status != 2, "\(ended.errors)")
    return try JSONDecoder().decode(Report.self, from: Data(contentsOf: out.appendingPathComponent("report.json")))
  }

  /// Evidence downloaded into `mktemp -d -t stateproof-evidence.XXXXXX` whose artifact carries
  /// the marker earlier versions left in their scratch folders, naming a process that has ended:
  /// the run over it removes none of it, and reads it all.
  @Test func markedEvidenceInTheTemporaryFolderIsReadAndKept() throws {
    let temporary = try TestSupport.temporaryFolder()
    let evidence = temporary.appendingPathComponent("stateproof-evidence.Xq3T9v")
    try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.scannerExample), to: evidence)
    try Data("\(try Self.deadProcess())\n".utf8).write(to: evidence.appendingPathComponent(".stateproof-owner"))
    let before = Self.files(under: evidence)
    #expect(before.count > 20)
    let marked = try Self.report(evidence.path, temporary: temporary)
    #expect(Self.files(under: evidence) == before)
    // Read as the same evidence anywhere else is.
    let plain = try Self.report(TestSupport.scannerExample, temporary: try TestSupport.temporaryFolder())
    let listed = Set(marked.evidence.map(\.path))
    #expect(Set(plain.evidence.map(\.path)).isSubset(of: listed))
    #expect(marked.evidence.filter { $0.status == .read }.count == plain.evidence.filter { $0.status == .read }.count)
    #expect(marked.platforms.flatMap(\.rows).map(\.status) == plain.platforms.flatMap(\.rows).map(\.status))
  }

  /// In the private folder, a killed run's folder (its lock free) goes with the next run; a live
  /// run's (its lock held), one without a lock, and anything in `$TMPDIR` itself stay.
  @Test func aKilledRunsFolderIsRemovedByTheNextRunALiveOnesIsNot() throws {
    let temporary = try TestSupport.temporaryFolder()
    let parent = ScratchFolder.privateParent(in: temporary)
    try FileManager.default.createDirectory(
      atPath: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    func folder(_ path: String, lock: Bool) throws -> URL {
      let url = URL(fileURLWithPath: path)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      try Data(count: 1 << 20).write(to: url.appendingPathComponent("decoded"))
      if lock { try Data().write(to: url.appendingPathComponent(ScratchFolder.lockName)) }
      return url
    }
    let killed = try folder(parent + "/run-killed", lock: true)
    let live = try folder(parent + "/run-live", lock: true)
    let unlocked = try folder(parent + "/run-unlocked", lock: false)
    let old = try folder(temporary.path + "/stateproof-xcresult-old", lock: false)
    try Data("\(try Self.deadProcess())\n".utf8).write(to: old.appendingPathComponent(".stateproof-owner"))
    let held = open(live.appendingPathComponent(ScratchFolder.lockName).path, O_RDONLY | O_CLOEXEC)
    try #require(held >= 0 && flock(held, LOCK_EX) == 0)
    defer { close(held) }
    _ = try Self.report(TestSupport.scannerExample, temporary: temporary)
    #expect(!FileManager.default.fileExists(atPath: killed.path))
    for kept in [live, unlocked, old] {
      #expect(
        FileManager.default.fileExists(atPath: kept.appendingPathComponent("decoded").path), "\(kept.lastPathComponent)"
      )
    }
  }

  /// `unshare`'s options that start a program in a PID namespace of its own as this same user,
  /// or nil (saying why) where this machine cannot.
  static let pidNamespace: [String]? = {
    guard let unshare = TestSupport.executable("unshare") else {
      print("ScratchCleanupTests: no unshare here, so no PID namespace")
      return nil
    }
    // Root needs no user namespace; anyone else maps their own ids into one (util-linux 2.38).
    let options =
      getuid() == 0
      ? ["--pid", "--fork"] : ["--user", "--map-user=\(getuid())", "--map-group=\(getgid())", "--pid", "--fork"]
    guard let probe = try? TestSupport.runProgram(unshare, options + ["/bin/sh", "-c", "test $$ = 1"]),
      probe.status == 0
    else {
      print("ScratchCleanupTests: `unshare \(options.joined(separator: " "))` cannot start a PID namespace here")
      return nil
    }
    return [unshare] + options
  }()

  /// Two runs in PID namespaces of their own (containers sharing `$TMPDIR`): neither sees the
  /// other's processes, so a process id cannot tell the first run's scratch is in use, and the
  /// second run's cleanup must leave it alone while the first still reads from it.
  @Test(
    .enabled(if: pidNamespace != nil, "needs unshare to start a PID namespace"),
    .enabled(if: Zstd.isAvailable && SQLiteDatabase.isAvailable, "needs libzstd1 and libsqlite3-0"))
  func aRunInAnotherPIDNamespaceKeepsALiveRunsScratch() throws {
    let namespace = try #require(Self.pidNamespace)
    let binary = try TestSupport.binary()
    let temporary = try TestSupport.temporaryFolder()
    // The first run's report goes beside a folder this test holds locked, so the run waits there
    // (FolderLock) with the bundle read: its decoded screenshots still in its scratch folder.
    let waiting = try TestSupport.temporaryFolder()
    let held = open(waiting.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    try #require(held >= 0 && flock(held, LOCK_EX) == 0)
    var released = false
    defer { if !released { close(held) } }
    // Started after three other processes, its id in its namespace (5) is no process's in the
    // second run's, which holds two.
    let first = [
      "/bin/sh", "-c", "/bin/true; /bin/true; /bin/true; \"$0\" \"$@\"; exit $?", binary,
      "report", "--quiet", "--format", "json", "--out", waiting.appendingPathComponent("report").path,
      TestSupport.repositoryRoot.appendingPathComponent("examples/bundle").path,
    ]
    let ended = try TestSupport.spawn(
      Array(namespace.dropFirst()) + first, environment: ["TMPDIR": temporary.path], executable: namespace[0],
      timeout: 120
    ) { _ in
      // Its decoded screenshots, once they stop coming (it waits for the lock with all written).
      var scratch: Set<String> = []
      let deadline = Date().addingTimeInterval(60)
      while Date() < deadline {
        usleep(200_000)
        let now = Self.files(under: temporary)
        let decoded = now.filter {
          ![ScratchFolder.lockName, ".stateproof-owner"].contains(($0 as NSString).lastPathComponent)
        }
        if !decoded.isEmpty, now == scratch { break }
        scratch = now
      }
      try #require(scratch.count > 1, "the first run made no scratch folder")
      let second = try TestSupport.spawn(
        Array(namespace.dropFirst()) + [
          "/bin/sh", "-c", "\"$0\" \"$@\"; exit $?", binary, "report", "--quiet", "--format", "json", "--out",
          try TestSupport.temporaryFolder().appendingPathComponent("report").path, TestSupport.scannerExample,
        ], environment: ["TMPDIR": temporary.path], executable: namespace[0])
      #expect(!second.bySignal && second.status != 2, "\(second.errors)")
      let left = Self.files(under: temporary)
      #expect(scratch.isSubset(of: left), "removed: \(scratch.subtracting(left).sorted())")
      released = true
      close(held)
    }
    #expect(!ended.bySignal && ended.status == 1, "\(ended.errors)")
    let report = try JSONDecoder().decode(
      Report.self, from: Data(contentsOf: waiting.appendingPathComponent("report/report.json")))
    #expect(report.platforms.flatMap(\.rows).contains { $0.status == .covered })
  }
}
