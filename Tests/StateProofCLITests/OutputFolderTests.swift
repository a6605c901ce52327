import Foundation
import StateProofModel
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofCLI
@testable import StateProofKit
import StateProofDiscover

/// `--out` never loses a file StateProof did not write: it replaces only a folder holding its
/// marker, and there only the files the marker lists.
@Suite(.temporaryFolders) struct OutputFolderTests {
  private let manager = FileManager.default

  private func write(_ text: String, _ path: URL) throws {
    try manager.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: path)
  }

  private func read(_ path: URL) throws -> String { try String(contentsOf: path, encoding: .utf8) }

  /// A project folder: a website's index.html, sources and a .git folder.
  private func project() throws -> URL {
    let project = try TestSupport.temporaryFolder().appendingPathComponent("project")
    try write("<html>the team's site</html>", project.appendingPathComponent("index.html"))
    try write("int main() {}", project.appendingPathComponent("src/main.c"))
    try write("ref: refs/heads/main", project.appendingPathComponent(".git/HEAD"))
    return project
  }

  private func staging(in folder: URL) throws -> [String] {
    try manager.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasPrefix(".stateproof-") && $0 != ReportMarker.fileName
    }
  }

  @Test func aFolderStateProofDidNotWriteIsRefusedAndKept() throws {
    let project = try project()
    let result = TestSupport.run(["report", "--out", project.path, TestSupport.scannerExample])
    #expect(result.status == 2)
    #expect(result.errors.contains("holds files StateProof did not write (.git, index.html, src)"), "\(result.errors)")
    #expect(try read(project.appendingPathComponent("index.html")) == "<html>the team's site</html>")
    #expect(try read(project.appendingPathComponent("src/main.c")) == "int main() {}")
    #expect(try read(project.appendingPathComponent(".git/HEAD")) == "ref: refs/heads/main")
    #expect(try manager.contentsOfDirectory(atPath: project.path).sorted() == [".git", "index.html", "src"])
    #expect(try staging(in: project.deletingLastPathComponent()) == [])
  }

  @Test func aReportFolderIsUpdatedInPlaceKeepingOtherFiles() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    #expect(TestSupport.run(["report", "--out", out.path, TestSupport.scannerExample]).status == 1)
    let first = try JSONDecoder().decode(
      ReportMarker.self, from: Data(contentsOf: out.appendingPathComponent(ReportMarker.fileName)))
    #expect(first.files.contains("index.html") && first.files.contains { $0.hasPrefix("assets/") })
    try write("kept", out.appendingPathComponent("notes.txt"))
    try write("kept too", out.appendingPathComponent("assets/mine.txt"))

    // Only report.md this time: the other files the marker listed go, the user's stay.
    #expect(TestSupport.run(["report", "--format", "md", "--out", out.path, TestSupport.scannerExample]).status == 1)
    #expect(
      try manager.contentsOfDirectory(atPath: out.path).sorted()
        == [ReportMarker.fileName, "SHA256SUMS", "assets", "notes.txt", "report.md"])
    #expect(try manager.contentsOfDirectory(atPath: out.appendingPathComponent("assets").path) == ["mine.txt"])
    #expect(try read(out.appendingPathComponent("notes.txt")) == "kept")
    let second = try JSONDecoder().decode(
      ReportMarker.self, from: Data(contentsOf: out.appendingPathComponent(ReportMarker.fileName)))
    #expect(second.files == ["SHA256SUMS", "report.md"])
    #expect(try staging(in: out) == [])
    #expect(try staging(in: out.deletingLastPathComponent()) == [])
  }

  @Test func aFileTheMarkerDoesNotListIsNeverOverwritten() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    #expect(TestSupport.run(["report", "--format", "md", "--out", out.path, TestSupport.scannerExample]).status == 1)
    try write("<html>mine</html>", out.appendingPathComponent("index.html"))
    let result = TestSupport.run(["report", "--out", out.path, TestSupport.scannerExample])
    #expect(result.status == 2)
    #expect(result.errors.contains("holds index.html, which StateProof did not write"), "\(result.errors)")
    #expect(try read(out.appendingPathComponent("index.html")) == "<html>mine</html>")
  }

  @Test func oldAssetsAreNeverRemovedThroughALink() throws {
    let folder = try TestSupport.temporaryFolder()
    let out = folder.appendingPathComponent("report")
    #expect(TestSupport.run(["report", "--out", out.path, TestSupport.scannerExample]).status == 1)
    let assets = out.appendingPathComponent("assets")
    let names = try manager.contentsOfDirectory(atPath: assets.path)
    // The user keeps their own copies elsewhere and links assets/ there.
    let elsewhere = folder.appendingPathComponent("elsewhere")
    try manager.moveItem(at: assets, to: elsewhere)
    try manager.createSymbolicLink(at: assets, withDestinationURL: elsewhere)

    #expect(TestSupport.run(["report", "--format", "md", "--out", out.path, TestSupport.scannerExample]).status == 1)
    #expect(try manager.contentsOfDirectory(atPath: elsewhere.path).sorted() == names.sorted())
    // And a report that needs assets/ will not write through the link.
    let result = TestSupport.run(["report", "--out", out.path, TestSupport.scannerExample])
    #expect(result.status == 2)
    #expect(result.errors.contains("holds assets, which StateProof did not write"), "\(result.errors)")
    #expect(try manager.contentsOfDirectory(atPath: elsewhere.path).sorted() == names.sorted())
  }

  @Test(arguments: [
    (#"{"tool": "stateproof", "version": "0", "about": "", "files": ["src/main.c"]}"#, #"lists "src/main.c""#),
    (#"{"tool": "stateproof", "version": "0", "about": "", "files": ["../outside"]}"#, #"lists "../outside""#),
    ("not json", "is not a StateProof marker"),
  ])
  func aMarkerStateProofCouldNotHaveWrittenIsRefused(marker: String, message: String) throws {
    let project = try project()
    try write(marker, project.appendingPathComponent(ReportMarker.fileName))
    let result = TestSupport.run(["report", "--out", project.path, TestSupport.scannerExample])
    #expect(result.status == 2)
    #expect(result.errors.contains(message), "\(result.errors)")
    #expect(try read(project.appendingPathComponent("src/main.c")) == "int main() {}")
    #expect(try read(project.appendingPathComponent("index.html")) == "<html>the team's site</html>")
  }

  @Test func outThroughALinkIntoEvidenceIsRefused() throws {
    let folder = try TestSupport.temporaryFolder()
    let evidence = folder.appendingPathComponent("evidence")
    try manager.copyItem(atPath: TestSupport.scannerExample, toPath: evidence.path)
    let link = folder.appendingPathComponent("link")
    try manager.createSymbolicLink(at: link, withDestinationURL: evidence)
    for out in ["link/r", "link/new/deeper/r", "link/../link/r"] {
      let result = TestSupport.run(["report", "--out", folder.path + "/" + out, evidence.path])
      #expect(result.status == 2, "\(out)")
      #expect(result.errors.contains("never writes into evidence folders"), "\(out): \(result.errors)")
    }
    #expect(!manager.fileExists(atPath: evidence.appendingPathComponent("r").path))
    #expect(!manager.fileExists(atPath: evidence.appendingPathComponent("new").path))
    #expect(try staging(in: evidence) == [])
  }

  @Test func aLinkThatLeadsNowhereIsNotAnOutFolder() throws {
    let folder = try TestSupport.temporaryFolder()
    let link = folder.appendingPathComponent("dangling")
    try manager.createSymbolicLink(atPath: link.path, withDestinationPath: folder.appendingPathComponent("gone").path)
    let result = TestSupport.run(["report", "--out", link.path, TestSupport.scannerExample])
    #expect(result.status == 2)
    #expect(result.errors.contains("is a link that leads nowhere"), "\(result.errors)")
    #expect(try manager.destinationOfSymbolicLink(atPath: link.path).hasSuffix("gone"))
  }

  @Test func aCrashedRunsStagingFolderIsCleanedAndOthersAreKept() throws {
    let folder = try TestSupport.temporaryFolder()
    // pid_t's largest value: no process has it.
    let crashed = folder.appendingPathComponent(".stateproof-staging-2147483647-\(UUID().uuidString)")
    try write("half a report", crashed.appendingPathComponent("report.md"))
    // Process 1 is alive, and the folder is fresh: another run may still be writing it.
    let live = folder.appendingPathComponent(".stateproof-staging-1-\(UUID().uuidString)")
    try write("being written", live.appendingPathComponent("report.md"))
    let notOurs = folder.appendingPathComponent(".stateproof-staging-notes")
    try write("a user's", notOurs.appendingPathComponent("file"))

    #expect(
      TestSupport.run(["report", "--out", folder.appendingPathComponent("r").path, TestSupport.scannerExample]).status
        == 1)
    #expect(!manager.fileExists(atPath: crashed.path))
    #expect(manager.fileExists(atPath: live.appendingPathComponent("report.md").path))
    #expect(manager.fileExists(atPath: notOurs.appendingPathComponent("file").path))
  }

  @Test func concurrentRunsToOneFolderTakeTurns() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let statuses = CapturedText()
    DispatchQueue.concurrentPerform(iterations: 3) { _ in
      statuses.append("\(TestSupport.run(["report", "--out", out.path, TestSupport.scannerExample]).status)")
    }
    #expect(statuses.text == "111")
    let marker = try JSONDecoder().decode(
      ReportMarker.self, from: Data(contentsOf: out.appendingPathComponent(ReportMarker.fileName)))
    for file in marker.files { #expect(manager.fileExists(atPath: out.appendingPathComponent(file).path), "\(file)") }
    #expect(try staging(in: out) == [])
    #expect(try staging(in: out.deletingLastPathComponent()) == [])
  }

  @Test func aScreenshotThatChangedSinceItWasHashedIsNotCopied() throws {
    let folder = try TestSupport.temporaryFolder()
    let shot = folder.appendingPathComponent("blocked.png")
    try Data("the bytes hashed".utf8).write(to: shot)
    let hashed = try #require(StateProofSystem.SHA256.hex(of: Data("the bytes hashed".utf8)))
    try Data("other bytes swapped in".utf8).write(to: shot)
    let out = folder.appendingPathComponent("r")
    var output = ReportOutput(destination: out, evidenceRoots: [folder.appendingPathComponent("evidence").path])
    output.add("report.md", Data("# report".utf8))
    output.copy(shot, as: "assets/\(hashed).png", sha256: hashed)
    #expect {
      try output.commit()
    } throws: { error in
      "\(error)".contains("the screenshot \(shot.path) changed while StateProof read it")
    }
    #expect(!manager.fileExists(atPath: out.path))
    #expect(try staging(in: folder) == [])
  }

  @Test func singleFileHoldsEachImageOnce() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("r")
    #expect(TestSupport.run(["report", "--single-file", "--out", out.path, TestSupport.scannerExample]).status == 1)
    let html = try read(out.appendingPathComponent("index.html"))
    let uris = html.matches(of: /data:image\/png;base64,[^"]+/).map { String($0.output) }
    let report = try Report(json: Data(contentsOf: out.appendingPathComponent("report.json")))
    let shown = report.platforms.flatMap(\.rows).flatMap(\.evidence).filter { $0.asset != nil }
    // The example shows 11 screenshots of 10 different images (two files hold the same bytes).
    #expect(uris.count == Set(shown.compactMap(\.sha256)).count)
    #expect(Set(uris).count == uris.count)
    #expect(shown.count > uris.count)
    #expect(html.matches(of: /<use href="#image-[0-9a-f]{64}"\/>/).count == shown.count - uris.count)
    // Links still lead to the full-size files in assets/.
    for item in shown { #expect(html.contains(#"<a href="\#(item.asset!)">"#)) }
  }
}
