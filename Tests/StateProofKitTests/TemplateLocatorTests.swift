import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofKit

/// The shipped templates come only from documented places, so a stray `Templates/` near the
/// binary cannot replace the report's layout (and its CSP).
@Suite(.temporaryFolders) struct TemplateLocatorTests {
  private let manager = FileManager.default

  private func templates(_ folder: URL) throws {
    try manager.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("<script>stray</script>".utf8).write(to: folder.appendingPathComponent(TemplateLocator.marker))
  }

  @Test func aStrayTemplatesFolderAboveOrBesideTheBinaryIsNotUsed() throws {
    let root = try TestSupport.temporaryFolder()
    let binary = root.appendingPathComponent("a/b/bin/stateproof")
    for stray in ["Templates", "a/Templates", "a/b/Templates", "a/b/bin/Templates", "a/share/stateproof/Templates"] {
      try templates(root.appendingPathComponent(stray))
    }
    #expect {
      try TemplateLocator.shippedFolder(environment: [:], executable: binary)
    } throws: { error in
      "\(error)".contains("cannot find the shipped Templates folder")
    }
  }

  @Test func theInstalledFolderBesideTheBinaryIsUsed() throws {
    let prefix = try TestSupport.temporaryFolder()
    try templates(prefix.appendingPathComponent("share/stateproof/Templates"))
    let found = try TemplateLocator.shippedFolder(
      environment: [:], executable: prefix.appendingPathComponent("bin/stateproof"))
    #expect(found.path == prefix.appendingPathComponent("share/stateproof/Templates").path)
  }

  @Test func theEnvironmentWinsAndMustHoldTemplates() throws {
    let folder = try TestSupport.temporaryFolder()
    #expect(throws: StateProofError.self) {
      try TemplateLocator.shippedFolder(environment: ["STATEPROOF_TEMPLATES": folder.path], executable: nil)
    }
    try templates(folder)
    #expect(
      try TemplateLocator.shippedFolder(environment: ["STATEPROOF_TEMPLATES": folder.path], executable: nil).path
        == folder.path)
  }

  @Test func aBinaryBuiltInThePackageUsesThePackagesTemplates() throws {
    let binary = TestSupport.repositoryRoot.appendingPathComponent(".build/debug/stateproof")
    let found = try TemplateLocator.shippedFolder(environment: [:], executable: binary)
    #expect(found.path == TestSupport.templates)
    // The same binary copied out of the package finds nothing.
    let elsewhere = try TestSupport.temporaryFolder().appendingPathComponent("bin/stateproof")
    #expect(throws: StateProofError.self) {
      try TemplateLocator.shippedFolder(environment: [:], executable: elsewhere)
    }
  }
}
