import Foundation
import Mustache
import StateProofModel
import StateProofSystem

/// Finds the report templates: the shipped ones are compiled into the binary
/// (``BuiltInTemplates``), so a copied binary makes reports anywhere; `STATEPROOF_TEMPLATES`
/// replaces the whole shipped set with a folder's, and `--templates DIR` overrides any of them by
/// file name.
package enum TemplateLocator {
  /// A template every shipped folder has; used to recognise one.
  static let marker = "layout.html.mustache"
  /// How errors name the compiled-in templates.
  static let builtInName = "the built-in templates"

  /// The templates a report renders with: the shipped ones (read whole, ``TemplateFiles``),
  /// under the `--templates` folder's when given, and what the report records and a bundle
  /// carries of them.
  package struct Templates: Sendable {
    package var source: any PartialSource
    package var shipped: TemplateFiles
    /// The `--templates` files whose bytes differ from the shipped file of the same name (or that
    /// have none), by file name: what the record lists.
    package var overrides: [String: Data]
    /// The overrides, for `report.json`; nil with the shipped templates alone.
    package var record: TemplateRecord?
  }

  /// The templates: `overrides` (a folder) over the shipped ones, and the record of the
  /// overriding files that differ from the shipped ones. Every template is read once, here, so
  /// the bytes hashed are the bytes rendered.
  package static func templates(overrides: String?, environment: [String: String]) throws(StateProofError) -> Templates
  {
    let (shipped, folder) = try shippedFiles(environment: environment)
    let shippedPartials = try shipped.partials(folder: folder)
    guard let overrides else {
      return Templates(source: shippedPartials, shipped: shipped, overrides: [:], record: nil)
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: overrides, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .templateFolder(path: overrides, reason: .notAFolder)
    }
    let given = try TemplateFiles.read(folder: overrides)
    var differing: [String: Data] = [:]
    var listed: [TemplateOverride] = []
    for (name, data) in given.files where shipped.files[name] != data {
      guard let sha256 = SHA256.hex(of: data) else {
        throw .templateFolder(path: overrides, reason: .digestFailed(file: PathBytes.appending(name, to: overrides)))
      }
      differing[name] = data
      listed.append(TemplateOverride(file: name, bytes: data.count, sha256: sha256))
    }
    return Templates(
      source: LayeredPartials([try given.partials(folder: overrides), shippedPartials]), shipped: shipped,
      overrides: differing, record: TemplateRecord(folder: overrides, overrides: listed))
  }

  /// The templates a report recorded, to render it again (`verify`): the shipped ones whose
  /// digest it recorded (``TemplateFiles/digest``), this binary's or, when they differ, those the
  /// unpacked bundle at `bundled` carries (`templates/` beside `report/`); under each recorded
  /// override, read from its folder again or from the bundle. Nil, with why, when a set the
  /// report was made with is in neither place: the pages cannot be made again.
  package static func recorded(
    _ record: TemplateRecord?, shipped digest: String?, bundled: String?, environment: [String: String]
  ) throws(StateProofError) -> (source: (any PartialSource)?, whyNot: String?) {
    var shipped = try shippedFiles(environment: environment)
    if let digest, shipped.files.digest != digest {
      let here = shipped.files.digest
      let carried = bundled.map { PathBytes.appending(BundleLayout.shippedTemplatesFolder, to: $0) }
      guard let carried, let files = try? TemplateFiles.read(folder: carried), files.digest == digest else {
        return (
          nil,
          "made with other shipped templates (recorded \(digest.prefix(12))…, here \(here.prefix(12))…): verify the unpacked "
            + "bundle, which carries them, or point STATEPROOF_TEMPLATES at the templates it was made with"
        )
      }
      shipped = (files, carried)
    }
    let shippedPartials = try shipped.files.partials(folder: shipped.folder)
    guard let record, !record.overrides.isEmpty else { return (shippedPartials, nil) }
    var templates: [String: Template] = [:]
    for override in record.overrides {
      let path = PathBytes.appending(override.file, to: record.folder)
      let carriedOverride = BundleLayout.overrideTemplatesFolder + "/" + override.file
      let places = [path] + (bundled.map { [PathBytes.appending(carriedOverride, to: $0)] } ?? [])
      guard override.file.hasSuffix(TemplateFiles.suffix), !override.file.contains("/"),
        let data = places.lazy.compactMap({ try? InputFile.read($0, limit: TemplateFiles.maximumBytes, what: $0) })
          .first(where: { SHA256.hex(of: $0) == override.sha256 })
      else {
        return (
          nil,
          "the template \(override.file) it was rendered with is neither at \(path) with the SHA-256 the report recorded nor in an unpacked bundle"
        )
      }
      guard let text = String(data: data, encoding: .utf8), let template = try? Template(text, name: override.file)
      else {
        return (nil, "the template \(override.file) it was rendered with does not parse")
      }
      templates[String(override.file.dropLast(TemplateFiles.suffix.count))] = template
    }
    return (LayeredPartials([ParsedPartials(templates: templates), shippedPartials]), nil)
  }

  /// The shipped templates and how errors name them: the folder `STATEPROOF_TEMPLATES` names
  /// (it must hold the marker template), else the compiled-in ones.
  static func shippedFiles(environment: [String: String]) throws(StateProofError) -> (
    files: TemplateFiles, folder: String
  ) {
    if let configured = environment["STATEPROOF_TEMPLATES"] {
      guard holdsTemplates(configured) else {
        throw .templateFolder(path: configured, reason: .notATemplatesFolder(marker: marker))
      }
      return (try TemplateFiles.read(folder: configured), configured)
    }
    return (try builtIn(), builtInName)
  }

  /// The compiled-in templates, decoded from ``BuiltInTemplates``.
  static func builtIn() throws(StateProofError) -> TemplateFiles {
    var files: [String: Data] = [:]
    for (name, lines) in BuiltInTemplates.base64 {
      guard let data = Data(base64Encoded: lines.joined()) else {
        throw .templateFolder(path: builtInName, reason: .notUTF8(file: name))
      }
      files[name] = data
    }
    return try TemplateFiles(files)
  }

  private static func holdsTemplates(_ folder: String) -> Bool {
    FileManager.default.fileExists(atPath: PathBytes.appending(marker, to: folder))
  }
}
