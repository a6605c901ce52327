extension PlatformKnowledge {
  /// Every document the knowledge cites. AOSP files name the repository, path and commit read;
  /// pages their address. Facts cite them by id in comments beside the data and in `sources`.
  package static let sources: [KnowledgeSource] = [
    // AOSP: frameworks/base.
    .init(
      "A:SPS12", "SensorPrivacyService (Android 12): dump and cmd sensor_privacy",
      "aosp-mirror/platform_frameworks_base · services/core/java/com/android/server/SensorPrivacyService.java @ 297d0471fef844e845f56ecd465098a0ec0148a2"
    ),
    .init(
      "A:SPS", "SensorPrivacyService (13 and later): shell command, supportsSensorToggle",
      "aosp-mirror/platform_frameworks_base · services/core/java/com/android/server/sensorprivacy/SensorPrivacyService.java @ 0a35c847cf271a772c1d07925c59d1cbc6792abf"
    ),
    .init(
      "A:PST", "PersistedState: the 13+ dump of per-user sensor states",
      "aosp-mirror/platform_frameworks_base · services/core/java/com/android/server/sensorprivacy/PersistedState.java @ 0cefec2d4f766082a653bd45bfb1e64b2ed8ffb1 (same dump at 258ded61cdeafe20136f3450536675b6f518dca3)"
    ),
    .init(
      "A:SPSCI", "SensorPrivacyStateControllerImpl: disabling a never-set switch stores nothing",
      "aosp-mirror/platform_frameworks_base · services/core/java/com/android/server/sensorprivacy/SensorPrivacyStateControllerImpl.java @ 8a169367a735bae91c0bb52940be97f76e02049f"
    ),
    .init(
      "A:SPPROTO", "sensorprivacy.proto: sensor, toggle and state numbers",
      "aosp-mirror/platform_frameworks_base · core/proto/android/hardware/sensorprivacy.proto @ 5b1dbb7d5b3acbc072e938190b9cbc6466082c5b"
    ),
    .init(
      "A:DDOS", "DualDumpOutputStream: how the text dump is rendered",
      "aosp-mirror/platform_frameworks_base · core/java/com/android/internal/util/dump/DualDumpOutputStream.java @ 97e3f22d8aded79f5e97d96e861fd355027749e9"
    ),
    .init(
      "A:PMSC15", "PackageManagerShellCommand: pm grant, revoke, set-permission-flags",
      "muhomorr/platform_frameworks_base-15 · services/core/java/com/android/server/pm/PackageManagerShellCommand.java @ 03862e9c33e7ef76c211a8b6887654b363f181fe"
    ),
    .init(
      "A:PMSC10",
      "PackageManagerShellCommand (Android 10): grant, revoke, reset-permissions, no set-permission-flags or clear-permission-flags",
      "aosp-mirror/platform_frameworks_base · services/core/java/com/android/server/pm/PackageManagerShellCommand.java @ 008fb5cf14a3c9eb4b45cbfe42e5c1b747b166a0; Android 9's has neither: Inventor1938/frameworks_base @ 3c3d81d75ad88af0881ddbdb3c5ec5ced0d178e2"
    ),
    .init(
      "A:PMSC11",
      "PackageManagerShellCommand (Android 11): install-incremental, still no set-permission-flags or clear-permission-flags",
      "aosp-mirror/platform_frameworks_base · services/core/java/com/android/server/pm/PackageManagerShellCommand.java @ 6257ba4c5d5a3f64bb8f8a3d2fe3d39780adf158 (11 in development); the same file on Android 11 release branches: spectrio/android_frameworks_base @ 67baf144770a132f89894f33a5e44f318c90368b, Ankits-lab/frameworks_base @ 150a9240e5a11cd5ebc9bb0832ce30e9c23f376a"
    ),
    .init(
      "A:PMCLEAR",
      "“Fix reset permissions on clear data and package uninstall”: clearing an app's data resets the permission changes the user made",
      "https://android.googlesource.com/platform/frameworks/base/+/4a5f4a2bc7a379a5b4174f78fefeefe745e6cd37 (read in Fairphone's mirror of the commit; Android 6 era, not re-read for later releases)"
    ),
    .init(
      "A:PSKT",
      "PermissionService (14 and later): rationale, UNREQUESTABLE_MASK; setRuntimePermissionGranted only sets RUNTIME_GRANTED (pm grant keeps ONE_TIME and HIBERNATION)",
      "aosp-mirror/platform_frameworks_base · services/permission/java/com/android/server/permission/access/permission/PermissionService.kt @ 0037029a5c33b1bf49a3a76fa7f2f2dd08b21c07"
    ),
    .init(
      "A:PFKT",
      "PermissionFlags.kt: ONE_TIME, HIBERNATION (AUTO_REVOKED); IMPLICIT_GRANTED keeps a split permission granted while APP_OP_REVOKED (REVOKED_COMPAT) revokes its app op, set “when the runtime permission is legacy or implicit but still \"revoked\" by the user in permission settings”",
      "aosp-mirror/platform_frameworks_base · services/permission/java/com/android/server/permission/access/permission/PermissionFlags.kt @ 2e6752a09b0e9ffa9c4dda830c384ec4099e1fc8"
    ),
    .init(
      "A:PERSIST", "AppIdPermissionPersistence: one-time grants never persisted as granted",
      "platform_frameworks_base · services/permission/…/AppIdPermissionPersistence.kt (search index copy 395957361; repository not named)"
    ),
    .init(
      "A:UPGRADE",
      "AppIdPermissionUpgrade.kt: the OS-upgrade helper grantRuntimePermission clears ONE_TIME and HIBERNATION (not the pm grant path, which only sets the granted bit); Android 16 syncs BODY_SENSORS with READ_HEART_RATE",
      "aosp-mirror/platform_frameworks_base · services/permission/java/com/android/server/permission/access/permission/AppIdPermissionUpgrade.kt"
    ),
    .init(
      "A:PMS10", "PermissionManagerService (Android 10): \"Cannot grant policy fixed permission\"",
      "aosp-mirror/platform_frameworks_base · services/core/java/com/android/server/pm/permission/PermissionManagerService.java @ 008fb5cf14a3c9eb4b45cbfe42e5c1b747b166a0"
    ),
    .init(
      "A:PMS11", "PermissionManagerService (Android 11 to 13): rationale",
      "platform_frameworks_base · PermissionManagerService.java (search index copy 2346854; repository not named)"),
    .init(
      "A:COMPAT", "CompatibilityPermissionInfo: POST_NOTIFICATIONS implicit below target 33",
      "aosp-mirror/platform_frameworks_base · services/core/java/com/android/server/pm/permission/CompatibilityPermissionInfo.java @ 7d61d817c6e5cf64171b0237f0ebe5af03490fef"
    ),
    .init(
      "A:PLATXML", "platform.xml: split permissions",
      "aosp-mirror/platform_frameworks_base · data/etc/platform.xml @ 81f3fc667d2497ba4aed780a13ed4a408c5fb374"),
    .init(
      "A:PPSFG",
      "PermissionPolicyService.addOpIfFgPermissions: a permission with a background permission sets its app op by the foreground grant; without the foreground permission granted the op is ignored, whatever the background line says",
      "aosp-mirror/platform_frameworks_base · services/core/java/com/android/server/policy/PermissionPolicyService.java @ 0172a23b1af4735bcca3580bc53e37f57a639c7a"
    ),
    .init(
      "A:PMSI",
      "PermissionManagerServiceImpl: NOTIFICATION_PERMISSIONS carry REVIEW_REQUIRED for apps targeting 12L or lower until the system's prompt is answered, and for 13+ apps updated to 13 until their first launch; the permission stays denied",
      "aosp-mirror/platform_frameworks_base · services/core/java/com/android/server/pm/permission/PermissionManagerServiceImpl.java @ 0243d061973408dd0e33bf8016c0b3762a17c7db"
    ),
    .init(
      "A:PHNOTIF",
      "PermissionHelper.setNotificationPermission: the notification switch revokes or grants and writes USER_SET, clearing USER_FIXED; every call names Context.DEVICE_ID_DEFAULT",
      "aosp-mirror/platform_frameworks_base · services/core/java/com/android/server/notification/PermissionHelper.java @ 39bec003e8194e0cbf90dec9cf8a078896d5a84e (search index copy 307349957)"
    ),
    .init(
      "A:NMST",
      "NotificationManagerServiceTest.testSetNotificationsEnabledForPackage: the Settings switch calls setNotificationPermission(…, false, true)",
      "platform_frameworks_base · services/tests/uiservicestests/…/NotificationManagerServiceTest.java (search index copy 72215842; repository not named)"
    ),
    .init(
      "A:DPP",
      "DevicePermissionPolicy.kt: CAMERA and RECORD_AUDIO (DEVICE_AWARE_PERMISSIONS, behind the device-aware flag) keep per-device flags in their own state and persistence",
      "platform_frameworks_base · services/permission/…/DevicePermissionPolicy.kt (search index copy 141783817; repository not named)"
    ),
    .init(
      "A:AHS", "AppHibernationService.hibernatePackageForUser: no permission revoke",
      "platform_frameworks_base · AppHibernationService.java (search index copies 155746091, 41989992)"),
    // PermissionController (GrapheneOS's copy of AOSP's; not diffed against AOSP: UNVERIFIED).
    .init(
      "P:GPVM", "GrantPermissionsViewModel: partial photos, deny flags, background via Settings",
      "GrapheneOS/platform_packages_modules_Permission · PermissionController/src/com/android/permissioncontroller/permission/ui/model/GrantPermissionsViewModel.kt @ 00fdb6631ced5dcbfd21670f1c49cd0bbb549e5b"
    ),
    .init(
      "P:SGB", "StorageGrantBehavior: photo prompts",
      "GrapheneOS/platform_packages_modules_Permission · …/ui/model/grantPermissions/StorageGrantBehavior.kt @ 1e6f932dddcd025f8ae642fd4ad43b2852c98273"
    ),
    .init(
      "P:NGB", "NotificationGrantBehavior: the prompt before target 33",
      "GrapheneOS/platform_packages_modules_Permission · …/ui/model/grantPermissions/NotificationGrantBehavior.kt @ e68887b31abd126de93bb37703a74c98fc8b2452"
    ),
    .init(
      "P:KU", "KotlinUtils: flags written on grant and revoke",
      "GrapheneOS/platform_packages_modules_Permission · PermissionController/src/com/android/permissioncontroller/permission/utils/KotlinUtils.kt @ 06d586628e39e47e3e91f5b06e174942a9edc0ba"
    ),
    .init(
      "P:KUACC", "KotlinUtils.setFlagsWhenLocationAccuracyChanged: SELECTED_LOCATION_ACCURACY",
      "PermissionController KotlinUtils.kt (search index copy 689245624)"),
    .init(
      "P:ARP",
      "AutoRevokePermissions.kt: what the unused-app reset revokes; ACTIVITY_RECOGNITION and POST_NOTIFICATIONS exempt",
      "platform_packages_modules_Permission · PermissionController/src/com/android/permissioncontroller/permission/service/AutoRevokePermissions.kt (AUTO_REVOKE_EXEMPT_PERMISSIONS; older copies exempt ACTIVITY_RECOGNITION only)"
    ),
    .init(
      "P:UTILS", "PermissionController Utils.java: ONE_TIME_PERMISSIONS_TIMEOUT_MILLIS = 1 * 60 * 1000",
      "platform_packages_modules_Permission · PermissionController/src/com/android/permissioncontroller/permission/utils/Utils.java"
    ),
    .init(
      "P:PCSI", "PermissionControllerServiceImpl: one-time timeout, device-admin grant state",
      "GrapheneOS/platform_packages_modules_Permission · PermissionController/src/com/android/permissioncontroller/permission/service/PermissionControllerServiceImpl.java @ 2037f8d3400b30325f32987982bfe3e1a8e8b23c"
    ),
    // developer.android.com and source.android.com.
    .init("D:REQ", "Request runtime permissions", "https://developer.android.com/training/permissions/requesting"),
    .init(
      "D:LOC", "Request location permissions",
      "https://developer.android.com/develop/sensors-and-location/location/permissions/runtime"),
    .init(
      "D:BGLOC", "Request background location",
      "https://developer.android.com/develop/sensors-and-location/location/permissions/background"),
    .init(
      "D:A11PERM", "Android 11 permission changes: dialog visibility",
      "https://developer.android.com/about/versions/11/privacy/permissions#dialog-visibility"),
    .init("D:HIB", "App hibernation", "https://developer.android.com/topic/performance/app-hibernation"),
    .init(
      "D:PHOTO14", "Grant partial access to photos and videos (Android 14)",
      "https://developer.android.com/about/versions/14/changes/partial-photo-video-access"),
    .init(
      "D:TOGGLE", "Explain access to more sensitive information: toggles",
      "https://developer.android.com/training/permissions/explaining-access#toggles"),
    .init(
      "D:SPM", "SensorPrivacyManager", "https://developer.android.com/reference/android/hardware/SensorPrivacyManager"),
    .init(
      "D:NOTIF", "Notification runtime permission",
      "https://developer.android.com/develop/ui/views/notifications/notification-permission"),
    .init(
      "D:BT", "Bluetooth permissions", "https://developer.android.com/develop/connectivity/bluetooth/bt-permissions"),
    .init(
      "D:DPM", "DevicePolicyManager.setPermissionGrantState",
      "https://developer.android.com/reference/android/app/admin/DevicePolicyManager#setPermissionGrantState(android.content.ComponentName,%20java.lang.String,%20java.lang.String,%20int)"
    ),
    .init(
      "D:DPMSENS",
      "DevicePolicyManager.canAdminGrantSensorsPermissions (API 31): sensor grants only on a fully managed device",
      "https://developer.android.com/reference/android/app/admin/DevicePolicyManager#canAdminGrantSensorsPermissions()"),
    .init(
      "D:PERMREF",
      "Manifest.permission reference: ACCESS_MEDIA_LOCATION, READ_MEDIA_AUDIO, NEARBY_WIFI_DEVICES, BODY_SENSORS, BODY_SENSORS_BACKGROUND, ACTIVITY_RECOGNITION",
      "https://developer.android.com/reference/android/Manifest.permission"),
    .init(
      "D:MEDIALOC", "Access media location (ACCESS_MEDIA_LOCATION)",
      "https://developer.android.com/training/data-storage/shared/media#media-location-permission"),
    .init(
      "D:MEDIA13", "Granular media permissions (Android 13)",
      "https://developer.android.com/about/versions/13/behavior-changes-13#granular-media-permissions"),
    .init(
      "D:WIFI13", "Nearby Wi-Fi devices permission (Android 13)",
      "https://developer.android.com/develop/connectivity/wifi/wifi-permissions"),
    .init(
      "D:BODY13", "Body sensors in the background (Android 13)",
      "https://developer.android.com/about/versions/13/behavior-changes-13#body-sensors-background-permission"),
    .init(
      "D:BODYBG",
      "Access body sensors in the background: Settings' “All the time”, asked apart, a restricted permission",
      "https://developer.android.com/health-and-fitness/health-services/background-body-sensors"),
    .init(
      "D:HEALTH16", "Android 16: health permissions replace BODY_SENSORS",
      "https://developer.android.com/about/versions/16/behavior-changes-16#health-fitness-permissions"),
    .init(
      "D:FITAUTH",
      "Google Fit, Android permissions: apps targeting 28 or lower on Android 10 “should handle the possibility of the com.google.android.gms.permission.ACTIVITY_RECOGNITION permission being revoked by the user”",
      "https://developers.google.com/fit/android/authorization"),
    .init(
      "D:LOCALNET",
      "Local network permission: an Android 16 opt-in (RESTRICT_LOCAL_NETWORK) under which NEARBY_WIFI_DEVICES grants access; ACCESS_LOCAL_NETWORK enforced from Android 17 (API 37) for apps targeting 37",
      "https://developer.android.com/privacy-and-security/local-network-permission"),
    .init(
      "D:ACTREC", "Activity recognition permission (Android 10)",
      "https://developer.android.com/about/versions/10/privacy/changes#physical-activity-recognition"),
    .init(
      "S:NOTIFMIG", "Notification permission: pre-grant of existing apps on upgrade to Android 13",
      "https://source.android.com/docs/core/display/notification-perm"),
    .init(
      "S:BUILD", "Codenames, tags and build numbers: API level of each release",
      "https://source.android.com/docs/setup/reference/build-numbers"),
    // developer.apple.com.
    .init(
      "I:PROTRES",
      "Protected resources: an app adds a UsageDescription key to its Information Property List for each protected resource it asks for, and the system shows its string in the prompt",
      "https://developer.apple.com/documentation/bundleresources/protected-resources"),
    .init(
      "I:AVS", "AVAuthorizationStatus", "https://developer.apple.com/documentation/avfoundation/avauthorizationstatus"),
    .init(
      "I:AVREQ", "Requesting authorization to capture and save media",
      "https://developer.apple.com/documentation/avfoundation/requesting-authorization-to-capture-and-save-media"),
    .init(
      "I:CLS", "CLAuthorizationStatus", "https://developer.apple.com/documentation/corelocation/clauthorizationstatus"),
    .init(
      "I:CLREQ", "Requesting authorization to use location services",
      "https://developer.apple.com/documentation/corelocation/requesting-authorization-to-use-location-services"),
    .init(
      "I:CLALW", "requestAlwaysAuthorization()",
      "https://developer.apple.com/documentation/corelocation/cllocationmanager/requestalwaysauthorization()"),
    .init(
      "I:CLACC", "CLAccuracyAuthorization",
      "https://developer.apple.com/documentation/corelocation/claccuracyauthorization"),
    .init(
      "I:CLTMP", "requestTemporaryFullAccuracyAuthorization(withPurposeKey:)",
      "https://developer.apple.com/documentation/corelocation/cllocationmanager/requesttemporaryfullaccuracyauthorization(withpurposekey:)"
    ),
    .init("I:PHS", "PHAuthorizationStatus", "https://developer.apple.com/documentation/photos/phauthorizationstatus"),
    .init(
      "I:PHSFOR", "PHPhotoLibrary.authorizationStatus(for:)",
      "https://developer.apple.com/documentation/photos/phphotolibrary/authorizationstatus(for:)"),
    .init(
      "I:UNS", "UNAuthorizationStatus",
      "https://developer.apple.com/documentation/usernotifications/unauthorizationstatus"),
    .init(
      "I:UNASK", "Asking permission to use notifications",
      "https://developer.apple.com/documentation/usernotifications/asking-permission-to-use-notifications"),
    .init("I:CNS", "CNAuthorizationStatus", "https://developer.apple.com/documentation/contacts/cnauthorizationstatus"),
    .init(
      "I:CNUPD", "Contacts updates (June 2024): limited access",
      "https://developer.apple.com/documentation/updates/contactsui"),
    .init(
      "I:CNLIM",
      "CNAuthorizationStatus.limited: the person maintains the set in Settings; ContactAccessButton and contactAccessPicker add to it",
      "https://developer.apple.com/documentation/contacts/cnauthorizationstatus/limited"),
    .init(
      "I:CNPICK", "contactAccessPicker(isPresented:completionHandler:): returns the identifiers newly granted",
      "https://developer.apple.com/documentation/swiftui/view/contactaccesspicker(ispresented:completionhandler:)"),
    .init(
      "I:CBA", "CBManagerAuthorization",
      "https://developer.apple.com/documentation/corebluetooth/cbmanagerauthorization"),
    .init(
      "I:CBPM", "CBPeripheralManager.authorizationStatus() (iOS 7 to 13): Bluetooth Sharing for the peripheral role",
      "https://developer.apple.com/documentation/corebluetooth/cbperipheralmanager/authorizationstatus()"),
    .init(
      "I:NSBTP", "NSBluetoothPeripheralUsageDescription: for deployment targets earlier than iOS 13",
      "https://developer.apple.com/documentation/bundleresources/information-property-list/nsbluetoothperipheralusagedescription"
    ),
    .init(
      "I:CLALW16", "requestAlwaysAuthorization() (earlier revision): Provisional Always",
      "https://developer.apple.com/documentation/corelocation/cllocationmanager/1620551-requestalwaysauthorization"),
    .init(
      "I:CLWIU", "requestWhenInUseAuthorization(): Allow Once reverts to notDetermined",
      "https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()"),
    .init(
      "I:ATT", "ATTrackingManager.AuthorizationStatus",
      "https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/authorizationstatus-swift.enum"
    ),
    .init(
      "I:ATTREQ",
      "ATTrackingManager.requestTrackingAuthorization(completionHandler:): “The system remembers the user’s choice and doesn’t prompt again unless a user uninstalls and then reinstalls the app on the device”",
      "https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization(completionhandler:)"
    ),
    .init(
      "I:ATTAUTH",
      "ATTrackingManager.AuthorizationStatus.authorized: “End users can revoke permission at any time through the Allow Apps to Request to Track privacy setting”",
      "https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/authorizationstatus/authorized"
    ),
    .init(
      "I:EKS", "EKAuthorizationStatus (fullAccess and writeOnly, iOS 17)",
      "https://developer.apple.com/documentation/eventkit/ekauthorizationstatus"),
    .init(
      "I:EKREQ",
      "Accessing the event store: requestFullAccessToEvents, requestWriteOnlyAccessToEvents, requestFullAccessToReminders",
      "https://developer.apple.com/documentation/eventkit/accessing-the-event-store"),
    .init(
      "I:TN3153", "TN3153: Adopting API changes for EventKit in iOS 17, macOS 14, and watchOS 10",
      "https://developer.apple.com/documentation/technotes/tn3153-adopting-api-changes-for-eventkit-in-ios-macos-and-watchos"
    ),
    .init(
      "I:NSLOCAL", "NSLocalNetworkUsageDescription (iOS 14): why the app asks for the local network",
      "https://developer.apple.com/documentation/bundleresources/information-property-list/nslocalnetworkusagedescription"
    ),
    .init(
      "I:TN3179",
      "TN3179: Understanding local network privacy: the Local Network privilege is undetermined, allowed or denied; MDM cannot configure it",
      "https://developer.apple.com/documentation/technotes/tn3179-understanding-local-network-privacy"),
    .init(
      "I:CMS", "CMAuthorizationStatus (CMMotionActivityManager.authorizationStatus(), iOS 11)",
      "https://developer.apple.com/documentation/coremotion/cmauthorizationstatus"),
    .init(
      "I:XRES", "XCUIApplication.resetAuthorizationStatus(for:)",
      "https://developer.apple.com/documentation/xcuiautomation/xcuiapplication/resetauthorizationstatus(for:)"),
    .init(
      "I:XPR", "XCUIProtectedResource", "https://developer.apple.com/documentation/xcuiautomation/xcuiprotectedresource"
    ),
    .init(
      "I:XPRLN",
      "XCUIProtectedResource.localNetwork (iOS 15.4): “finding and communicating with devices on the local network”",
      "https://developer.apple.com/documentation/xcuiautomation/xcuiprotectedresource/localnetwork"),
    // Captures and secondary text.
    .init(
      "C:A11", "Real capture: Android 11 emulator, ONE_TIME after the session ended",
      "shared corpus dumpsys/a11-emulator-one-time.txt (from a 2020 blog post; see its PROVENANCE.md)"),
    .init(
      "C:A13WP", "Real capture (trimmed): Android 13+ work profile, POST_NOTIFICATIONS granted with POLICY_FIXED",
      "shared corpus dumpsys/a13plus-workprofile-policy-fixed.txt"),
    .init(
      "C:A14", "Real capture: Android 14 (GrapheneOS), AUTO_REVOKED without USER_SET",
      "shared corpus dumpsys/a14-grapheneos-multiuser.txt"),
    .init(
      "C:SIMCTL", "xcrun simctl privacy help text (Xcode 11.4 and later), as copied in public repositories",
      "xcrun simctl help privacy (secondary copies; check on your Xcode)"),
    .init(
      "C:SIMCAM",
      "simctl privacy's camera service, which xcrun simctl help privacy does not list: reset works (ControlRoom, verified with Apple's Simulator team, 2021); grant and revoke write the Simulator's kTCCServiceCamera row and reset removes it (a 2026 tool's check)",
      "https://github.com/twostraws/ControlRoom/pull/140 ; https://github.com/kaeawc/auto-mobile/pull/1993 (secondary; check on your Xcode)"
    ),
    .init(
      "C:WWDC19", "WWDC19 session 705 notes: Allow Once reverts to notDetermined (superseded by I:CLWIU)",
      "https://wwdcnotes.com/notes/wwdc19/705 (secondary)"),
    .init(
      "C:CTSDO",
      "CTS change f0ec2820d88: sensor grant control \"available in Device Owner mode but not in Profile Owner mode\"",
      "AOSP CTS, change f0ec2820d88 (secondary: commit message)"),
    // Test tools' source: the dialog's buttons they tap, the Simulator's stores they write and read.
    .init(
      "T:BARISTA",
      "Barista's PermissionGranter: the permission dialog's allow, allow-one-time and deny resource ids (deny-and-don't-ask-again is the second Deny's id on API 30)",
      "AdevintaSpain/Barista · library/src/main/java/com/adevinta/android/barista/interaction/PermissionGranter.kt @ 403bf7c9d9dd42bdbb36c42273458b0153146a2d"
    ),
    .init(
      "T:PATROL",
      "Patrol's Android automator: allowPermissionWhileUsingApp, allowPermissionOnce, denyPermission, selectFineLocation and selectCoarseLocation, the ids by API level",
      "leancodepl/patrol · packages/patrol/android/src/main/kotlin/pl/leancode/patrol/Automator.kt (one stored version; the index's newest is db411abcb42ecbfce44b10904d760938bc00b7b1)"
    ),
    .init(
      "T:WIXSVC",
      "AppleSimulatorUtils: TCC.db access rows by iOS version (auth_value 0/2/3, auth_reason 2, auth_version 2 for photos; allowed and prompt_count before iOS 14)",
      "wix/AppleSimulatorUtils · applesimutils/applesimutils/SetServicePermission.m @ 753749d51ccdb709fddb4f24dd04436bed3bb6b4 (iOS 14 branch since b5b217d189b4bb2f4526501d0930007330c93274)"
    ),
    .init(
      "T:WIXLOC", "AppleSimulatorUtils: locationd's clients.plist, Authorization never 1, in use 2, always 4",
      "wix/AppleSimulatorUtils · applesimutils/applesimutils/SetLocationPermission.m @ 753749d51ccdb709fddb4f24dd04436bed3bb6b4"
    ),
    .init(
      "T:WIXNOTIF", "AppleSimulatorUtils: BulletinBoard's section info, a keyed archive with allowsNotifications",
      "wix/AppleSimulatorUtils · applesimutils/applesimutils/SetNotificationsPermission.m @ 753749d51ccdb709fddb4f24dd04436bed3bb6b4"
    ),
    .init(
      "T:IDBSET",
      "idb: TCC.db's schema told apart by its columns (last_reminded, auth_value, last_modified); the iOS 17 CREATE TABLE; 19 columns on the Xcode 27 runtime",
      "facebook/idb · FBSimulatorControl/Commands/FBSimulatorSettingsCommands.swift @ 3f1bb6eb3ae7041ba4902605c6a5a4d686ccc3f8 (history: 34a87a6bcd62aaa4209cd8ac2404c0e6b14b9434, 692a3b6400547a52a23f414b14ad1b60811b3e87, bab44cb6b2188ef53fc5552f1539a86fe77b6d50)"
    ),
    .init(
      "T:XHARNESS",
      "xharness: TCC.db's access table in five formats (pre-iOS 9 to iOS 17), a simctl grant's auth_reason 4 the Simulator did not honour (Xcode 15 beta 4)",
      "dotnet/xharness · src/Microsoft.DotNet.XHarness.iOS.Shared/Hardware/TCCDatabase.cs @ 8dd9b8e6004e22c7b120af0631f0809865ff2088; https://github.com/dotnet/xharness/pull/1053"
    ),
    .init(
      "T:APPIUMPERM", "appium-ios-simulator: reads TCC.db back (auth_value 0, 2, 3; allowed before iOS 14)",
      "appium/appium-ios-simulator · lib/extensions/permissions.ts @ 1fbf0fcbc9d5233ca5c6815432835c8e1c0d534f"),
    .init(
      "T:SERVESIM",
      "serve-sim's end-to-end tests on a macos-26 runner: simctl writes photos limited as auth_value 3, reset removes the row, location-always Authorization 4, revoke location 1, app entries keyed i<bundle>:",
      "EvanBacon/serve-sim · packages/serve-sim/src/__tests__/permissions.e2e.test.ts @ 491d33835d8cf35b4bafd90c94c02d4b937a363c; packages/serve-sim/src/permissions.ts"
    ),
    .init(
      "T:MVTTCC",
      "MVT: TCC auth_value 0 denied, 1 unknown, 2 allowed, 3 limited; the allowed column before iOS 14; client_type 0 a bundle id",
      "mvt-project/mvt · mvt/ios/modules/mixed/tcc.py @ 271fe5fbeeee58b29e53660107d966780a98bf57"),
    .init(
      "T:AUTOMOBILE",
      "auto-mobile: simctl privacy grant camera writes kTCCServiceCamera auth_value 2, revoke 0, reset removes the row",
      "https://github.com/kaeawc/auto-mobile/pull/1993 (the pull request's text; source not read)"),
  ]
}
