import Foundation

/// Partials read from a directory: partial `NAME` is the file `NAME.mustache`. Each file is
/// read once, the first time it is used (and parsed unless the process has parsed the same
/// source before), and a missing file is simply not a partial.
public struct DirectoryPartials: PartialSource {
  /// The directory holding the `.mustache` files.
  public let directory: URL
  private let cache = TemplateCache()

  public init(directory: URL) {
    self.directory = directory
  }

  /// The template in `NAME.mustache`, or nil when there is no such file.
  /// - Throws: `PartialError` for names that could leave the directory or unreadable files,
  ///   `TemplateError` for files that do not parse.
  public func template(named name: String) throws -> Template? {
    // Checked on scalars: a combining mark must not hide a separator inside one Character.
    guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0 == "/" || $0 == "\\" }),
      name.range(of: "..") == nil
    else {
      throw PartialError.invalidName(name)
    }
    return try cache.template(named: name) {
      let fileName = name + ".mustache"
      let file = directory.appendingPathComponent(fileName)
      guard FileManager.default.fileExists(atPath: file.path) else { return nil }
      let source: String
      do {
        source = try String(contentsOf: file, encoding: .utf8)
      } catch {
        throw PartialError.unreadable(path: file.path, reason: error.localizedDescription)
      }
      return try ParsedTemplates.shared.template(source, name: fileName)
    }
  }
}
