import StateProofModel

extension PlatformKnowledge {
  /// Photos: Android's media lines (READ_EXTERNAL_STORAGE before 13), the user-selected line from
  /// 14; iOS's PHAuthorizationStatus for .readWrite.
  static let photos = PermissionDefinition(
    id: "photos", title: "Photos",
    android: AndroidReading(
      kind: .photos,
      lines: [
        // [D:PHOTO14] READ_MEDIA_IMAGES and READ_MEDIA_VIDEO from 13; [A:PLATXML] split from
        // READ_EXTERNAL_STORAGE for apps targeting below 33.
        AndroidLine(readMediaImages, role: "all photos", os: .android(from: 33)),
        AndroidLine(readMediaVideo, role: "all videos", os: .android(from: 33)),
        // [D:PHOTO14] the reselection permission, Android 14.
        AndroidLine(readMediaUserSelected, role: "the photos the user picked", os: .android(from: 34)),
        // [D:PHOTO14] READ_EXTERNAL_STORAGE maxSdkVersion=32.
        AndroidLine(readExternalStorage, role: "storage, Android 12L and earlier", os: .android(below: 33)),
      ]),
    // [I:PHS] PHAuthorizationStatus; [I:PHSFOR] authorizationStatus(for:), iOS 14.
    ios: IOSAuthorization(
      resource: "photos", reads: "PHPhotoLibrary.authorizationStatus(for: .readWrite)",
      type: "PHAuthorizationStatus",
      values: [
        .init(".notDetermined", 0, since: "8.0"), .init(".restricted", 1, since: "8.0"),
        .init(".denied", 2, since: "8.0"), .init(".authorized", 3, since: "8.0"), .init(".limited", 4, since: "14.0"),
      ], store: .tcc("kTCCServicePhotos", sources: ["T:SERVESIM"])),
    states: [
      storageBefore13(AndroidStates.notAsked(mediaLines, screens: photoScreens)),
      StateDefinition(
        .android, "granted", aliases: ["granted", "allowed", "all photos", "full access"],
        whatHappened: "allowed all photos and videos",
        appReads:
          "READ_MEDIA_IMAGES and READ_MEDIA_VIDEO granted (12L and earlier: READ_EXTERNAL_STORAGE): the whole library",
        screen: photoScreens.granted,
        proof:
          "every READ_MEDIA_IMAGES and READ_MEDIA_VIDEO line granted=true (no media line: READ_EXTERNAL_STORAGE granted=true)",
        seed: SeedStep(AndroidStates.pm(["grant LINE"], mediaLines)), requires: [.seed, .screenshot, .test],
        sources: ["D:PHOTO14", "P:KU", "A:PMSC15"],
        wordings: [
          StateWording(
            os: .android(below: 33), whatHappened: "allowed access to photos and files",
            seed: SeedStep(AndroidStates.pm(["grant LINE"], [readExternalStorage])))
        ]),
      // [D:PHOTO14] "Select photos and videos"; [P:GPVM] grants USER_SELECTED, revokes IMAGES and
      // VIDEO (USER_FIXED after a re-selection); [P:SGB] a request then opens the picker.
      StateDefinition(
        .android, "partial", aliases: ["partial", "selected photos", "limited", "some photos"],
        whatHappened: "chose “Select photos and videos” and picked some",
        appReads:
          "READ_MEDIA_VISUAL_USER_SELECTED granted, READ_MEDIA_IMAGES and READ_MEDIA_VIDEO denied: only the picked items",
        screen: "selected-photos",
        proof:
          "READ_MEDIA_VISUAL_USER_SELECTED: granted=true with READ_MEDIA_IMAGES and READ_MEDIA_VIDEO granted=false (USER_SET, or USER_SET|USER_FIXED after a re-selection: not blocked)",
        seed: SeedStep(
          AndroidStates.pm(["grant LINE"], [readMediaUserSelected]) + AndroidStates.pm(["revoke LINE"], mediaLines),
          prose: "Which items are picked cannot be seeded."),
        os: .android(from: 34),
        reason: "“Select photos and videos” arrived in Android 14: before it photo access is all or nothing.",
        target: .target(from: 33),
        targetReason:
          "Selected Photos Access needs an app targeting Android 14 (API 34), or targeting 13 (API 33) and declaring READ_MEDIA_VISUAL_USER_SELECTED; a lower target never gets the choice [D:PHOTO14].",
        requires: [.seed, .screenshot, .test], sources: ["D:PHOTO14", "P:GPVM", "P:SGB"], basis: .codeDerived,
        note:
          "An app targeting 13 that does not declare READ_MEDIA_VISUAL_USER_SELECTED never gets the choice (StateProof cannot tell the declaration from the dump: leave the row out with a reason). An app targeting 14 that does not declare it gets the choice in compatibility mode: the partial-compat row."
      ),
      // [D:PHOTO14] compatibility mode: "READ_MEDIA_IMAGES and READ_MEDIA_VIDEO granted during the
      // app session … the system eventually denies … like other one-time permissions";
      // [P:GPVM] implicit USER_SELECTED granted, the media lines granted isOneTime = true.
      StateDefinition(
        .android, "partial-compat",
        aliases: ["partial compat", "compatibility mode", "compat mode", "partial compatibility"],
        whatHappened:
          "chose “Select photos and videos” in an app that does not declare READ_MEDIA_VISUAL_USER_SELECTED (compatibility mode)",
        appReads:
          "READ_MEDIA_IMAGES and READ_MEDIA_VIDEO granted for this session only (ONE_TIME), but only the picked items are visible; once the app leaves the foreground they are denied again",
        screen: "selected-photos",
        proof:
          "READ_MEDIA_IMAGES and READ_MEDIA_VIDEO: granted=true with ONE_TIME (REVOKED_COMPAT too is UNVERIFIED), READ_MEDIA_VISUAL_USER_SELECTED granted=true",
        seed: .manual(
          "tap “Select photos and videos”, pick some, and test before the app leaves the foreground",
          prose: "No adb command: pm cannot set ONE_TIME. \(AndroidStates.byHand)"),
        os: .android(from: 34),
        reason: "Compatibility mode for selected photos arrived in Android 14.",
        target: .target(from: 34),
        targetReason:
          "Compatibility mode is for apps targeting Android 14 (API 34) or higher that do not declare READ_MEDIA_VISUAL_USER_SELECTED; lower targets without it never get the choice [D:PHOTO14].",
        requires: [.seed, .screenshot, .test], sources: ["D:PHOTO14", "P:GPVM"], basis: .unverified,
        note:
          "A media line granted with ONE_TIME never proves full access: StateProof reads it as partial-compat, not granted. After the session the lines read granted=false with ONE_TIME, which reads partial while READ_MEDIA_VISUAL_USER_SELECTED stays granted.",
        settle:
          "a dumpsys package capture from an Android 14 device of an app without READ_MEDIA_VISUAL_USER_SELECTED, taken while the selection holds"
      ),
      storageBefore13(AndroidStates.deniedOnce(mediaLines, screens: photoScreens)),
      storageBefore13(
        AndroidStates.blocked(
          mediaLines, screens: photoScreens,
          note:
            "Blocked only while READ_MEDIA_VISUAL_USER_SELECTED is not granted: with it granted the state is partial.")
      ),
      AndroidStates.policyDenied(mediaLines, screens: photoScreens),
      AndroidStates.policyGranted(mediaLines, screens: photoScreens),
      AndroidStates.autoRevoked(mediaLines, screens: photoScreens),
      IOSStates.notDetermined(
        reads: ".notDetermined", seed: IOSStates.simctlReset("photos", resource: "photos"),
        sources: ["I:PHS", "C:SIMCTL"]),
      IOSStates.authorized(
        reads: ".authorized", screen: "gallery", whatHappened: "allowed full access",
        seed: IOSStates.simctl("grant", "photos"), sources: ["I:PHS", "C:SIMCTL"]),
      // [I:PHS] .limited: "The user authorized this app for limited photo library access", iOS 14.
      StateDefinition(
        .ios, "limited", aliases: ["limited", "selected photos", "partial"],
        whatHappened: "chose “Select Photos…” and picked some", appReads: ".limited", screen: "selectedPhotos",
        proof: ".limited",
        seed: IOSStates.manual(
          "No simctl privacy service gives limited access.",
          dialog: "tap “Select Photos…” in the system prompt and pick some"), os: .ios(from: 14),
        reason: "Limited photo access arrived in iOS 14.", requires: [.screenshot, .test],
        sources: ["I:PHS", "I:PHSFOR"],
        simulator: .limited,
        note:
          "Whether iOS offers to change the selection when the app next reads the library depends on the PHPhotoLibraryPreventAutomaticLimitedAccessAlert key; presentLimitedLibraryPicker(from:) shows the picker on demand."
      ),
      IOSStates.denied(reads: ".denied", seed: IOSStates.simctl("revoke", "photos"), sources: ["I:PHS", "C:SIMCTL"]),
      IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ"]),
      IOSStates.restricted(reads: ".restricted", sources: ["I:PHS"]),
    ],
    facts: [
      .init(
        "Android 6 to 12L: READ_EXTERNAL_STORAGE; 13: READ_MEDIA_IMAGES and READ_MEDIA_VIDEO (split from READ_EXTERNAL_STORAGE for apps targeting below 33); 14: READ_MEDIA_VISUAL_USER_SELECTED for the photos the user picked.",
        sources: ["D:PHOTO14", "A:PLATXML"]),
      .init(
        "StateProof composes the state from the read-back's media lines: granted = every READ_MEDIA_IMAGES and READ_MEDIA_VIDEO line granted without ONE_TIME; partial-compat = a media line granted with ONE_TIME (never full access); partial = READ_MEDIA_VISUAL_USER_SELECTED granted without them (tested before blocked); without media lines it reads READ_EXTERNAL_STORAGE; media lines that disagree read mixed, which proves no row.",
        sources: ["D:PHOTO14", "P:GPVM", "P:SGB"], .codeDerived),
      .init(
        "Android 14, choosing more photos: with READ_MEDIA_VISUAL_USER_SELECTED granted a new request shows the “Select more photos” dialog, whose deny button is “Don't select more”; with it granted and USER_FIXED there is no dialog, the photo picker opens at once (NO_UI_PHOTO_PICKER_REDIRECT); a request for READ_MEDIA_VISUAL_USER_SELECTED (and ACCESS_MEDIA_LOCATION) alone is refused without UI. A test of the partial row should assert the app's way to select more, which leaves the lines as they were.",
        sources: ["P:SGB"], .codeDerived),
      .init(
        "A device upgraded to Android 14 keeps an app's photo and video access: an app that had full access before the upgrade still reads every media line granted, which is the granted row, not partial. UNVERIFIED: the page's section on upgrades was read only in a translation, which says the system keeps full access and grants some permissions itself, depending on what was granted before.",
        sources: ["D:PHOTO14"], .unverified),
      .init(
        "iOS: PHAuthorizationStatus notDetermined 0, restricted 1, denied 2, authorized 3, limited 4 (iOS 14); simctl's photos-add service is the add-only access level, no row here.",
        sources: ["I:PHS", "C:SIMCTL"]),
    ])

  static let readMediaImages = "android.permission.READ_MEDIA_IMAGES"
  static let readMediaVideo = "android.permission.READ_MEDIA_VIDEO"
  static let readMediaUserSelected = "android.permission.READ_MEDIA_VISUAL_USER_SELECTED"
  static let readExternalStorage = "android.permission.READ_EXTERNAL_STORAGE"
  static let mediaLines = [readMediaImages, readMediaVideo]

  /// The state with its Android 12-and-later seed split: on 12 and 12L (API 31 and 32) the
  /// photos line is READ_EXTERNAL_STORAGE, and the media lines pm would name do not exist yet.
  static func storageBefore13(_ state: StateDefinition) -> StateDefinition {
    var state = state
    state.wordings = state.wordings.flatMap { wording -> [StateWording] in
      guard wording.os == AndroidStates.flagCommands, let seed = wording.seed else { return [wording] }
      var storage = seed
      var seen: Set<String> = []
      storage.commands = seed.commands.map { command in
        mediaLines.reduce(command) { $0.replacingOccurrences(of: $1, with: readExternalStorage) }
      }.filter { seen.insert($0).inserted }
      var twelve = wording
      twelve.os = VersionRange(platform: .android, lowest: .android(api: 31), below: .android(api: 33))
      twelve.seed = storage
      var thirteen = wording
      thirteen.os = .android(from: 33)
      return [twelve, thirteen]
    }
    return state
  }
  static let photoScreens = AndroidStates.Screens(granted: "gallery")
}
