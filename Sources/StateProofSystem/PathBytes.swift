/// Path checks on the bytes the file system sees, never on Swift's characters: a combining mark
/// after `/` makes one Character of the two, so `hasPrefix` or `split(separator: "/")` on a String
/// can miss a separator that the file system honours (`../\u{301}x` leaves its folder).
package enum PathBytes {
  private static let slash = UInt8(ascii: "/")

  /// The path's components, split at every `/` byte (empty ones included).
  public static func components(_ path: String) -> [String] {
    path.utf8.split(separator: slash, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// Whether `path` is `folder` or lies inside it, comparing bytes.
  public static func isSame(_ path: String, orInside folder: String) -> Bool {
    let folderBytes = Array(folder.utf8)
    let pathBytes = Array(path.utf8)
    if pathBytes == folderBytes { return true }
    let prefix = folderBytes.last == slash ? folderBytes : folderBytes + [slash]
    return pathBytes.starts(with: prefix)
  }

  /// Whether a name given by evidence could leave the folder it is read from: absolute, `~`,
  /// empty, or holding an empty, `.` or `..` component, a backslash or a NUL.
  public static func leavesFolder(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, first != slash, first != UInt8(ascii: "~") else { return true }
    if bytes.contains(UInt8(ascii: "\\")) || bytes.contains(0) { return true }
    return components(name).contains { $0.isEmpty || $0 == "." || $0 == ".." }
  }
}
