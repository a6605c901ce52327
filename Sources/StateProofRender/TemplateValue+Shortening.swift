import Mustache

extension TemplateValue {
  /// The size in UTF-8 bytes of the longest string anywhere in this value.
  var longestString: Int {
    switch self {
    case .string(let text): text.utf8.count
    case .list(let items): items.lazy.map(\.longestString).max() ?? 0
    case .object(let members): members.values.lazy.map(\.longestString).max() ?? 0
    case .null, .bool, .int, .double: 0
    }
  }

  /// How a shortened string goes on after its first bytes: `… (shortened from N bytes)`.
  static let shortenedMarker = "… (shortened from "

  /// This value with every string over `limit` UTF-8 bytes cut to its first `limit` bytes (at a
  /// scalar boundary) and marked `… (shortened from N bytes)`, so the cut shows where it is.
  func shortened(to limit: Int) -> TemplateValue {
    changedByShortening(to: limit) ?? self
  }

  /// The shortened value, or nil when nothing in it is over `limit`: unchanged parts of a large
  /// model are shared, not copied.
  private func changedByShortening(to limit: Int) -> TemplateValue? {
    switch self {
    case .string(let text):
      guard text.utf8.count > limit else { return nil }
      return .string(text.shortened(to: limit))
    case .list(var items):
      var changed = false
      for index in items.indices {
        guard let item = items[index].changedByShortening(to: limit) else { continue }
        items[index] = item
        changed = true
      }
      return changed ? .list(items) : nil
    case .object(var members):
      var changed = false
      for (key, member) in members {
        guard let shortened = member.changedByShortening(to: limit) else { continue }
        members[key] = shortened
        changed = true
      }
      return changed ? .object(members) : nil
    case .null, .bool, .int, .double:
      return nil
    }
  }
}

extension String {
  /// This string cut to its first `limit` UTF-8 bytes (at a scalar boundary) and marked
  /// `… (shortened from N bytes)` when it is longer; else as it is.
  func shortened(to limit: Int) -> String {
    guard utf8.count > limit else { return self }
    var kept = String.UnicodeScalarView()
    var bytes = 0
    for scalar in unicodeScalars {
      bytes += UTF8.width(scalar)
      if bytes > limit { break }
      kept.append(scalar)
    }
    return String(kept) + TemplateValue.shortenedMarker + "\(utf8.count) bytes)"
  }
}
