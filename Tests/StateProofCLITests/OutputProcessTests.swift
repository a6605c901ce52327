import Foundation
import StateProofDiscover
import StateProofModel
import Testing
import StateProofTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `stateproof` binary as CI runs it: standard output closed or on a full disk, signals, a
/// folder given as `.`, several runs at once, a mount point. Each run has a time limit.
@Suite(.temporaryFolders) struct OutputProcessTests {
  private let manager = FileManager.default

  private func leftovers(in folder: URL) throws -> [String] {
    try manager.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".stateproof-staging-") }
  }

  @Test func outDotInAProjectFolderLosesNothing() throws {
    let project = try TestSupport.temporaryFolder()
    try Data("<html>site</html>".utf8).write(to: project.appendingPathComponent("index.html"))
    try manager.createDirectory(at: project.appendingPathComponent("src"), withIntermediateDirectories: false)
    try Data("code".utf8).write(to: project.appendingPathComponent("src/main.c"))
    try manager.createDirectory(at: project.appendingPathComponent(".git"), withIntermediateDirectories: false)
    let ended = try TestSupport.spawn(["report", "--out", ".", TestSupport.scannerExample], in: project)
    #expect(ended.status == 2 && !ended.bySignal)
    #expect(ended.errors.contains("holds files StateProof did not write"), "\(ended.errors)")
    #expect(try manager.contentsOfDirectory(atPath: project.path).sorted() == [".git", "index.html", "src"])
    #expect(try String(contentsOf: project.appendingPathComponent("src/main.c"), encoding: .utf8) == "code")
  }

  /// Standard output is a pipe whose reader is gone (`stateproof … | head -c0`).
  @Test(arguments: [["help", "report"], ["inspect", "--format", "json", TestSupport.scannerExample], ["--version"]])
  func aClosedPipeIsExitTwoNotACrash(arguments: [String]) throws {
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let ended = try TestSupport.spawn(arguments, output: pipe.fileHandleForWriting)
    #expect(!ended.bySignal, "ended by signal \(ended.status)")
    #expect(ended.status == 2)
    #expect(ended.errors.contains("cannot write to standard output: Broken pipe"), "\(ended.errors)")
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
  func aFullDiskIsExitTwoNotACrash() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let version = try TestSupport.spawn(["--version"], output: full)
    #expect(!version.bySignal && version.status == 2)
    #expect(version.errors.contains("cannot write to standard output: No space left on device"), "\(version.errors)")

    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    let summary = try TestSupport.spawn(
      ["report", "--github-summary", "--out", out.path, TestSupport.scannerExample],
      environment: ["GITHUB_STEP_SUMMARY": "/dev/full"])
    #expect(!summary.bySignal && summary.status == 2)
    #expect(
      summary.errors.contains("cannot write to the job summary /dev/full: No space left on device"), "\(summary.errors)"
    )

    let log = TestSupport.scannerExample + "/android/seed/seed-camera-blocked.log"
    let record = try TestSupport.spawn(
      ["seed-check", "--permission", "android.permission.CAMERA", "--want", "blocked", "--record", "/dev/full", log])
    #expect(!record.bySignal && record.status == 2)
    #expect(record.errors.contains("cannot write to the seed record /dev/full"), "\(record.errors)")
  }

  /// A signal while the report is being copied into place leaves no staging folder and no half
  /// report, and still ends the process by that signal.
  @Test(arguments: [SIGINT, SIGTERM])
  func aSignalLeavesNoStagingFolder(signal: Int32) throws {
    let folder = try TestSupport.temporaryFolder()
    let shot = folder.appendingPathComponent("evidence/android/camera/blocked.png")
    try manager.createDirectory(at: shot.deletingLastPathComponent(), withIntermediateDirectories: true)
    // A real PNG header, then 256 MB (sparse) the report copies into assets/: a slow copy.
    let png = try Data(
      contentsOf: URL(fileURLWithPath: TestSupport.scannerExample + "/android/screenshots/camera/blocked.png"))
    try png.prefix(64).write(to: shot)
    let handle = try FileHandle(forWritingTo: shot)
    try handle.truncate(atOffset: 256 << 20)
    try handle.close()

    var sawStaging = false
    let ended = try TestSupport.spawn(["report", "--out", "out", "evidence"], in: folder) { process in
      let deadline = Date().addingTimeInterval(30)
      while process.isRunning, Date() < deadline, !sawStaging {
        sawStaging = !(try leftovers(in: folder)).isEmpty
        if !sawStaging { usleep(1_000) }
      }
      kill(process.processIdentifier, signal)
    }
    #expect(sawStaging, "the run never had a staging folder to interrupt")
    #expect(ended.bySignal && ended.status == signal, "ended with \(ended.status), by signal: \(ended.bySignal)")
    #expect(try leftovers(in: folder) == [])
    #expect(!manager.fileExists(atPath: folder.appendingPathComponent("out").path))
  }

  @Test func concurrentProcessesToOneFolderAllSucceed() throws {
    let folder = try TestSupport.temporaryFolder()
    let statuses = CapturedText()
    DispatchQueue.concurrentPerform(
      iterations: 3,
      execute: TemporaryFolder.carried { _ in
        let ended = try? TestSupport.spawn(["report", "--out", "r", TestSupport.scannerExample], in: folder)
        statuses.append(ended.map { "\($0.status)" } ?? "x")
      })
    #expect(statuses.text == "111")
    let out = folder.appendingPathComponent("r")
    let marker = try JSONDecoder().decode(
      ReportMarker.self, from: Data(contentsOf: out.appendingPathComponent(ReportMarker.fileName)))
    for file in marker.files { #expect(manager.fileExists(atPath: out.appendingPathComponent(file).path), "\(file)") }
    #expect(try leftovers(in: folder) == [])
    #expect(try leftovers(in: out) == [])
  }

  /// `--out` is a mount point (a container volume): it cannot be renamed, so it is written in
  /// place. Needs root for `unshare -m` and `mount`; elsewhere the test does not run.
  @Test(.enabled(if: OutputProcessTests.canMount))
  func aMountPointIsWrittenInPlace() throws {
    let folder = try TestSupport.temporaryFolder()
    let volume = folder.appendingPathComponent("volume")
    try manager.createDirectory(at: volume, withIntermediateDirectories: false)
    let binary = try TestSupport.binary()
    let script = """
      mount -t tmpfs none "$1" || exit 99
      "$2" report --out "$1" "$3" >/dev/null; first=$?
      echo kept > "$1/notes.txt"
      "$2" report --out "$1" "$3" >/dev/null; second=$?
      ls -A "$1" | tr '\\n' ' '
      echo "$first $second"
      """
    let result = try TestSupport.runProgram(
      "/usr/bin/unshare", ["-m", "sh", "-c", script, "sh", volume.path, binary, TestSupport.scannerExample])
    #expect(result.status == 0, "\(result.errors)")
    #expect(
      result.output
        == ".stateproof-report.json SHA256SUMS assets index.html junit.xml notes.txt report.json report.md 1 1\n",
      "\(result.output) \(result.errors)")
    #expect(try manager.contentsOfDirectory(atPath: folder.path) == ["volume"])
  }

  static let canMount: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"), getuid() == 0 else { return false }
    return (try? TestSupport.runProgram("/usr/bin/unshare", ["-m", "true"]).status) == 0
  }()
}
