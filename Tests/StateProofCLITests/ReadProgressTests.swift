import Foundation
import Testing

@testable import StateProofCLI
@testable import StateProofModel
import StateProofTestSupport

/// The read stage's progress on standard error: throttled, ended with a newline, files listed
/// with `--verbose`.
@Suite struct ReadProgressTests {
  /// A clock the test moves by hand.
  final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var nanoseconds: UInt64 = 1_000

    func advance(milliseconds: UInt64) { lock.withLock { nanoseconds += milliseconds * 1_000_000 } }
    var now: UInt64 { lock.withLock { nanoseconds } }
  }

  static func record(_ path: String, bytes: Int) -> FileRecord {
    FileRecord(root: "r", path: path, kind: .junit, bytes: bytes, sha256: nil)
  }

  @Test func terminalLineRewritesItselfAtMostTenTimesASecond() throws {
    let clock = Clock()
    let written = CapturedText()
    let progress = ReadProgress(display: .terminal, verbose: false, write: { written.append($0) }, now: { clock.now })
    progress.start(files: 3, bytes: 3_000_000)
    progress.read(bytes: 1_000_000)
    clock.advance(milliseconds: 50)
    progress.read(bytes: 1_000_000)
    clock.advance(milliseconds: 60)
    progress.finished(Self.record("a.xml", bytes: 2_000_000))
    try progress.end()
    let updates = written.text.components(separatedBy: "\r").filter { !$0.isEmpty }
    #expect(updates.count == 3)
    #expect(updates.first?.hasPrefix("stateproof: read 0 of 3 files, 1.0 MB of 3.0 MB") == true)
    #expect(updates.last?.hasPrefix("stateproof: read 1 of 3 files, 2.0 MB of 3.0 MB") == true)
    #expect(written.text.hasSuffix("\n"))
    #expect(written.text.filter { $0 == "\n" }.count == 1)
  }

  /// One file is "1 file" (issue 48).
  @Test func oneFileIsOneFile() throws {
    let written = CapturedText()
    let progress = ReadProgress(display: .terminal, verbose: false, write: { written.append($0) }, now: { 0 })
    progress.start(files: 1, bytes: 1_000)
    progress.read(bytes: 1_000)
    try progress.end()
    #expect(written.text.contains("stateproof: read 0 of 1 file, "), "\(written.text)")
  }

  @Test func logLinesComeAtMostOnceASecond() throws {
    let clock = Clock()
    let written = CapturedText()
    let progress = ReadProgress(display: .lines, verbose: false, write: { written.append($0) }, now: { clock.now })
    progress.start(files: 2, bytes: 2_000)
    progress.finished(Self.record("a.xml", bytes: 1_000))
    clock.advance(milliseconds: 500)
    progress.finished(Self.record("b.xml", bytes: 1_000))
    try progress.end()
    #expect(!written.text.contains("\r"))
    #expect(written.text.split(separator: "\n").count == 2)
  }

  @Test func verboseListsEachFile() throws {
    let written = CapturedText()
    let progress = ReadProgress(display: .none, verbose: true, write: { written.append($0) })
    progress.start(files: 1, bytes: 1_500)
    progress.finished(Self.record("junit/TEST-a.xml", bytes: 1_500))
    try progress.end()
    #expect(written.text == "stateproof: read junit/TEST-a.xml (junit, 1.5 kB)\n")
  }

  @Test(arguments: [(0, "0 B"), (999, "999 B"), (1_000, "1.0 kB"), (1_234_567, "1.2 MB"), (3_900_000_000, "3.9 GB")])
  func sizesAreDecimal(bytes: Int, text: String) {
    #expect(ReadProgress.size(bytes) == text)
  }
}
