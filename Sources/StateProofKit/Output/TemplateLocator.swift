import Foundation
import Mustache
import StateProofModel

/// Finds the report templates: `--templates DIR` overrides any shipped template by file name.
/// The shipped `Templates/` folder is looked for in three places only, in this order, so a stray
/// `Templates/` elsewhere (say above the binary) can never replace the report's CSP:
/// `STATEPROOF_TEMPLATES`; `../share/stateproof/Templates` from the binary's real path (an
/// installed `PREFIX/bin/stateproof`); and the package's own `Templates/` when the binary runs
/// from inside the package it was built from (`swift run`, `swift test`). A library client, whose
/// executable is its own, built from its checkout of the package, always has the package's own
/// `Templates/` as the last place.
package enum TemplateLocator {
  /// A template every shipped folder has; used to recognise one.
  static let marker = "layout.html.mustache"

  /// The package the sources were compiled from: this file is `Sources/StateProofKit/Output/`.
  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The templates: `overrides` (a folder) over the shipped ones. `fromPackage` makes the
  /// package's own `Templates/` a place whatever the executable (for library clients).
  package static func templates(overrides: String?, environment: [String: String], fromPackage: Bool = false)
    throws(StateProofError) -> any PartialSource
  {
    let shipped = try shippedFolder(
      environment: environment,
      executable: Bundle.main.executableURL?.resolvingSymlinksInPath(), fromPackage: fromPackage)
    var sources: [any PartialSource] = []
    if let overrides {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: overrides, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { throw .template("--templates \(overrides) is not a folder") }
      sources.append(DirectoryPartials(directory: URL(fileURLWithPath: overrides)))
    }
    sources.append(DirectoryPartials(directory: shipped))
    return LayeredPartials(sources)
  }

  /// The shipped templates for a binary at `executable` (its real path); with `fromPackage`, the
  /// package's own last, whatever the binary.
  static func shippedFolder(environment: [String: String], executable: URL?, fromPackage: Bool = false)
    throws(StateProofError) -> URL
  {
    if let configured = environment["STATEPROOF_TEMPLATES"] {
      let folder = URL(fileURLWithPath: configured)
      guard holdsTemplates(folder) else {
        throw .template("STATEPROOF_TEMPLATES=\(configured) is not a templates folder (it has no \(marker))")
      }
      return folder
    }
    var candidates: [URL] = []
    let binaryFolder = executable?.deletingLastPathComponent()
    if let binaryFolder {
      candidates.append(
        binaryFolder.deletingLastPathComponent().appendingPathComponent("share/stateproof/Templates"))
    }
    if fromPackage || binaryFolder.map({ PathBytes.isSame($0.path, orInside: packageRoot.path) }) == true {
      candidates.append(packageRoot.appendingPathComponent("Templates"))
    }
    guard let found = candidates.first(where: holdsTemplates) else {
      throw .template(
        "cannot find the shipped Templates folder: it belongs in ../share/stateproof/Templates from the "
          + "stateproof binary (scripts/install puts it there); or set STATEPROOF_TEMPLATES to it")
    }
    return found
  }

  private static func holdsTemplates(_ folder: URL) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent(marker).path)
  }
}
