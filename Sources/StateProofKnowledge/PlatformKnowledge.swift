import StateProofModel

/// What StateProof knows of each platform's permission states, as data: per permission, how each
/// platform's state is read, its states with the OS versions they exist on, and the document
/// every fact comes from. `docs/platform-knowledge.md` is generated from it
/// (`scripts/gen-platform-knowledge`). New permissions need data, not code.
package enum PlatformKnowledge {
  /// Permissions StateProof knows by id, in the order the document lists them.
  package static let permissions: [PermissionDefinition] = [
    camera, microphone, location, photos, notifications, contacts, bluetooth, mediaLocation, audio, wifi, sensors,
    sensorsBackground, motion, tracking, calendar, reminders,
  ]

  /// The permission the matrix covers when no configuration says otherwise.
  package static let defaultPermission = "camera"

  /// The built-in definition for a permission id, if StateProof knows it.
  package static func permission(_ id: String) -> PermissionDefinition? {
    permissions.first { $0.id == id }
  }

  /// A permission of the configuration's own, with the states every runtime permission has:
  /// its Android line read alone, iOS's common statuses, and wording that names no feature.
  package static func custom(id: String, android: String?, ios: String?) -> PermissionDefinition {
    let lines = android.map { [$0] } ?? []
    let screens = AndroidStates.Screens(granted: "feature-on")
    let androidStates =
      android == nil
      ? []
      : [
        AndroidStates.notAsked(lines, screens: screens), AndroidStates.granted(lines, screens: screens),
        AndroidStates.deniedOnce(lines, screens: screens), AndroidStates.blocked(lines, screens: screens),
        AndroidStates.policyDenied(lines, screens: screens), AndroidStates.policyGranted(lines, screens: screens),
        AndroidStates.autoRevoked(lines, screens: screens),
      ]
    let iosStates =
      ios == nil
      ? []
      : [
        IOSStates.notDetermined(
          reads: ".notDetermined", seed: IOSStates.manual("StateProof knows no command for a permission of your own."),
          sources: []),
        IOSStates.authorized(reads: ".authorized", screen: "featureOn", sources: []),
        IOSStates.denied(reads: ".denied", sources: []),
        IOSStates.deniedTwice(reason: IOSStates.asksOnce, sources: ["I:AVREQ"]),
        IOSStates.restricted(reads: ".restricted", sources: []),
      ]
    return PermissionDefinition(
      id: id, title: id, android: android.map(AndroidReading.single), ios: ios.map { IOSAuthorization(resource: $0) },
      states: androidStates + iosStates)
  }

  /// The receipt selector used when the configuration names none (the article's test names).
  package static func defaultReceipt(for platform: Platform) -> String {
    switch platform {
    case .android: "*#*ShowsSystemDialog"
    case .ios: "*#*ShowsSystemPrompt*"
    }
  }

  /// The source with `id`, if the register has it.
  package static func source(_ id: String) -> KnowledgeSource? {
    sources.first { $0.id == id }
  }
}

extension PlatformKnowledge {
  /// The Android lines a privacy switch cuts off (CAMERA: the camera switch), from the data.
  package static let sensorLines: [String: SensorToggle] = Dictionary(
    uniqueKeysWithValues: permissions.compactMap { permission in
      permission.android.flatMap { reading in reading.sensor.map { (reading.primary, $0) } }
    })

  /// How `seed-check --permission NAME` reads NAME: a built-in id (`location`) reads all its
  /// lines; a full Android name reads that line alone (with its privacy switch when it has one).
  package static func reading(for name: String) -> AndroidReading? {
    if let known = permission(name) { return known.android }
    guard name.contains(".") else { return nil }
    var reading = AndroidReading.single(name)
    reading.sensor = sensorLines[name]
    return reading
  }
}
