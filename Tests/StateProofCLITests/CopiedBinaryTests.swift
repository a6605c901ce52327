import Foundation
import Testing
import StateProofTestSupport

/// The shipped templates are compiled in: the `stateproof` binary copied alone to a folder far
/// from the package, with no `STATEPROOF_TEMPLATES`, makes every format.
@Suite(.temporaryFolders) struct CopiedBinaryTests {
  private func copiedBinary() throws -> String {
    let folder = try TestSupport.temporaryFolder().appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let copy = folder.appendingPathComponent("stateproof").path
    try FileManager.default.copyItem(atPath: try TestSupport.binary(), toPath: copy)
    return copy
  }

  @Test func jsonNeedsNoTemplatesAnywhere() throws {
    let binary = try copiedBinary()
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let ended = try TestSupport.spawn(
      ["report", TestSupport.scannerExample, "--out", out.path, "--format", "json"],
      in: URL(fileURLWithPath: binary).deletingLastPathComponent(), unset: ["STATEPROOF_TEMPLATES"], executable: binary)
    #expect(ended.status == 1, "\(ended.errors)")
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(names.contains("report.json"))
    #expect(!names.contains("index.html"))
  }

  @Test func everyFormatIsMadeFromTheCompiledInTemplates() throws {
    let binary = try copiedBinary()
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let ended = try TestSupport.spawn(
      ["report", TestSupport.scannerExample, "--out", out.path],
      in: URL(fileURLWithPath: binary).deletingLastPathComponent(), unset: ["STATEPROOF_TEMPLATES"], executable: binary)
    #expect(ended.status == 1, "\(ended.errors)")
    let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(page.contains("Content-Security-Policy"))
    let summary = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(summary.contains("camera"))
  }
}
