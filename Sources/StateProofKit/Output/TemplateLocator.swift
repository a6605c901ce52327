import Foundation
import Mustache
import StateProofModel
import StateProofSystem

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

  /// The templates: `overrides` (a folder) over the shipped ones, and the record of the
  /// overriding files that differ from the shipped ones. The folder's templates are read once,
  /// here, so the bytes hashed are the bytes rendered. `fromPackage` makes the package's own
  /// `Templates/` a place whatever the executable (for library clients).
  package static func templates(overrides: String?, environment: [String: String], fromPackage: Bool = false)
    throws(StateProofError) -> (source: any PartialSource, record: TemplateRecord?)
  {
    let shipped = try shippedFolder(
      environment: environment,
      executable: Bundle.main.executableURL?.resolvingSymlinksInPath(), fromPackage: fromPackage)
    guard let overrides else { return (DirectoryPartials(directory: shipped), nil) }
    let (source, record) = try read(overrides: overrides, shipped: shipped)
    return (LayeredPartials([source, DirectoryPartials(directory: shipped)]), record)
  }

  /// The templates a report recorded (``TemplateRecord``), to render it again (`verify`): the
  /// shipped ones, under each recorded override read from its folder again. Nil, with why, when
  /// an override is gone or no longer has the recorded SHA-256: the pages cannot be made again.
  package static func recorded(_ record: TemplateRecord?, environment: [String: String])
    throws(StateProofError) -> (source: (any PartialSource)?, whyNot: String?)
  {
    let shipped = try shippedFolder(
      environment: environment, executable: Bundle.main.executableURL?.resolvingSymlinksInPath(), fromPackage: true)
    guard let record, !record.overrides.isEmpty else { return (DirectoryPartials(directory: shipped), nil) }
    var templates: [String: Template] = [:]
    for override in record.overrides {
      let path = (record.folder as NSString).appendingPathComponent(override.file)
      guard override.file.hasSuffix(suffix), !override.file.contains("/"),
        let data = try? InputFile.read(path, limit: maximumBytes, what: path)
      else {
        return (nil, "the template \(override.file) it was rendered with is no longer at \(path)")
      }
      guard SHA256.hex(of: data) == override.sha256, let text = String(data: data, encoding: .utf8),
        let template = try? Template(text, name: override.file)
      else {
        return (nil, "the template \(path) no longer has the SHA-256 the report recorded")
      }
      templates[String(override.file.dropLast(suffix.count))] = template
    }
    return (LayeredPartials([ParsedPartials(templates: templates), DirectoryPartials(directory: shipped)]), nil)
  }

  /// Every `*.mustache` file of the `--templates` folder, parsed, and those whose bytes differ
  /// from the shipped file of the same name (or that have none) with their SHA-256.
  private static func read(overrides folder: String, shipped: URL) throws(StateProofError)
    -> (ParsedPartials, TemplateRecord)
  {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { throw .templateFolder(path: folder, reason: .notAFolder) }
    var templates: [String: Template] = [:]
    var differing: [TemplateOverride] = []
    for name in names.sorted() where name.hasSuffix(suffix) && name.count > suffix.count {
      let path = (folder as NSString).appendingPathComponent(name)
      let data = try InputFile.read(path, limit: maximumBytes, what: "--templates \(path)")
      guard let text = String(data: data, encoding: .utf8) else {
        throw .templateFolder(path: folder, reason: .notUTF8(file: path))
      }
      do {
        templates[String(name.dropLast(suffix.count))] = try Template(text, name: name)
      } catch {
        throw StateProofError(rendering: error)
      }
      let original = shipped.appendingPathComponent(name).path
      if (try? InputFile.read(original, limit: maximumBytes, what: original)) != data {
        guard let sha256 = SHA256.hex(of: data) else {
          throw .templateFolder(path: folder, reason: .digestFailed(file: path))
        }
        differing.append(TemplateOverride(file: name, bytes: data.count, sha256: sha256))
      }
    }
    return (ParsedPartials(templates: templates), TemplateRecord(folder: folder, overrides: differing))
  }

  /// A template's file name ends so; the partial's name is the rest.
  private static let suffix = ".mustache"
  /// Larger than any template by far; a bigger file is refused, not read.
  static let maximumBytes = 1 << 20

  /// The shipped templates for a binary at `executable` (its real path); with `fromPackage`, the
  /// package's own last, whatever the binary.
  static func shippedFolder(environment: [String: String], executable: URL?, fromPackage: Bool = false)
    throws(StateProofError) -> URL
  {
    if let configured = environment["STATEPROOF_TEMPLATES"] {
      let folder = URL(fileURLWithPath: configured)
      guard holdsTemplates(folder) else {
        throw .templateFolder(path: configured, reason: .notATemplatesFolder(marker: marker))
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
      throw .shippedTemplatesNotFound
    }
    return found
  }

  private static func holdsTemplates(_ folder: URL) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent(marker).path)
  }
}
