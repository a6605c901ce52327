/// A path compared, hashed and sorted by its UTF-8 bytes. Swift's `String` compares canonically,
/// so `Å` written as U+00C5 and as U+212B would be one key; on disk they are two files, and a
/// report keyed by `String` could let one stand for the other. ``text`` is the path to show.
package struct PathKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  package let bytes: [UInt8]

  package init(_ path: String) { bytes = Array(path.utf8) }

  /// The path, byte for byte as given.
  package var text: String { String(decoding: bytes, as: UTF8.self) }
  package var description: String { text }

  package static func < (lhs: PathKey, rhs: PathKey) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }
}
