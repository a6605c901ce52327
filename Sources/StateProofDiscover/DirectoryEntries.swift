#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The names in a folder as the file system stores them, so a name that is not valid UTF-8 is
/// still seen (and reported) rather than silently skipped, as Foundation's listing does.
package enum DirectoryEntries {
  package struct Entry {
    /// The name, with any invalid bytes shown as U+FFFD.
    package var name: String
    /// Whether the bytes were valid UTF-8 (only then can the file be opened by this name).
    package var isUTF8: Bool
  }

  /// The folder's entries sorted by name's bytes (two names that differ only in Unicode
  /// normalisation are two entries, in a fixed order), without `.` and `..`; nil when it cannot
  /// be listed.
  package static func list(_ path: String) -> [Entry]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var entries: [Entry] = []
    while let entry = readdir(directory) {
      let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      guard bytes != [UInt8(ascii: ".")], bytes != [UInt8(ascii: "."), UInt8(ascii: ".")] else {
        continue
      }
      // Decoding repairs invalid bytes; the name was valid UTF-8 exactly when nothing was repaired.
      let name = String(decoding: bytes, as: UTF8.self)
      entries.append(Entry(name: name, isUTF8: name.utf8.elementsEqual(bytes)))
    }
    return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }
}
