/// The Android permission dialog's buttons, by the resource ids UI tests tap: Barista's
/// `PermissionGranter` [T:BARISTA] and Patrol's Android automator [T:PATROL] look them up by these
/// ids, so a seed step that no shell command reaches names them (UI Automator:
/// `By.res(id)`; Espresso tests through Barista; Patrol's `grantPermissionOnlyThisTime()` …).
package enum AndroidDialogButtons {
  /// "Allow" / "While using the app": PermissionController's ids from Android 10 (API 29;
  /// `permission_allow_foreground_only_button` on 11 and later, and on 10 for location), the
  /// package installer's before [T:BARISTA], [T:PATROL].
  static let allow =
    "com.android.permissioncontroller:id/permission_allow_foreground_only_button (Android 11 and later; …:id/permission_allow_button on 10, com.android.packageinstaller:id/permission_allow_button on 9 and earlier)"
  /// "Only this time", Android 11 (API 30) and later [T:BARISTA], [T:PATROL].
  static let allowOneTime = "com.android.permissioncontroller:id/permission_allow_one_time_button"
  /// "Deny" / "Don't allow", shown first, Android 10 (API 29) and later [T:BARISTA], [T:PATROL].
  static let deny = "com.android.permissioncontroller:id/permission_deny_button"
  /// "Deny" on Android 9 (API 28) and earlier, in the package installer [T:BARISTA], [T:PATROL].
  static let denyBefore10 = "com.android.packageinstaller:id/permission_deny_button"
  /// The second "Don't allow" (Android 11; the same words, another id) or "Deny & don't ask
  /// again" (Android 10, beside Deny on a second request) [T:BARISTA], [T:PATROL].
  static let denyAndDontAskAgain = "com.android.permissioncontroller:id/permission_deny_and_dont_ask_again_button"
  /// Location's accuracy choice, Android 12 and later [T:PATROL].
  static let precise = "com.android.permissioncontroller:id/permission_location_accuracy_radio_fine"
  static let approximate = "com.android.permissioncontroller:id/permission_location_accuracy_radio_coarse"
  /// Where the ids come from, for a state's sources.
  static let sources = ["T:BARISTA", "T:PATROL"]
}
