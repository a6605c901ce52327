/// What an `Info.plist` says its bundle is: an app, an app extension (which asks for what it uses
/// itself, on behalf of the app that contains it), or something else whose keys declare nothing
/// for an app (a framework, a loadable bundle or test bundle, an `.xcresult`'s own `Info.plist`).
enum InfoPlistBundle: Equatable {
  case app
  /// `how`: what says it is one (`CFBundlePackageType XPC!`, `NSExtension`).
  case appExtension(how: String)
  /// Why it is no app's, in words for `inspect`.
  case notApp(String)

  /// By `CFBundlePackageType`; where a source `Info.plist` leaves it a build setting
  /// (`$(PRODUCT_BUNDLE_PACKAGE_TYPE)`) or leaves it out, by the keys an extension or an app has.
  init(_ values: [String: Any]) {
    guard values["CFBundleIdentifier"] != nil else {
      self =
        values["rootId"] != nil && values["version"] != nil
        ? .notApp("an .xcresult bundle's Info.plist (rootId, version), not an app's")
        : .notApp("a property list without CFBundleIdentifier, which every bundle's Info.plist has")
      return
    }
    let type = (values["CFBundlePackageType"] as? String).flatMap { InfoPlistReader.isBuildSetting($0) ? nil : $0 }
    switch type {
    case "APPL": self = .app
    case "XPC!": self = .appExtension(how: "CFBundlePackageType XPC!")
    case "FMWK": self = .notApp("a framework's Info.plist (CFBundlePackageType FMWK), not an app's")
    case "BNDL": self = .notApp("a loadable or test bundle's Info.plist (CFBundlePackageType BNDL), not an app's")
    case let type?: self = .notApp("the Info.plist of a bundle of type \(type) (CFBundlePackageType), not an app's")
    case nil:
      if let key = ["NSExtension", "EXAppExtensionAttributes"].first(where: { values[$0] != nil }) {
        self = .appExtension(how: key)
      } else if values["CFBundleExecutable"] != nil {
        self = .app
      } else {
        self = .notApp("an Info.plist with neither CFBundlePackageType nor CFBundleExecutable: no app's")
      }
    }
  }
}
