import StateProofModel

/// The OS versions a state (or a configured row) applies to: from `lowest` on, below `below`.
/// A configuration writes it as `">=13"`, `"<=12"`, `">=11, <13"` or `"14"`; Android numbers
/// are releases (`12L`, `8.1`, or `API 32` for a level), iOS numbers are iOS versions.
package struct VersionRange: Sendable, Hashable, CustomStringConvertible {
  package var platform: Platform
  /// The first version inside the range; nil when there is no lower bound.
  package var lowest: OSVersion?
  /// The first version past the range; nil when there is no upper bound.
  package var below: OSVersion?

  package init(platform: Platform, lowest: OSVersion? = nil, below: OSVersion? = nil) {
    self.platform = platform
    self.lowest = lowest
    self.below = below
  }

  /// Android from an API level on: `.android(from: 33)` is Android 13 and later.
  package static func android(from api: Int) -> VersionRange {
    VersionRange(platform: .android, lowest: .android(api: api))
  }

  /// Android below an API level: `.android(below: 33)` is Android 12L and earlier.
  package static func android(below api: Int) -> VersionRange {
    VersionRange(platform: .android, below: .android(api: api))
  }

  /// iOS from a version on.
  package static func ios(from major: Int, _ minor: Int = 0) -> VersionRange {
    VersionRange(platform: .ios, lowest: .ios(major, minor))
  }

  package func contains(_ version: OSVersion) -> Bool {
    guard version.platform == platform else { return false }
    if let lowest, version < lowest { return false }
    if let below, !(version < below) { return false }
    return true
  }

  /// Whether some version is in both ranges.
  package func overlaps(_ other: VersionRange) -> Bool {
    guard platform == other.platform else { return false }
    let lowest = [self.lowest, other.lowest].compactMap(\.self).max()
    let below = [self.below, other.below].compactMap(\.self).min()
    guard let lowest, let below else { return true }
    return lowest < below
  }

  /// Whether this range leaves out a version at either end of `builtIn` (a configuration that
  /// narrows a row's range asks less of the evidence).
  package func leavesOut(of builtIn: VersionRange) -> Bool {
    (lowest.map { lowest in builtIn.lowest.map { lowest > $0 } ?? true } ?? false)
      || (below.map { below in builtIn.below.map { below < $0 } ?? true } ?? false)
  }

  /// Whether every version of `other` is in this range.
  package func covers(_ other: VersionRange) -> Bool {
    guard platform == other.platform else { return false }
    if let lowest {
      guard let otherLowest = other.lowest, !(otherLowest < lowest) else { return false }
    }
    if let below {
      guard let otherBelow = other.below, !(below < otherBelow) else { return false }
    }
    return true
  }

  /// Apps targeting from an API level on: `.target(from: 30)` is targetSdkVersion 30 and higher.
  package static func target(from api: Int) -> VersionRange { .android(from: api) }

  /// The range read as target SDKs (API levels): "target SDK 31 and higher", "target SDK 30
  /// and lower", "target SDK 30 to 32".
  package var targetDescription: String {
    let low = lowest?.components.first
    let last = below.flatMap(\.components.first).map { $0 - 1 }
    switch (low, last) {
    case (let low?, nil): return "target SDK \(low) and higher"
    case (nil, let last?): return "target SDK \(last) and lower"
    case (let low?, let last?): return low == last ? "target SDK \(low)" : "target SDK \(low) to \(last)"
    case (nil, nil): return "every target SDK"
    }
  }

  /// Reads a configuration's target SDK range: as `parse`, but every number is an API level
  /// (`">=31"`, `"<=30"`, `"33"`), as `targetSdkVersion` is written.
  package static func parseTarget(_ text: String) throws(VersionRangeError) -> VersionRange {
    try parse(text, platform: .android) { number in
      guard let api = Int(number), api > 0, api < 1000 else { return nil }
      return .android(api: api)
    }
  }

  /// "Android 13 and later", "iOS 14 and later", "Android 6 to 10", "before Android 13".
  package var description: String {
    switch (lowest, below) {
    case (let lowest?, nil): return "\(Self.name(lowest)) and later"
    case (nil, let below?): return "before \(Self.name(below))"
    case (let lowest?, let below?):
      let last = Self.last(before: below)
      return last.map { $0 == lowest ? Self.name(lowest) : "\(Self.name(lowest)) to \(Self.name($0, bare: true))" }
        ?? "\(Self.name(lowest)), before \(Self.name(below))"
    case (nil, nil): return "every \(platform.displayName) version"
    }
  }

  /// `Android 13`, `iOS 14`; with `bare`, only the number.
  private static func name(_ version: OSVersion, bare: Bool = false) -> String {
    let number: String
    switch version.platform {
    case .android:
      let api = version.components.first ?? 0
      number = AndroidRelease.name(api: api) ?? "API \(api)"
    case .ios:
      var parts = version.components
      while parts.count > 1, parts.last == 0 { parts.removeLast() }
      number = parts.map(String.init).joined(separator: ".")
    }
    return bare ? number : "\(version.platform.displayName) \(number)"
  }

  /// The last Android level before `below` (a closed range reads better); nil on iOS, where
  /// versions are not counted one by one.
  private static func last(before below: OSVersion) -> OSVersion? {
    guard below.platform == .android, let api = below.components.first else { return nil }
    return .android(api: api - 1)
  }

  /// Reads a configuration's range: bounds separated by commas, each `>=V`, `>V`, `<=V`, `<V`
  /// or `V` (that release, all its updates included). Throws the reason when it does not read.
  package static func parse(_ text: String, platform: Platform) throws(VersionRangeError) -> VersionRange {
    try parse(text, platform: platform) { OSVersion(platform: platform, release: $0) }
  }

  private static func parse(_ text: String, platform: Platform, version read: (String) -> OSVersion?)
    throws(VersionRangeError) -> VersionRange
  {
    var range = VersionRange(platform: platform)
    let bounds = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    guard !bounds.isEmpty, !bounds.contains(where: \.isEmpty) else { throw .empty(text) }
    for bound in bounds {
      let operators = [">=", "<=", ">", "<", "="]
      let op = operators.first { bound.hasPrefix($0) } ?? ""
      let number = bound.dropFirst(op.count).trimmingCharacters(in: .whitespaces)
      guard let version = read(number) else {
        throw .version(number, platform: platform)
      }
      let next = Self.next(after: version)
      switch op {
      case ">=": range.lowest = max(range.lowest ?? version, version)
      case ">": range.lowest = max(range.lowest ?? next, next)
      case "<=": range.below = min(range.below ?? next, next)
      case "<": range.below = min(range.below ?? version, version)
      default:
        range.lowest = max(range.lowest ?? version, version)
        range.below = min(range.below ?? next, next)
      }
    }
    if let lowest = range.lowest, let below = range.below, !(lowest < below) {
      throw .emptyRange(text)
    }
    return range
  }

  /// The first version after everything `version` (as written) stands for: Android's next API
  /// level; on iOS the next number in the last place written (`14` → `15`, `14.2` → `14.3`).
  private static func next(after version: OSVersion) -> OSVersion {
    var components = version.components
    components[components.count - 1] += 1
    return OSVersion(platform: version.platform, components: components)
  }
}

/// Why a configuration's OS range does not read.
package enum VersionRangeError: Error, Sendable, Hashable, CustomStringConvertible {
  case empty(String)
  case version(String, platform: Platform)
  case emptyRange(String)

  package var description: String {
    switch self {
    case .empty(let text):
      return "expected an OS range such as \">=13\" or \">=11, <13\", found \"\(text)\""
    case .version(let number, let platform):
      return platform == .android
        ? "\"\(number)\" is no Android release (write 13, 12L, 8.1 or API 33)"
        : "\"\(number)\" is no iOS version (write 14 or 17.4)"
    case .emptyRange(let text):
      return "\"\(text)\" contains no version"
    }
  }
}
