import StateProofModel

/// A permission as data: its id in row ids, the platforms' own names for it, and any states it
/// has beyond the common ones (photos: `android/photos/partial`, `ios/photos/limited`).
package struct PermissionDefinition: Sendable, Hashable {
  package var id: String
  /// Android's manifest name, e.g. `android.permission.CAMERA`; nil when not on Android.
  package var android: String?
  /// The iOS resource, e.g. `camera`; nil when not on iOS.
  package var ios: String?
  package var extraStates: [StateDefinition] = []

  package func platformName(on platform: Platform) -> String? {
    switch platform {
    case .android: android
    case .ios: ios
    }
  }
}
