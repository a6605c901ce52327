import Foundation

/// Texts many records repeat (the same reader's message for each of 100,000 broken files), kept
/// once: the first of texts with equal bytes is handed out again, so they share one storage.
/// Bounded: past ``capacity`` texts, or for a long one, the text is kept as it was given.
package enum SharedText {
  package static let capacity = 4_096
  package static let longest = 512

  /// `text`, or an earlier text of the same bytes.
  package static func shared(_ text: String) -> String {
    guard text.utf8.count <= longest else { return text }
    return table.shared(text)
  }

  private static let table = Table()

  /// Keyed by bytes: `String` compares canonically, and two texts that differ only in
  /// normalisation must stay two texts.
  private final class Table: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [Key: String] = [:]

    func shared(_ text: String) -> String {
      let key = Key(text: text)
      lock.lock()
      defer { lock.unlock() }
      if let known = texts[key] { return known }
      if texts.count < SharedText.capacity { texts[key] = text }
      return text
    }
  }

  private struct Key: Hashable {
    var text: String

    static func == (lhs: Key, rhs: Key) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

    func hash(into hasher: inout Hasher) {
      for byte in text.utf8 { hasher.combine(byte) }
    }
  }
}
