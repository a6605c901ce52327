import Foundation

/// Templates already loaded by name, shared between renders and threads behind a lock.
final class TemplateCache: @unchecked Sendable {
  private let lock = NSLock()
  private var templates: [String: Template?] = [:]

  /// The cached template for `name` (nil included), or the result of `load`, which is then
  /// cached. Loads run under the lock, so each template is parsed once.
  func template(named name: String, load: () throws -> Template?) throws -> Template? {
    lock.lock()
    defer { lock.unlock() }
    if let cached = templates[name] { return cached }
    let template = try load()
    templates[name] = .some(template)
    return template
  }
}

/// Templates parsed in this process, by file name and source: a folder read again (each report
/// run reads its templates afresh) parses only what changed. Bounded: past `limit` sources it
/// starts over.
final class ParsedTemplates: @unchecked Sendable {
  static let shared = ParsedTemplates()
  static let limit = 256

  private struct Key: Hashable {
    let name: String
    let source: String
  }

  private let lock = NSLock()
  private var parsed: [Key: Template] = [:]

  /// The template `source` parses to (named `name` in errors), parsed once per process.
  func template(_ source: String, name: String) throws -> Template {
    let key = Key(name: name, source: source)
    if let cached = locked({ parsed[key] }) { return cached }
    // Parsed outside the lock, so threads parse different templates at once.
    let template = try Template(source, name: name)
    locked {
      if parsed.count >= Self.limit { parsed.removeAll() }
      parsed[key] = template
    }
    return template
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}
