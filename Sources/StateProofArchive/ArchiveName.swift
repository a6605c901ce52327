import StateProofSystem

/// Entry names as the archive stores them: checked so that unpacking stays inside the destination
/// folder and each entry has one spelling, and ordered bytewise for reproducible archives.
package enum ArchiveName {
  /// The UTF-8 bytes of `name` once checked: relative, no `..`, `.` or empty component, no NUL.
  /// Any other byte is kept as given (a backslash is an ordinary character in a POSIX name).
  static func checked(_ name: String) throws(ArchiveError) -> [UInt8] {
    let bytes = Array(name.utf8)
    guard let first = bytes.first else { throw .emptyName }
    guard !bytes.contains(0) else { throw .nulInName(name) }
    guard first != UInt8(ascii: "/") else { throw .absoluteName(name) }
    let components = PathBytes.components(name)
    if components.contains("..") { throw .parentComponent(name) }
    if components.contains(where: { $0.isEmpty || $0 == "." }) { throw .untidyComponent(name) }
    return bytes
  }

  /// `names` ordered by their UTF-8 bytes: the same order on every platform and in every locale,
  /// and each folder before what it holds, since a name sorts before its own extensions.
  package static func sorted(_ names: some Sequence<String>) -> [String] {
    names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }
}
