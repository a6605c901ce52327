import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofKit

/// The shipped templates are compiled in, byte for byte those in `Templates/`; only
/// `STATEPROOF_TEMPLATES` replaces them, so a stray `Templates/` near the binary cannot replace
/// the report's layout (and its CSP).
@Suite(.temporaryFolders) struct TemplateLocatorTests {
  private let manager = FileManager.default

  @Test func theCompiledInTemplatesAreTheTemplatesFolder() throws {
    let folder = try TemplateFiles.read(folder: TestSupport.repositoryRoot.appendingPathComponent("Templates").path)
    let builtIn = try TemplateLocator.builtIn()
    #expect(
      builtIn.files.keys.sorted() == folder.files.keys.sorted(),
      "Templates/ and BuiltInTemplates.swift name other files: run scripts/gen-templates")
    for (name, data) in folder.files {
      #expect(builtIn.files[name] == data, "\(name) differs from its compiled-in copy: run scripts/gen-templates")
    }
    #expect(builtIn.digest == folder.digest)
  }

  @Test func withoutTheEnvironmentTheBuiltInTemplatesAreUsed() throws {
    let (files, folder) = try TemplateLocator.shippedFiles(environment: ["HOME": "/tmp"])
    #expect(folder == TemplateLocator.builtInName)
    #expect(files == (try TemplateLocator.builtIn()))
  }

  @Test func theEnvironmentReplacesThemAndMustHoldTemplates() throws {
    let folder = try TestSupport.temporaryFolder()
    #expect {
      try TemplateLocator.shippedFiles(environment: ["STATEPROOF_TEMPLATES": folder.path])
    } throws: { error in
      "\(error)".contains("is not a templates folder")
    }
    try Data("{{title}}".utf8).write(to: folder.appendingPathComponent(TemplateLocator.marker))
    let (files, named) = try TemplateLocator.shippedFiles(environment: ["STATEPROOF_TEMPLATES": folder.path])
    #expect(named == folder.path)
    #expect(files.files == [TemplateLocator.marker: Data("{{title}}".utf8)])
  }
}
