import Foundation
import StateProofEvidence
import StateProofModel

/// One pass over an `AndroidManifest.xml`, fed the push parser's events: the root `<manifest>`'s
/// package and version, `<uses-sdk>`, every `<uses-permission>` and `<uses-permission-sdk-23>`
/// directly under the root (where the platform reads them), and the signs that the file is not an
/// app's merged manifest (`tools:` markers, no `<uses-sdk>` or package, `<instrumentation>`).
struct ManifestScan {
  /// The most declarations one manifest may make: a real app declares a few hundred at most.
  static let maxDeclarations = 5_000
  /// The most problems listed; the rest are counted.
  static let maxProblems = 100
  /// The longest permission name kept (the platform's own are under 100 characters).
  static let maxNameLength = 1_000
  /// `usesPermissionFlags`' one flag, as the platform defines it
  /// (`PackageInfo.REQUESTED_PERMISSION_NEVER_FOR_LOCATION`).
  static let neverForLocationFlag = 0x10000

  let location: EvidenceLocation
  /// Why the document is no manifest at all (another XML file): reading stops there.
  var notManifest: String?
  var appId: String?
  var versionCode: String?
  var versionName: String?
  var minSdk: Int?
  var targetSdk: Int?
  var sawUsesSdk = false
  /// The first `tools:` marker and the line it is on.
  var firstToolsMarker: (name: String, line: Int)?
  var sawInstrumentation = false
  var sawAndroidNamespace = false
  var declarations: [Declaration] = []
  var tooMany = false
  var notes: [String] = []
  var problems = CappedList<ReadProblem>(limit: maxProblems)

  private var depth = 0
  /// Where the parser stood after the last event: with nothing but markup between, where the next
  /// start tag's `<` is (libxml2 places a start tag at its `>`, which AGP writes lines later).
  private var tagLine = 1
  private var tagColumn = 1

  init(location: EvidenceLocation) {
    self.location = location
  }

  /// Reads a start tag; false when the root is no `<manifest>`, which ends the pass.
  mutating func start(_ parser: XMLPushParser) -> Bool {
    depth += 1
    defer { moved(parser) }
    let name = parser.localName.map { String(cString: $0) } ?? ""
    let element = ManifestElement(parser)
    if !element.android.isEmpty { sawAndroidNamespace = true }
    if firstToolsMarker == nil, let marker = element.toolsMarkers.first { firstToolsMarker = (marker, parser.line) }
    switch (depth, name) {
    case (1, "manifest"): readRoot(element)
    case (1, _):
      notManifest = "an XML file whose root element is <\(name)>, not <manifest>"
      return false
    case (2, "uses-sdk"): readUsesSdk(element)
    case (2, "uses-permission"), (2, "uses-permission-sdk-23"): readPermission(element, parser)
    case (2, "instrumentation"): sawInstrumentation = true
    default: break
    }
    return true
  }

  mutating func end(_ parser: XMLPushParser) {
    depth -= 1
    moved(parser)
  }

  /// Text or a comment: only where the parser now stands matters.
  mutating func moved(_ parser: XMLPushParser) {
    tagLine = parser.line
    tagColumn = parser.column
  }

  private mutating func readRoot(_ element: ManifestElement) {
    appId = element.plain["package"].flatMap { $0 }.flatMap(Self.nonEmpty)
    versionCode = element.android["versionCode"].flatMap { $0 }.flatMap(Self.nonEmpty)
    versionName = element.android["versionName"].flatMap { $0 }.flatMap(Self.nonEmpty)
  }

  private mutating func readUsesSdk(_ element: ManifestElement) {
    sawUsesSdk = true
    minSdk = sdkLevel("minSdkVersion", of: element)
    targetSdk = sdkLevel("targetSdkVersion", of: element)
  }

  /// An API level, or nil with a note for a preview's codename (`UpsideDownCake`), which names no
  /// released level.
  private mutating func sdkLevel(_ attribute: String, of element: ManifestElement) -> Int? {
    guard let text = element.android[attribute].flatMap({ $0 }).flatMap(Self.nonEmpty) else { return nil }
    if let level = Int(text) { return level }
    notes.append("android:\(attribute) is \"\(text)\", a preview's codename, not an API level")
    return nil
  }

  private mutating func readPermission(_ element: ManifestElement, _ parser: XMLPushParser) {
    let here = EvidenceLocation(root: location.root, path: location.path, line: tagLine, column: tagColumn)
    guard let name = element.android["name"].flatMap({ $0 }).flatMap(Self.nonEmpty) else {
      problems.append(ReadProblem(location: here, message: "a <\(Self.local(parser))> without android:name"))
      return
    }
    guard name.utf8.count <= Self.maxNameLength else {
      problems.append(
        ReadProblem(location: here, message: "a permission name longer than \(Self.maxNameLength) bytes"))
      return
    }
    guard declarations.count < Self.maxDeclarations else {
      tooMany = true
      return
    }
    var maxSdk: Int?
    if let text = element.android["maxSdkVersion"].flatMap({ $0 }) {
      maxSdk = Int(text.trimmingCharacters(in: .whitespaces))
      if maxSdk == nil {
        problems.append(
          ReadProblem(
            location: here,
            message: "\(name): android:maxSdkVersion \"\(text)\" is not an API level (read as no upper limit)"))
      }
    }
    let flags = element.android["usesPermissionFlags"].flatMap { $0 } ?? ""
    declarations.append(
      Declaration(name: name, maxSdk: maxSdk, neverForLocation: Self.neverForLocation(flags), line: tagLine))
  }

  /// Whether `usesPermissionFlags` holds `neverForLocation`: by name (`a|b`), or as a number.
  static func neverForLocation(_ flags: String) -> Bool {
    let parts = flags.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    if parts.contains("neverForLocation") { return true }
    return parts.contains { part in
      let number = part.lowercased().hasPrefix("0x") ? Int(part.dropFirst(2), radix: 16) : Int(part)
      return number.map { $0 & neverForLocationFlag != 0 } ?? false
    }
  }

  private static func local(_ parser: XMLPushParser) -> String {
    parser.localName.map { String(cString: $0) } ?? ""
  }

  private static func nonEmpty(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }
}
