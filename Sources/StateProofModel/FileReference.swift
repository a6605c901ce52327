import StateProofSystem

/// A file as findings and listings point to it: the evidence root it was found under and its path
/// relative to that root (two shards can hold the same relative path). Equal, hashed and sorted
/// by the bytes of both (``PathKey``): names that differ only in Unicode normalisation are two
/// files.
public struct FileReference: Codable, Sendable, Hashable, Comparable {
  public var root: String
  public var path: String

  public init(root: String, path: String) {
    self.root = root
    self.path = path
  }

  public static func < (lhs: FileReference, rhs: FileReference) -> Bool {
    (PathKey(lhs.root), PathKey(lhs.path)) < (PathKey(rhs.root), PathKey(rhs.path))
  }

  public static func == (lhs: FileReference, rhs: FileReference) -> Bool {
    lhs.root.utf8.elementsEqual(rhs.root.utf8) && lhs.path.utf8.elementsEqual(rhs.path.utf8)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(PathKey(root))
    hasher.combine(PathKey(path))
  }
}
