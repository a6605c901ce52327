/// A device as Firebase Test Lab spells it in the folders `gcloud` and Flank download and in the
/// suite names of Flank's merged report: `<model>-<version>-<locale>-<orientation>`, e.g.
/// `NexusLowRes-28-en-portrait` (Android: the model id and API level) or
/// `iphonexs-12.1-en_GB-landscape` (iOS: the model id and iOS version). A retried attempt's
/// folder ends in `-rerun_N`.
package struct TestLabDevice: Sendable, Hashable {
  /// The model id, e.g. `NexusLowRes`, `Pixel2.arm`, `iphonexs`.
  package var model: String
  /// The API level (Android) or iOS version, as written.
  package var version: String
  package var locale: String
  package var orientation: String
  /// The retry `N` of a `-rerun_N` folder; nil for the first attempt.
  package var rerun: Int?

  /// Reads `text` (a folder or suite name); nil unless it has the shape exactly.
  package init?(_ text: Substring) {
    var text = text
    var rerun: Int?
    if let underscore = text.lastIndex(of: "_"), text[..<underscore].hasSuffix("-rerun") {
      guard let number = Int(text[text.index(after: underscore)...]), number > 0 else { return nil }
      rerun = number
      text = text[..<text.index(underscore, offsetBy: -"-rerun".count)]
    }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count >= 4 else { return nil }
    let orientation = parts[parts.count - 1]
    let locale = parts[parts.count - 2]
    let version = parts[parts.count - 3]
    let model = parts[..<(parts.count - 3)].joined(separator: "-")
    guard orientation == "portrait" || orientation == "landscape",
      !locale.isEmpty, locale.count <= 12,
      locale.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
      version.first?.isNumber == true, version.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      !model.isEmpty, model.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) })
    else { return nil }
    self.model = model
    self.version = String(version)
    self.locale = String(locale)
    self.orientation = String(orientation)
    self.rerun = rerun
  }

  package init?(_ text: String) { self.init(text[...]) }

  /// Test Lab's iOS models are iPhones and iPads; every other model is Android's.
  package var isApple: Bool {
    let lowered = model.lowercased()
    return lowered.hasPrefix("iphone") || lowered.hasPrefix("ipad")
  }

  /// The spelling without the `-rerun_N` mark: the device every attempt ran on.
  package var name: String { "\(model)-\(version)-\(locale)-\(orientation)" }

  /// The device named by a Flank merged report's suite name, `<device>` or `<device>#<class>`.
  package static func suiteDevice(_ name: String) -> TestLabDevice? {
    guard let device = spelled(name), device.rerun == nil else { return nil }
    return device
  }

  /// `<device>` or `<device>#<class>`, also with a `-rerun_N` mark: what tells a Flank suite or a
  /// Test Lab folder from a class name.
  package static func spelled(_ name: String) -> TestLabDevice? {
    // Most suites are classes: one search rules them out.
    guard name.contains("-portrait") || name.contains("-landscape") else { return nil }
    let head = name.firstIndex(of: "#").map { name[..<$0] } ?? name[...]
    return TestLabDevice(head)
  }
}
