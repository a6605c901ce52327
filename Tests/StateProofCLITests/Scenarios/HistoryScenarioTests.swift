import Foundation
import Testing
import StateProofTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@testable import StateProofCLI
@testable import StateProofKit
@testable import StateProofModel

/// `report --history`, `stateproof history` and `verify --history` over five real sign-offs of
/// changed copies of `examples/scanner`: without its iOS evidence (4.0), without any screenshot
/// (4.1), as shipped (4.2), with the blocked test failing (4.3), and as shipped with its two gaps
/// accepted (4.4).
@Suite(.temporaryFolders) struct HistoryScenarioTests {
  /// The five copies, each with its release in its configuration, and the extra options each
  /// sign-off is made with.
  static func signOffs() throws -> [(release: String, folder: URL, options: [String])] {
    let base = try TestSupport.temporaryFolder()
    var made: [(String, URL, [String])] = []
    for release in ["4.0", "4.1", "4.2", "4.3", "4.4"] {
      let folder = base.appendingPathComponent("scanner-\(release)")
      try FileManager.default.copyItem(at: URL(fileURLWithPath: TestSupport.scannerExample), to: folder)
      let scenario = ExampleScenario(root: folder)
      let configuration = try scenario.read("stateproof.json")
      try scenario.write(
        "stateproof.json", configuration.replacingOccurrences(of: "\"4.2.0 (RC 1)\"", with: "\"\(release)\""))
      var options: [String] = []
      switch release {
      case "4.0":
        try scenario.remove("ios")
      case "4.1":
        for file in ["png", "jpg", "heic"].flatMap(scenario.files(endingIn:)) { try scenario.remove(file) }
      case "4.3":
        let results = "android/app/build/outputs/androidTest-results/connected/release/TEST-Pixel 8 - 14-_app-.xml"
        let text = try scenario.read(results)
        let passing =
          #"<testcase name="blockedCameraShowsSettingsLinkOnlyAfterTap" classname="com.example.scanner.CameraStateTest" time="3.118" />"#
        #expect(text.contains(passing))
        try scenario.write(
          results,
          text.replacingOccurrences(
            of: passing,
            with:
              #"<testcase name="blockedCameraShowsSettingsLinkOnlyAfterTap" classname="com.example.scanner.CameraStateTest" time="3.118"><failure message="no settings link after the tap">AssertionError</failure></testcase>"#
          ))
      case "4.4":
        options = [
          "--allow", "missing-receipt:ios=no iOS device farm this release",
          "--allow", "missing-screenshot:ios/camera/restricted=the restricted screen is redesigned in 4.5",
        ]
      default: break
      }
      made.append((release, folder, options))
    }
    return made
  }

  /// Signs off each copy in turn into `history`, each report into `reports/RELEASE`.
  static func signOff(_ copies: [(release: String, folder: URL, options: [String])], history: URL, reports: URL) throws
    -> [Int32]
  {
    try copies.map { copy in
      let out = reports.appendingPathComponent(copy.release).path
      // A week apart: 4.0 on the 1st, 4.4 on the 29th.
      let day = 1 + 7 * Int(String(copy.release.last!))!
      let time = "2025-11-\(day < 10 ? "0" : "")\(day)T16:00:00Z"
      let run = TestSupport.run(
        ["report", "--generated-at", time, "--history", history.path, "--attestation"]
          + copy.options + ["--out", out, "--quiet", copy.folder.path])
      #expect(run.errors.isEmpty, "\(copy.release): \(run.errors)")
      return run.status
    }
  }

  /// The Markdown's grid: each row's key and its cells' symbols.
  static func grid(_ markdown: String) -> [String: String] {
    var grid: [String: String] = [:]
    for line in markdown.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      grid[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells.dropFirst().joined(separator: " ")
    }
    return grid
  }

  @Test func fiveSignOffsGiveTheirGridStreaksAndRegressions() throws {
    let copies = try Self.signOffs()
    let work = try TestSupport.temporaryFolder()
    let history = work.appendingPathComponent("sign-offs.jsonl")
    let statuses = try Self.signOff(copies, history: history, reports: work.appendingPathComponent("reports"))
    #expect(statuses == [1, 1, 1, 1, 0])

    let lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 5)
    let records = try StateProof.history(contentsOf: history.path).records
    #expect(records.map(\.release) == ["4.0", "4.1", "4.2", "4.3", "4.4"])
    #expect(records.map(\.signOff) == [1, 2, 3, 4, 5])
    #expect(records.map(\.verdict) == [.notReady, .notReady, .notReady, .notReady, .ready])
    #expect(records.map(\.counts.proven) == [5, 1, 8, 7, 8])
    #expect(records[4].accepted.map(\.code) == [.missingReceipt, .missingScreenshot])
    #expect(records[4].accepted.map(\.reason).last == "the restricted screen is redesigned in 4.5")
    #expect(records.allSatisfy { $0.attestationSHA256 != nil })
    // Each line's report.json is the report folder's, by SHA-256.
    let checked = try StateProof.verifyHistory(history.path, reports: [work.appendingPathComponent("reports").path])
    #expect(checked.problems.isEmpty)
    #expect(checked.reports.map(\.state) == Array(repeating: .matches, count: 5))
    #expect(checked.reports.map(\.line) == [1, 2, 3, 4, 5])
    #expect(checked.lastLineChecked)

    // After the fourth sign-off: the blocked row regressed.
    let four = work.appendingPathComponent("four.jsonl")
    try Data((lines.prefix(4).joined(separator: "\n") + "\n").utf8).write(to: four)
    let fourPages = work.appendingPathComponent("four-pages")
    #expect(TestSupport.run(["history", four.path, "--out", fourPages.path]).status == 0)
    let fourMarkdown = try String(contentsOf: fourPages.appendingPathComponent("history.md"), encoding: .utf8)
    #expect(
      fourMarkdown.contains(
        "- `android/camera/blocked`: proven at 4.2 (sign-off 3), failing since 4.3 (sign-off 4)"))
    #expect(Self.grid(fourMarkdown)["android/camera/blocked"] == "✓ ○ ✓ ✗")

    // After the fifth: nothing regressed; the two accepted gaps have been open for five sign-offs.
    let pages = work.appendingPathComponent("pages")
    let rendered = TestSupport.run(["history", history.path, "--out", pages.path])
    #expect(rendered.status == 0, "\(rendered.errors)")
    let markdown = try String(contentsOf: pages.appendingPathComponent("history.md"), encoding: .utf8)
    #expect(markdown.contains("## Regressions\n\nNone."))
    #expect(
      markdown.contains(
        "- `ios receipt`: not covered for 5 sign-offs (since 4.0 (sign-off 1)), accepted since 4.4 (sign-off 5): _no iOS device farm this release_"
      ))
    #expect(
      markdown.contains(
        "- `ios/camera/restricted`: not covered for 5 sign-offs (since 4.0 (sign-off 1)), accepted since 4.4 (sign-off 5): _the restricted screen is redesigned in 4.5_"
      ))
    let grid = Self.grid(markdown)
    #expect(
      grid == [
        "ios receipt": "○ ○ ○ ○ ◐",
        "android/camera/not-asked": "✓ ○ ✓ ✓ ✓",
        "android/camera/granted": "✓ ○ ✓ ✓ ✓",
        "android/camera/denied-once": "✓ ○ ✓ ✓ ✓",
        "android/camera/blocked": "✓ ○ ✓ ✗ ✓",
        "ios/camera/not-determined": "○ ○ ✓ ✓ ✓",
        "ios/camera/authorized": "○ ○ ✓ ✓ ✓",
        "ios/camera/denied": "○ ○ ✓ ✓ ✓",
        "ios/camera/restricted": "○ ○ ○ ○ ◐",
      ])
    // Rows that stood the same all along are left out of the grid: the Android receipt passed
    // each time, policy-fixed (its test alone proves it) was proven each time.
    #expect(grid["android receipt"] == nil)
    let page = try String(contentsOf: pages.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(page.contains("<svg class=\"trend\""))
    #expect(
      page.contains(
        "<title>#4 · 4.3 · 2025-11-22T16:00:00Z: not ready; 7 proven, 0 accepted, 1 missing, 1 failing of 9 rows</title>"
      ))
    #expect(!page.contains("<script"))

    // The last report shows the trend on its first screen and links to the history page.
    let index = try String(contentsOf: work.appendingPathComponent("reports/4.4/index.html"), encoding: .utf8)
    #expect(index.contains("<div class=\"history-trend\">"))
    #expect(index.contains("<a href=\"history/index.html\">"))
    #expect(index.contains("Sign-off #5 of the history"))
  }

  @Test func aSecondRunWritesTheSameBytes() throws {
    let copies = try Self.signOffs()
    // Both runs in the same place: the report records the history file as given.
    let work = try TestSupport.temporaryFolder().appendingPathComponent("run")
    let history = work.appendingPathComponent("sign-offs.jsonl")
    var runs: [[Data]] = []
    for _ in 0..<2 {
      try? FileManager.default.removeItem(at: work)
      // report --history refuses a history whose folder is not there.
      try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
      _ = try Self.signOff(copies, history: history, reports: work.appendingPathComponent("reports"))
      let signedOff = try Data(contentsOf: history)
      // Signing the last one off again adds nothing, and makes the same report.
      #expect(
        try Self.signOff(Array(copies.suffix(1)), history: history, reports: work.appendingPathComponent("again")) == [
          0
        ])
      #expect(try Data(contentsOf: history) == signedOff)
      let out = work.appendingPathComponent("pages")
      #expect(TestSupport.run(["history", history.path, "--out", out.path]).status == 0)
      let files = ["pages/index.html", "pages/history.md", "reports/4.4/index.html", "reports/4.4/report.json"]
      runs.append([signedOff] + (try files.map { try Data(contentsOf: work.appendingPathComponent($0)) }))
      #expect(
        try Data(contentsOf: work.appendingPathComponent("again/4.4/report.json"))
          == Data(contentsOf: work.appendingPathComponent("reports/4.4/report.json")))
    }
    #expect(runs[0] == runs[1])
  }

  @Test func verifyHistoryNamesARemovedOrEditedLine() throws {
    let copies = try Self.signOffs()
    let work = try TestSupport.temporaryFolder()
    let history = work.appendingPathComponent("sign-offs.jsonl")
    let reports = work.appendingPathComponent("reports")
    _ = try Self.signOff(copies, history: history, reports: reports)
    let holds = TestSupport.run(["verify", "--history", history.path, reports.path])
    #expect(holds.status == 0, "\(holds.output)\(holds.errors)")
    #expect(holds.output.contains("Chain: holds"))
    #expect(holds.output.contains("matches line 5"))
    #expect(holds.output.hasSuffix("The history holds.\n"))

    var lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n").map(String.init)
    // The third line removed.
    let removed = work.appendingPathComponent("removed.jsonl")
    try Data((lines.enumerated().filter { $0.offset != 2 }.map(\.element).joined(separator: "\n") + "\n").utf8)
      .write(to: removed)
    let gone = TestSupport.run(["verify", "--history", removed.path])
    #expect(gone.status == 1)
    #expect(gone.output.contains("line 3 is sign-off #4; sign-off #3 is missing before it: its line was removed"))
    // With the reports: 4.2's is in no line.
    let goneReports = TestSupport.run(["verify", "--history", removed.path, reports.path])
    #expect(goneReports.output.contains("4.2/report.json (release 4.2, 2025-11-15T16:00:00Z): IN NO LINE"))

    // The second line edited: its 4.1 verdict made ready.
    lines[1] = lines[1].replacingOccurrences(of: #""verdict":"not-ready""#, with: #""verdict":"ready""#)
    let edited = work.appendingPathComponent("edited.jsonl")
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: edited)
    let changed = TestSupport.run(["verify", "--history", edited.path, "--format", "json"])
    #expect(changed.status == 1)
    let json = try #require(JSONSerialization.jsonObject(with: Data(changed.output.utf8)) as? [String: Any])
    let problems = try #require(json["problems"] as? [[String: Any]])
    #expect(problems.count == 1)
    #expect(problems.first?["line"] as? Int == 2)
    #expect(problems.first?["kind"] as? String == "edited")

    // The last line edited: nothing after it holds it, its report does.
    var last = try String(contentsOf: history, encoding: .utf8).split(separator: "\n").map(String.init)
    last[4] = last[4].replacingOccurrences(of: "no iOS device farm this release", with: "no iOS farm")
    let tail = work.appendingPathComponent("tail.jsonl")
    try Data((last.joined(separator: "\n") + "\n").utf8).write(to: tail)
    #expect(TestSupport.run(["verify", "--history", tail.path]).status == 0)
    let withReport = TestSupport.run(["verify", "--history", tail.path, reports.appendingPathComponent("4.4").path])
    #expect(withReport.status == 1)
    #expect(
      withReport.output.contains(
        "LINE 5 EDITED: it records this report.json's SHA-256, but what it says of the accepted gaps is not what the report says"
      ))
  }

  @Test func twoProcessesAppendingAtOnceLoseNothing() throws {
    let copies = try Self.signOffs()
    let work = try TestSupport.temporaryFolder()
    // The history in a folder of its own, whose lock the appends take (the report folders' is
    // their parent's).
    let folder = work.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let history = folder.appendingPathComponent("sign-offs.jsonl")
    let binary = try TestSupport.binary()
    // Two processes, each signing off every copy in turn (at its own times, so every report is
    // another).
    func start(_ job: Int) throws -> Process {
      let script = copies.enumerated().map { index, copy in
        let out = work.appendingPathComponent("reports/job-\(job)-\(copy.release)").path
        let options = copy.options.map { "'\($0)'" }.joined(separator: " ")
        return "'\(binary)' report --generated-at 2025-11-0\(index + 1)T1\(job):00:00Z --history '\(history.path)' "
          + "\(options) --out '\(out)' --quiet '\(copy.folder.path)'; [ $? -le 1 ] || exit 3"
      }.joined(separator: "\n")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script]
      process.environment = ProcessInfo.processInfo.environment.merging(["STATEPROOF_TEMPLATES": TestSupport.templates])
      {
        $1
      }
      try process.run()
      return process
    }
    // The history's folder held locked while both make their first report, so that both append
    // the moment it is let go: each waits for the lock, then the second reads what the first
    // wrote.
    let held = open(folder.path, O_RDONLY | O_DIRECTORY)
    #expect(held >= 0 && flock(held, LOCK_EX) == 0)
    let jobs = try [start(1), start(2)]
    let firsts = [1, 2].map { work.appendingPathComponent("reports/job-\($0)-4.0/report.json").path }
    let deadline = Date().addingTimeInterval(120)
    while !firsts.allSatisfy(FileManager.default.fileExists(atPath:)), Date() < deadline { usleep(20_000) }
    usleep(300_000)
    #expect(!FileManager.default.fileExists(atPath: history.path), "an append did not wait for the lock")
    close(held)
    for job in jobs { job.waitUntilExit() }
    #expect(jobs.map(\.terminationStatus) == [0, 0])
    let read = try StateProof.history(contentsOf: history.path)
    #expect(read.records.count == 10)
    #expect(read.firstBrokenLine == nil)
    #expect(Set(read.records.map(\.reportSHA256)).count == 10)
    #expect(Set(read.records.prefix(2).map(\.release)) == ["4.0"])
    #expect(
      TestSupport.run(["verify", "--history", history.path, work.appendingPathComponent("reports").path]).status == 0)
  }
}
