/// A line of a dump that opens or closes a scope, recognised by its text rather than its depth:
/// OEM builds misplace indentation (OnePlus prints `overlay paths:` at the `User 0:` depth).
package enum DumpsysHeader: Sendable, Hashable {
  /// `DUMP OF SERVICE package:` or a command line running `dumpsys package`: a new dump.
  case dumpStart
  /// `Packages:`, `Hidden system packages:` or `Shared users:`.
  case topLevel(DumpsysBlock)
  /// `Package [name] (hash):`.
  case package(String)
  /// `SharedUser [name] (hash):`.
  case sharedUser(String)
  /// `User N:` with or without state fields after it (`User 0: ` on shared users), and its
  /// `installed=` field when it has one.
  case user(Int, installed: Bool?)
  /// `runtime permissions:`, `install permissions:` or `requested permissions:`.
  case section(DumpsysSection)
  /// `sharedUser=SharedUserSetting{hash name/uid}` inside a package block.
  case sharedUserLink(String)
  /// Any other `Words:` line starting with a capital (`Queries:`, `Package Changes:`): a
  /// top-level section when it is no deeper than the open block's header.
  case capitalized
  /// Any other lowercase `words:` line (`overlay paths:`, `disabledComponents:`): ends a list.
  case list

  /// The header `line` is, or nil for an ordinary line.
  package static func classify(_ line: LogLine) -> DumpsysHeader? {
    let content = line.content
    if starts(content, "DUMP OF SERVICE package") || contains(content, "dumpsys package") {
      return .dumpStart
    }
    if equals(content, "Packages:") { return .topLevel(.package) }
    if equals(content, "Hidden system packages:") { return .topLevel(.hiddenSystemPackage) }
    if equals(content, "Shared users:") { return .topLevel(.sharedUser) }
    if let name = bracketed(content, after: "Package [") { return .package(name) }
    if let name = bracketed(content, after: "SharedUser [") { return .sharedUser(name) }
    if let user = userNumber(content) { return .user(user, installed: installed(content)) }
    if equals(content, "runtime permissions:") { return .section(.runtime) }
    if equals(content, "install permissions:") { return .section(.install) }
    if equals(content, "requested permissions:") { return .section(.requested) }
    if let name = sharedUserName(content) { return .sharedUserLink(name) }
    guard content.last == UInt8(ascii: ":"), !content.contains(UInt8(ascii: "=")),
      let first = content.first
    else { return nil }
    return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) ? .capitalized : .list
  }

  /// `User 10:` followed by nothing or a space.
  private static func userNumber(_ content: ArraySlice<UInt8>) -> Int? {
    guard starts(content, "User ") else { return nil }
    let digits = content.dropFirst(5).prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    let rest = content.dropFirst(5 + digits.count)
    guard !digits.isEmpty, digits.count <= 9, rest.first == UInt8(ascii: ":"),
      rest.count == 1 || rest.dropFirst().first == UInt8(ascii: " ")
    else { return nil }
    return Int(String(decoding: digits, as: UTF8.self))
  }

  /// `true` or `false` after ` installed=` in a `User N:` line; nil when it has no such field.
  private static func installed(_ content: ArraySlice<UInt8>) -> Bool? {
    let field = Array(" installed=".utf8)
    var index = content.startIndex
    while index + field.count <= content.endIndex {
      if content[index..<(index + field.count)].elementsEqual(field) {
        let value = content[(index + field.count)...]
        if value.starts(with: "true".utf8) { return true }
        if value.starts(with: "false".utf8) { return false }
        return nil
      }
      index += 1
    }
    return nil
  }

  /// The name in `sharedUser=SharedUserSetting{8f8a0f4 android.uid.system/1000}`.
  private static func sharedUserName(_ content: ArraySlice<UInt8>) -> String? {
    let prefix = "sharedUser=SharedUserSetting{"
    guard starts(content, prefix) else { return nil }
    let inside = content.dropFirst(prefix.utf8.count).prefix { $0 != UInt8(ascii: "}") }
    guard let space = inside.firstIndex(of: UInt8(ascii: " ")) else { return nil }
    let named = inside[(space + 1)...]
    let name = named.prefix { $0 != UInt8(ascii: "/") }
    return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
  }

  private static func bracketed(_ content: ArraySlice<UInt8>, after prefix: String) -> String? {
    guard starts(content, prefix) else { return nil }
    let name = content.dropFirst(prefix.utf8.count).prefix { $0 != UInt8(ascii: "]") }
    guard !name.isEmpty, name.endIndex < content.endIndex else { return nil }
    return String(decoding: name, as: UTF8.self)
  }

  private static func starts(_ content: ArraySlice<UInt8>, _ prefix: String) -> Bool {
    content.starts(with: prefix.utf8)
  }

  private static func equals(_ content: ArraySlice<UInt8>, _ text: String) -> Bool {
    content.elementsEqual(text.utf8)
  }

  /// A plain substring search; the needle is short and fixed, so this stays linear in practice.
  private static func contains(_ content: ArraySlice<UInt8>, _ needle: String) -> Bool {
    let needle = Array(needle.utf8)
    guard content.count >= needle.count else { return false }
    var index = content.startIndex
    while index + needle.count <= content.endIndex {
      if content[index] == needle[0], content[index..<(index + needle.count)].elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }
}
