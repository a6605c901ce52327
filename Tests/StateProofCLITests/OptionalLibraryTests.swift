import Foundation
import StateProofKit
import StateProofRead
import StateProofSystem
import Testing
import StateProofTestSupport

@testable import StateProofCLI

/// zstd, SQLite and libheif are opened at run time: `--version --json` says which were found,
/// and where one is missing (here: `STATEPROOF_DISABLE_LIBRARIES`, as on a machine without it)
/// only the work that needs it says so, naming the package to install.
@Suite(.temporaryFolders) struct OptionalLibraryTests {
  private static let bundleExample = TestSupport.repositoryRoot.appendingPathComponent("examples/bundle").path

  private func versionJSON(disabling: String?) throws -> [String: Any] {
    let output = try TestSupport.temporaryFolder().appendingPathComponent("version.json")
    FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    defer { try? handle.close() }
    let ended = try TestSupport.spawn(
      ["--version", "--json"], environment: disabling.map { ["STATEPROOF_DISABLE_LIBRARIES": $0] } ?? [:],
      unset: disabling == nil ? ["STATEPROOF_DISABLE_LIBRARIES"] : [], output: handle)
    #expect(ended.status == 0, "\(ended.errors)")
    return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output)) as? [String: Any])
  }

  @Test func versionJSONNamesEveryKeyAndTheLibrariesFound() throws {
    let info = try versionJSON(disabling: nil)
    #expect(Set(info.keys) == ["version", "commit", "builtAt", "libraries"])
    #expect(info["version"] as? String == StateProof.version)
    let libraries = try #require(info["libraries"] as? [[String: Any]])
    #expect(libraries.map { $0["name"] as? String } == OptionalLibrary.onThisPlatform.map(\.rawValue))
    for entry in libraries {
      let name = try #require(entry["name"] as? String)
      let library = try #require(OptionalLibrary(rawValue: name))
      let found = library.version != nil
      #expect(entry["found"] as? Bool == found)
      #expect((entry["version"] as? String != nil) == found)
      #expect(entry["package"] as? String == library.package)
    }
  }

  @Test func theBinaryLinksNoOptionalLibrary() throws {
    #if os(Linux)
      let ldd = try #require(TestSupport.executable("ldd"), "needs ldd")
      let linked = try TestSupport.runProgram(ldd, [try TestSupport.binary()])
      #expect(linked.status == 0)
      #expect(linked.output.contains("libxml2"))
      for name in ["libzstd", "libsqlite3", "libheif"] {
        #expect(!linked.output.contains(name), "the binary links \(name): it must be opened at run time")
      }
    #endif
  }

  @Test func disabledLibrariesAreReportedMissing() throws {
    let info = try versionJSON(disabling: "all")
    let libraries = try #require(info["libraries"] as? [[String: Any]])
    #expect(!libraries.isEmpty)
    #expect(libraries.allSatisfy { $0["found"] as? Bool == false && $0["version"] is NSNull })
  }

  @Test(.enabled(if: Zstd.isAvailable, "needs libzstd1 to show the difference"))
  func withoutZstdTheBundleIsListedUnreadNamingThePackage() throws {
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let ended = try TestSupport.spawn(
      ["report", Self.bundleExample, "--out", out.path, "--format", "json"],
      environment: ["STATEPROOF_DISABLE_LIBRARIES": "zstd,sqlite,heif"])
    #expect(ended.status == 1, "\(ended.errors)")
    let report = try Report(contentsOf: out.appendingPathComponent("report.json").path)
    let unread = report.findings.filter { $0.code == .xcresultBundleUnread }
    #expect(unread.count == 1)
    #expect(unread.first?.message.contains("it needs libzstd (libzstd1), which is not installed here") == true)
    #expect(report.provenance?.build?.libraries?.allSatisfy { $0.version == nil } == true)
  }

  @Test(.enabled(if: Zstd.isAvailable, "needs libzstd1 to read the bundle"))
  func withoutLibheifTheHEICScreenshotsAreLinkedWithANote() throws {
    #if canImport(ImageIO)
      return  // macOS decodes HEIC with ImageIO.
    #else
      let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
      let ended = try TestSupport.spawn(
        ["report", Self.bundleExample, "--out", out.path], environment: ["STATEPROOF_DISABLE_LIBRARIES": "heif"])
      #expect(ended.status == 1, "\(ended.errors)")
      let note = "are linked, not shown, in index.html: libheif is not installed here (install libheif1)"
      #expect(ended.errors.contains(note))
      let report = try Report(contentsOf: out.appendingPathComponent("report.json").path)
      #expect(report.findings.allSatisfy { $0.code != .xcresultBundleUnread })
      let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
      #expect(page.contains("not shown: libheif is not installed here (install libheif1); the link opens the original"))
      #expect(report.provenance?.build?.libraries?.first { $0.name == "heif" }?.version == nil)
      #expect(report.provenance?.build?.libraries?.first { $0.name == "zstd" }?.version != nil)
    #endif
  }
}
