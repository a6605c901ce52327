import Foundation
import StateProofSystem

/// Whether a file's first bytes (up to 4096, as ``ContentSniffer`` holds them: text as UTF-8
/// after ``TextTranscoder``, which leaves a binary property list as it is) look like one of the
/// files an app's declarations are read from: a merged `AndroidManifest.xml`, `aapt dump` output,
/// an app's `Info.plist`. Each only looks (a root element, a first line, a key's bytes) and parses
/// nothing; the readers decide what the file holds (a source manifest, a framework's
/// `Info.plist`) and say so.
package enum DeclarationFileRecognition {
  static let androidNamespace = Data("http://schemas.android.com/apk/res/android".utf8)

  /// XML whose root element is `<manifest>` and which names Android's namespace.
  package static func isAndroidManifestXML(head: Data) -> Bool {
    rootElement(of: head) == "manifest" && contains(androidNamespace, in: head)
  }

  /// Text whose first line is aapt's `package:` line: `package: name='…' …` (`dump badging`) or
  /// `package: com.example` (`dump permissions`).
  package static func isAaptDump(head: Data) -> Bool {
    let line = String(decoding: head.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
    guard line.hasPrefix("package: ") else { return false }
    let rest = line.dropFirst("package: ".count)
    if rest.hasPrefix("name='") { return true }
    return rest.contains(".")
      && rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }
  }

  /// A property list that is an app's `Info.plist`, or may be one: binary (`bplist00`) or XML
  /// (root `<plist>`), holding `CFBundleIdentifier` in view, or named `Info.plist` (whose
  /// identifier may come later) and not an `.xcresult`'s (`rootId`, no identifier).
  package static func isAppInfoPlist(head: Data, name: String) -> Bool {
    let namedInfo = PathBytes.lastComponent(of: name) == "Info.plist"
    let identifier = contains(Data("CFBundleIdentifier".utf8), in: head)
    if head.starts(with: Data("bplist00".utf8)) { return identifier || namedInfo }
    guard rootElement(of: head) == "plist" else { return false }
    return identifier || (namedInfo && !contains(Data("<key>rootId</key>".utf8), in: head))
  }

  /// The root element's name as written, past the XML declaration, comments, processing
  /// instructions and a DOCTYPE; nil when `head` is no XML or ends before the root.
  static func rootElement(of head: Data) -> Substring? {
    var rest = String(decoding: head, as: UTF8.self)[...].drop { $0.isWhitespace }
    while rest.hasPrefix("<?") || rest.hasPrefix("<!") {
      let terminator = rest.hasPrefix("<!--") ? "-->" : rest.prefix { $0 != ">" }.contains("[") ? "]>" : ">"
      guard let end = rest.range(of: terminator) else { return nil }
      rest = rest[end.upperBound...].drop { $0.isWhitespace }
    }
    guard rest.hasPrefix("<") else { return nil }
    let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
    return name.isEmpty ? nil : name
  }

  private static func contains(_ needle: Data, in haystack: Data) -> Bool {
    needle.withUnsafeBytes { needle in haystack.withUnsafeBytes { ByteSearch.firstOffset(of: needle, in: $0) != nil } }
  }
}
