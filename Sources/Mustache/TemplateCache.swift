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
