/// Path checks on the bytes the file system sees, never on Swift's characters: a combining mark
/// after `/` makes one Character of the two, so `hasPrefix` or `split(separator: "/")` on a String
/// can miss a separator that the file system honours (`../\u{301}x` leaves its folder).
///
/// It is also the one place a path given on the command line is taken apart or put together
/// (``parent(of:)``, ``lastComponent(of:)``, ``sibling(_:of:)``, ``appending(_:to:)``,
/// ``namesFolder(_:)``), so every
/// form (`r`, `.`, `..`, `r/`, absolute, spaces, non-ASCII) means what the file system makes of
/// it. Foundation's `deletingLastPathComponent` traps on a one-character path on Linux, and takes
/// `.` and `..` for names.
package enum PathBytes {
  private static let slash = UInt8(ascii: "/")

  /// The folder that holds `path`, as a path read from the same place: `a` for `a/b` and `a/b/`,
  /// `.` for `b`, `/` for `/b` and `/`; for a path ending in `.` or `..`, which names a folder
  /// by where it is, that folder's parent: `..` for `.`, `../..` for `..`, `a/../..` for `a/..`.
  public static func parent(of path: String) -> String {
    let bytes = trimmed(path)
    switch lastComponent(of: path) {
    case ".": return bytes.elementsEqual(".".utf8) ? ".." : text(bytes) + "/.."
    case "..": return text(bytes) + "/.."
    default: break
    }
    guard let separator = bytes.lastIndex(of: slash) else { return "." }
    var head = bytes[..<separator]
    while head.last == slash { head = head.dropLast() }
    return head.isEmpty ? "/" : text(head)
  }

  /// The last component of `path`: `b` for `a/b` and `a/b/`, `.` and `..` as they are, `/` for
  /// the root.
  public static func lastComponent(of path: String) -> String {
    let bytes = trimmed(path)
    if bytes.elementsEqual([slash]) { return "/" }
    return text(bytes[(bytes.lastIndex(of: slash).map { $0 + 1 } ?? bytes.startIndex)...])
  }

  /// The path of `name` beside `path`, in the same folder and written from the same place:
  /// `evidence` beside `report`, `a/evidence` beside `a/report/`, `../evidence` beside `.`.
  public static func sibling(_ name: String, of path: String) -> String {
    if [".", "..", "/"].contains(lastComponent(of: path)) { return appending(name, to: parent(of: path)) }
    let bytes = trimmed(path)
    guard let separator = bytes.lastIndex(of: slash) else { return name }
    return text(bytes[...separator]) + name
  }

  /// Whether `path` can only name a folder: it ends in `/`, or its last component is `.` or
  /// `..`. A file to be written there (`--bundle r/`) is refused rather than written as `r`.
  public static func namesFolder(_ path: String) -> Bool {
    path.utf8.last == slash || [".", ".."].contains(lastComponent(of: path))
  }

  /// `name` inside `folder`: joined by one `/` (none added after the folder's own), `name` alone
  /// for an empty folder.
  public static func appending(_ name: String, to folder: String) -> String {
    guard let last = folder.utf8.last else { return name }
    return last == slash ? folder + name : folder + "/" + name
  }

  /// `path`'s bytes without trailing slashes (but for `/` itself).
  private static func trimmed(_ path: String) -> ArraySlice<UInt8> {
    var bytes = Array(path.utf8)[...]
    while bytes.count > 1, bytes.last == slash { bytes = bytes.dropLast() }
    return bytes
  }

  private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

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
