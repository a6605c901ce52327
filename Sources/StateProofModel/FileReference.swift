/// A file as findings and listings point to it: the evidence root it was found under and its path
/// relative to that root (two shards can hold the same relative path).
public struct FileReference: Codable, Sendable, Hashable, Comparable {
  public var root: String
  public var path: String

  public init(root: String, path: String) {
    self.root = root
    self.path = path
  }

  public static func < (lhs: FileReference, rhs: FileReference) -> Bool {
    (lhs.root, lhs.path) < (rhs.root, rhs.path)
  }
}
