import Foundation
import Mustache
import StateProofSystem

/// Report templates read once into memory, by file name (`layout.html.mustache`), so what is
/// hashed is what renders and what a bundle carries. Their digest names the set in `report.json`
/// (``digest``), so `verify` can tell a page made with other templates from a page edited.
package struct TemplateFiles: Sendable, Equatable {
  /// Each template's bytes, by file name.
  package let files: [String: Data]
  /// The SHA-256 of what `sha256sum` prints for the files in the order of their names' bytes:
  /// in the folder, `LC_ALL=C sha256sum *.mustache | sha256sum` gives it.
  package let digest: String

  package init(_ files: [String: Data]) throws(StateProofError) {
    let lines = MessageDigest(.sha256)
    for name in files.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
      guard let sha = SHA256.hex(of: files[name]!) else { throw .hashFailed(file: name) }
      lines.addSumsLine(sha256: sha, path: name)
    }
    guard let digest = lines.finalize() else { throw .hashFailed(file: "the templates") }
    self.files = files
    self.digest = digest
  }

  /// A template's file name ends so; the partial's name is the rest.
  package static let suffix = ".mustache"
  /// Larger than any template by far; a bigger file is refused, not read.
  package static let maximumBytes = 1 << 20

  /// Every `*.mustache` regular file at the top of `folder`.
  package static func read(folder: String) throws(StateProofError) -> TemplateFiles {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
    else { throw .templateFolder(path: folder, reason: .notAFolder) }
    var files: [String: Data] = [:]
    for name in names where name.hasSuffix(suffix) && name.count > suffix.count {
      let path = PathBytes.appending(name, to: folder)
      files[name] = try InputFile.read(path, limit: maximumBytes, what: "the template \(path)")
    }
    return try TemplateFiles(files)
  }

  /// Each template parsed, by partial name; `folder` names the files in an error.
  func partials(folder: String) throws(StateProofError) -> ParsedPartials {
    var templates: [String: Template] = [:]
    for (name, data) in files {
      let path = PathBytes.appending(name, to: folder)
      guard let text = String(data: data, encoding: .utf8) else {
        throw .templateFolder(path: folder, reason: .notUTF8(file: path))
      }
      do {
        templates[String(name.dropLast(Self.suffix.count))] = try Template(text, name: name)
      } catch {
        throw StateProofError(rendering: error)
      }
    }
    return ParsedPartials(templates: templates)
  }
}
