/// Whether StateProof could read a file it found.
public enum ReadStatus: String, Codable, Sendable {
  case read
  case unreadable
  /// Not evidence (e.g. a stray XML or text file); listed so nothing is dropped silently.
  case ignored
}
