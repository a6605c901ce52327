import StateProofModel

/// A permission the app declares that the sign-off answers by not covering it, with why: an
/// SDK's `Info.plist` purpose string the app never uses is the common case (the configuration's
/// `exclude` list).
package struct DeclarationExclusion: Sendable, Equatable {
  /// A permission id (built-in or the configuration's own).
  package var permission: String?
  /// A declared name (`android.permission.READ_PHONE_STATE`, `NSFaceIDUsageDescription`).
  package var declaration: String?
  /// The platform it applies to; nil for both.
  package var platform: Platform?
  package var reason: String

  package init(permission: String? = nil, declaration: String? = nil, platform: Platform? = nil, reason: String) {
    self.permission = permission
    self.declaration = declaration
    self.platform = platform
    self.reason = reason
  }

  /// Whether it answers the permission `id` declared by `names` on `platform`.
  package func excludes(id: String, names: [String], on platform: Platform) -> Bool {
    guard self.platform.map({ $0 == platform }) ?? true else { return false }
    if let permission, permission == id { return true }
    if let declaration, names.contains(declaration) { return true }
    return false
  }
}
