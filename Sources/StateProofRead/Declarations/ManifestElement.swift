/// The attributes of one manifest element that the manifest reader looks at, copied out of a
/// start-tag event by namespace: `android:` ones by local name, the element's unprefixed ones
/// (`package`), and the names of any `tools:` markers, which only a source manifest carries.
struct ManifestElement {
  static let androidNamespace = "http://schemas.android.com/apk/res/android"
  static let toolsNamespace = "http://schemas.android.com/tools"

  /// `android:` attributes by local name; a nil value refers to an entity the file declares.
  var android: [String: String?] = [:]
  /// Attributes without a namespace.
  var plain: [String: String?] = [:]
  /// `tools:node`, `tools:replace`, …: the merger's instructions, as written.
  var toolsMarkers: [String] = []

  init(_ parser: XMLPushParser) {
    parser.forEachNamespacedAttribute { name, namespace, value in
      let local = String(cString: name)
      let text = value.map { String(cString: $0) }
      guard let namespace else {
        plain[local] = text
        return
      }
      switch String(cString: namespace) {
      case Self.androidNamespace: android[local] = text
      case Self.toolsNamespace: toolsMarkers.append("tools:\(local)")
      default: break
      }
    }
  }
}
