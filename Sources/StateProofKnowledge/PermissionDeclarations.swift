import StateProofModel

/// What in an app's own files lets it ask for a permission: the Android names whose
/// `<uses-permission>` declares it, and the iOS `Info.plist` keys without which iOS refuses the
/// request. A permission with no iOS key (notifications) is one declarations say nothing of there.
package struct PermissionDeclarations: Sendable, Hashable {
  /// Any one of them declares the permission.
  package var android: [String]
  /// Any one of them declares the permission.
  package var ios: [String]
  package var sources: [String]

  package init(android: [String] = [], ios: [String] = [], sources: [String]) {
    self.android = android
    self.ios = ios
    self.sources = sources
  }

  /// The names that declare it on `platform`.
  package func names(on platform: Platform) -> [String] {
    switch platform {
    case .android: android
    case .ios: ios
    }
  }
}
