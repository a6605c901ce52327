/// How a permission's Android state is read from `dumpsys`: from one line, or composed from all
/// the lines the state needs (location: fine, coarse and background; photos: the media lines and
/// the user-selected one), and for camera and microphone from the privacy switch as well.
package struct AndroidReading: Sendable, Hashable {
  package enum Kind: String, Sendable, Hashable {
    /// One line: camera, microphone, notifications, contacts, Bluetooth, custom permissions.
    case single
    /// ACCESS_FINE_LOCATION, ACCESS_COARSE_LOCATION and, when the app asks for it,
    /// ACCESS_BACKGROUND_LOCATION.
    case location
    /// READ_MEDIA_IMAGES / READ_MEDIA_VIDEO (13+), READ_MEDIA_VISUAL_USER_SELECTED (14+), or
    /// READ_EXTERNAL_STORAGE (12L and below).
    case photos
    /// BODY_SENSORS_BACKGROUND with BODY_SENSORS: a background grant or refusal means something
    /// only beside a lasting foreground grant, as for background location.
    case sensorsBackground
  }

  package var kind: Kind
  /// The lines involved; the first is the one a person names the permission by.
  package var lines: [AndroidLine]
  /// The privacy switch that can cut the sensor off while the permission stays granted.
  package var sensor: SensorToggle?
  /// Whether REVIEW_REQUIRED with no decision marks a prompt the system has not shown yet, so
  /// the line reads never asked (POST_NOTIFICATIONS), rather than a legacy app's review.
  package var reviewIsNotAsked: Bool
  /// How the lines read for an app targeting below an API level, where the same flags mean
  /// another state (POST_NOTIFICATIONS' USER_SET is final for apps targeting 12L or lower).
  package var legacy: LegacyTarget?

  /// States the same lines show for an app targeting below `below`, and why.
  package struct LegacyTarget: Sendable, Hashable {
    package var below: Int
    /// What the lines compose to → what they mean for such an app.
    package var states: [String: String]
    package var why: String

    package init(below: Int, states: [String: String], why: String) {
      self.below = below
      self.states = states
      self.why = why
    }
  }

  package init(
    kind: Kind, lines: [AndroidLine], sensor: SensorToggle? = nil, reviewIsNotAsked: Bool = false,
    legacy: LegacyTarget? = nil
  ) {
    self.kind = kind
    self.lines = lines
    self.sensor = sensor
    self.reviewIsNotAsked = reviewIsNotAsked
    self.legacy = legacy
  }

  /// A custom permission's reading: its one line.
  package static func single(_ name: String) -> AndroidReading {
    AndroidReading(kind: .single, lines: [AndroidLine(name, role: "the permission")])
  }

  package var primary: String { lines[0].name }
  package var names: [String] { lines.map(\.name) }

  /// States the lines can show beyond a permission's rows: a system component's or a restricted
  /// permission's fixed state, a legacy app's, a review. They are never rows; a seed step may
  /// still ask for them.
  package static let otherStates = ["system-fixed", "restriction-applied", "denied-legacy", "review-required"]

  /// What composing gave when the lines disagree (fine location blocked, coarse denied once):
  /// never a row, so it proves nothing.
  package static let mixed = "mixed"

  /// The lines `state` cannot be told without. With `background` (the app asks for background
  /// location), a foreground grant is precise or approximate only when the background line
  /// shows it is not background as well.
  package func linesNeeded(for state: String, background: Bool = false) -> [String] {
    switch (kind, state) {
    case (.location, "background"), (.location, "background-denied"), (.location, "background-blocked"):
      return [Self.fine, Self.coarse, Self.background]
    case (.location, "precise"), (.location, "approximate"):
      return [Self.fine, Self.coarse] + (background ? [Self.background] : [])
    case (.location, _): return [Self.fine, Self.coarse]
    case (.photos, "partial"), (.photos, "partial-compat"): return [Self.userSelected]
    case (.sensorsBackground, _):
      return Self.backgroundSensorStates.contains(state) ? [Self.bodySensorsBackground, Self.bodySensors] : [primary]
    default: return kind == .single ? [primary] : []
    }
  }

  static let fine = "android.permission.ACCESS_FINE_LOCATION"
  static let coarse = "android.permission.ACCESS_COARSE_LOCATION"
  static let background = "android.permission.ACCESS_BACKGROUND_LOCATION"
  static let images = "android.permission.READ_MEDIA_IMAGES"
  static let video = "android.permission.READ_MEDIA_VIDEO"
  static let userSelected = "android.permission.READ_MEDIA_VISUAL_USER_SELECTED"
  static let externalStorage = "android.permission.READ_EXTERNAL_STORAGE"
  static let bodySensors = "android.permission.BODY_SENSORS"
  static let bodySensorsBackground = "android.permission.BODY_SENSORS_BACKGROUND"
  /// The background states that promise BODY_SENSORS granted: allowed, or refused “All the time”
  /// on the Settings page while allowed in the foreground.
  static let backgroundSensorStates: Set<String> = ["granted", "denied-once", "blocked"]

  /// Whether a configuration may read the permission from another single line instead (Android
  /// 16's READ_HEALTH_DATA_IN_BACKGROUND for sensorsbackground): not for location and photos,
  /// whose states are read from several lines.
  package var takesAnotherName: Bool { kind == .single || kind == .sensorsBackground }
}

extension AndroidReading {
  /// The lines whose absence left `composition` undecided, or that `want` needs and the
  /// read-back lacks (full names); empty when nothing is missing.
  package func missing(_ composition: AndroidComposition, want: String? = nil, background: Bool = false) -> [String] {
    if composition.state == nil {
      switch kind {
      case .single: return [primary]
      case .location: return [Self.fine, Self.coarse].filter(composition.absent.contains)
      case .photos: return [Self.images, Self.video, Self.externalStorage]
      case .sensorsBackground: return names.filter(composition.absent.contains)
      }
    }
    guard let want else { return [] }
    return linesNeeded(for: want, background: background).filter(composition.absent.contains)
  }

  /// Whether lines composing to `found` (nil: undecided) could show `state` once the line they
  /// lack is there: precise or approximate could be background; photos not granted could be
  /// partial.
  package func couldBe(_ state: String, found: String?) -> Bool {
    guard let found else { return true }
    switch (kind, state) {
    case (.location, "background"), (.location, "background-denied"), (.location, "background-blocked"):
      return ["precise", "approximate", state].contains(found)
    case (.photos, "partial"): return found != "granted" && !found.hasPrefix("policy-")
    default: return found == state
    }
  }

  /// "ACCESS_FINE_LOCATION and ACCESS_COARSE_LOCATION"; photos' media lines as alternatives.
  package func describe(missing: [String]) -> String {
    let short = missing.map { AndroidLine($0, role: "").shortName }
    if kind == .photos, missing.count == 3 {
      return "\(short[0]) or \(short[1]) (Android 13 and later) or \(short[2]) (Android 12L and earlier)"
    }
    return short.count <= 1 ? short.joined() : short.dropLast().joined(separator: ", ") + " and " + short.last!
  }
}
