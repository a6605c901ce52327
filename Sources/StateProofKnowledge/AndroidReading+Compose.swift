/// Composing a state from a read-back's lines. The rules follow PermissionController's own
/// (research: platform-knowledge.md §1.12, §1.13, §3.3, §3.4; dumpsys-format note §6).
extension AndroidReading {
  /// The state `lines` (by full name) show together; `sensorBlocked` is what
  /// `dumpsys sensor_privacy` said of the reading's sensor (nil: not captured); `targetSdk` the
  /// API level the app targets, when known (``legacy`` reads some lines otherwise below it).
  /// `whole`: the lines are a `Package [name]` block's, which prints every runtime permission the
  /// app requests, so a line it lacks is one the app does not request (ACCESS_FINE_LOCATION for an
  /// app that asks only for approximate location), not one the read-back left out.
  package func compose(
    _ lines: [String: AndroidLineFacts], sensorBlocked: Bool? = nil, targetSdk: Int? = nil, whole: Bool = false
  ) -> AndroidComposition {
    var absent = names.filter { lines[$0] == nil }
    var result: AndroidComposition
    switch kind {
    case .single: result = single(lines, sensorBlocked: sensorBlocked)
    case .location:
      let coarseOnly = whole && lines[Self.fine] == nil && lines[Self.coarse] != nil
      if coarseOnly { absent.removeAll { $0 == Self.fine } }
      result = location(lines, coarseOnly: coarseOnly)
    case .photos: result = photos(lines)
    case .sensorsBackground: result = sensorsBackground(lines)
    }
    result.absent = absent
    if let legacy, let targetSdk, targetSdk < legacy.below, let state = result.state, let read = legacy.states[state] {
      result.state = read
      result.note = "the app targets API \(targetSdk): \(legacy.why)"
    }
    return result
  }

  private func single(_ lines: [String: AndroidLineFacts], sensorBlocked: Bool?) -> AndroidComposition {
    guard let line = lines[primary] else { return AndroidComposition(state: nil) }
    let state = line.state
    let oneTime = state.variant == "one-time" ? [AndroidLine(primary, role: "").shortName] : []
    // [D:TOGGLE] with the switch off the permission stays granted, the app gets a blank feed.
    if let sensor, state.state == "granted", sensorBlocked == true {
      return AndroidComposition(
        state: "sensor-off", variant: state.variant,
        note: "\(sensor.name) access is off for every app, says dumpsys sensor_privacy", oneTime: oneTime)
    }
    // [A:PMSI] POST_NOTIFICATIONS carries REVIEW_REQUIRED until the system's prompt is answered
    // (apps targeting 12L or lower) or the app is first launched after an update to 13.
    if reviewIsNotAsked, state.state == "review-required" {
      return AndroidComposition(
        state: "not-asked",
        note:
          "\(AndroidLine(primary, role: "").shortName) carries REVIEW_REQUIRED: the system has not shown its prompt yet"
      )
    }
    return AndroidComposition(state: state.state, variant: state.variant, oneTime: oneTime)
  }

  /// The granted lines among `names` that carry ONE_TIME, short names.
  private func oneTimeGrants(_ lines: [String: AndroidLineFacts], _ names: [String]) -> [String] {
    names.filter { lines[$0]?.state.variant == "one-time" }.map { AndroidLine($0, role: "").shortName }
  }

  /// Fine and coarse decide together; background only adds to a foreground grant.
  /// [D:LOC] precise = FINE and COARSE granted; approximate = COARSE granted only. `coarseOnly`:
  /// the app requests no fine location, so coarse decides alone ([D:LOC]: an app that asks only
  /// for ACCESS_COARSE_LOCATION gets approximate location or none).
  private func location(_ lines: [String: AndroidLineFacts], coarseOnly: Bool = false) -> AndroidComposition {
    guard let coarse = lines[Self.coarse] else { return AndroidComposition(state: nil) }
    guard let fine = lines[Self.fine] ?? (coarseOnly ? AndroidLineFacts(granted: false, flags: []) : nil) else {
      return AndroidComposition(state: nil)
    }
    if coarseOnly, !coarse.granted, !coarse.state.state.hasPrefix("policy-") {
      return AndroidComposition(
        state: coarse.state.state, variant: coarse.state.variant,
        note: "read from ACCESS_COARSE_LOCATION alone: the app requests no ACCESS_FINE_LOCATION")
    }
    let f = fine.state
    let c = coarse.state
    let policy = [f, c].contains { $0.state.hasPrefix("policy-") }
    if policy {
      return AndroidComposition(
        state: fine.granted || coarse.granted ? "policy-granted" : "policy-denied",
        note: "a device policy fixes location")
    }
    if f.state == "granted" || c.state == "granted" {
      // [D:LOC] precise is both lines granted; the dialog never leaves fine granted without
      // coarse (a seed that granted ACCESS_FINE_LOCATION alone does).
      guard f.state != "granted" || c.state == "granted" else {
        return AndroidComposition(
          state: Self.mixed,
          note:
            "ACCESS_FINE_LOCATION is granted but ACCESS_COARSE_LOCATION reads \(c.state): precise location needs both granted"
        )
      }
      let precise = f.state == "granted"
      let accuracy = precise ? "precise" : "approximate"
      // The state rests on the foreground grant: "Only this time" on it lapses, background and
      // all ([D:REQ]; the review's B7/B8).
      let oneTime = oneTimeGrants(lines, [Self.fine, Self.coarse, Self.background])
      if let background = lines[Self.background] {
        switch background.state.state {
        case "granted": return AndroidComposition(state: "background", variant: accuracy, oneTime: oneTime)
        // [P:GPVM] sendDirectlyToSettings: a background refusal beside a foreground grant is
        // its own state, never precise or approximate.
        case "denied-once":
          return AndroidComposition(
            state: "background-denied", variant: accuracy,
            note: "ACCESS_BACKGROUND_LOCATION is denied once (USER_SET) while \(accuracy) location is granted",
            oneTime: oneTime)
        case "blocked":
          return AndroidComposition(
            state: "background-blocked", variant: accuracy,
            note: "ACCESS_BACKGROUND_LOCATION is blocked (USER_FIXED) while \(accuracy) location is granted",
            oneTime: oneTime)
        default: break
        }
      }
      if precise { return AndroidComposition(state: "precise", variant: f.variant, oneTime: oneTime) }
      return AndroidComposition(
        state: "approximate", variant: c.variant,
        note: coarseOnly
          ? "ACCESS_COARSE_LOCATION is granted; the app requests no ACCESS_FINE_LOCATION"
          : "ACCESS_COARSE_LOCATION is granted, ACCESS_FINE_LOCATION is not",
        oneTime: oneTime)
    }
    guard f.state == c.state else {
      return AndroidComposition(
        state: Self.mixed,
        note: "ACCESS_FINE_LOCATION reads \(f.state) but ACCESS_COARSE_LOCATION reads \(c.state)")
    }
    return AndroidComposition(state: f.state, variant: f.variant)
  }

  /// The background line's own state, but for the states that promise the foreground grant:
  /// allowed in the background, or refused “All the time” on the Settings page, mean something
  /// only with BODY_SENSORS granted for good. Without it the app gets no sensor data at all, in
  /// the background or not (PermissionPolicyService's addOpIfFgPermissions sets the op IGNORED).
  private func sensorsBackground(_ lines: [String: AndroidLineFacts]) -> AndroidComposition {
    guard let background = lines[Self.bodySensorsBackground] else { return AndroidComposition(state: nil) }
    let state = background.state
    guard Self.backgroundSensorStates.contains(state.state) else {
      return AndroidComposition(state: state.state, variant: state.variant)
    }
    guard let foreground = lines[Self.bodySensors] else { return AndroidComposition(state: nil) }
    let oneTime = oneTimeGrants(lines, [Self.bodySensors, Self.bodySensorsBackground])
    guard foreground.granted, !foreground.state.state.hasPrefix("policy-") || foreground.state.state == "policy-granted"
    else {
      return AndroidComposition(
        state: Self.mixed,
        note: "BODY_SENSORS_BACKGROUND reads \(state.state) but BODY_SENSORS reads \(foreground.state.state): "
          + "without the foreground permission the app gets no sensor data at all (its app op is ignored), and the "
          + "background rows describe body sensors allowed, with “All the time” allowed or refused")
    }
    return AndroidComposition(state: state.state, variant: state.variant, oneTime: oneTime)
  }

  /// Full access is every media line granted; partial is the user-selected line granted without
  /// it, tested before blocked, because a re-selection leaves IMAGES and VIDEO `USER_FIXED`
  /// ([P:GPVM] grantUserSelectedVisualGroupPermissions; [P:SGB] NO_UI_PHOTO_PICKER_REDIRECT).
  /// Without media lines, Android 12L and below read READ_EXTERNAL_STORAGE ([D:PHOTO14]).
  private func photos(_ lines: [String: AndroidLineFacts]) -> AndroidComposition {
    let media = [Self.images, Self.video].compactMap { name in lines[name].map { (name, $0) } }
    guard !media.isEmpty else {
      guard let storage = lines[Self.externalStorage] else { return AndroidComposition(state: nil) }
      let state = storage.state
      return AndroidComposition(
        state: state.state, variant: state.variant,
        note: "read from READ_EXTERNAL_STORAGE (no READ_MEDIA_* line: Android 12L and below)")
    }
    let states = media.map { ($0.0, $0.1.state) }
    if states.contains(where: { $0.1.state.hasPrefix("policy-") }) {
      return AndroidComposition(
        state: media.contains { $0.1.granted } ? "policy-granted" : "policy-denied",
        note: "a device policy fixes photo access")
    }
    // [D:PHOTO14] compatibility mode grants the media lines for the session only (ONE_TIME): it
    // is never full access.
    if media.contains(where: { $0.1.granted && $0.1.flags.contains("ONE_TIME") }) {
      return AndroidComposition(
        state: "partial-compat",
        note: "a media line is granted with ONE_TIME: selected photos in compatibility mode, not full access")
    }
    if states.allSatisfy({ $0.1.state == "granted" }) {
      return AndroidComposition(state: "granted", variant: states[0].1.variant)
    }
    if lines[Self.userSelected]?.state.state == "granted" {
      return AndroidComposition(
        state: "partial",
        note: "READ_MEDIA_VISUAL_USER_SELECTED is granted; "
          + states.map { "\(AndroidLine($0.0, role: "").shortName) is \($0.1.state)" }.joined(separator: ", "))
    }
    let distinct = Set(states.map(\.1.state))
    guard distinct.count == 1 else {
      return AndroidComposition(
        state: Self.mixed,
        note: states.map { "\(AndroidLine($0.0, role: "").shortName) reads \($0.1.state)" }.joined(separator: " but "))
    }
    return AndroidComposition(state: states[0].1.state, variant: states[0].1.variant)
  }
}
