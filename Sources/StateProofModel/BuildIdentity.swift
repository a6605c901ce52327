/// Which build of the app: its version name, version code (iOS: the build number) and variant
/// (`release`, `freeRelease`), as far as they are known. The configuration names the build under
/// test this way; a piece of evidence names the build it came from (a `dumpsys package` block's
/// `versionName=`, AGP's `connected/release/` folder), with where it says so.
public struct BuildIdentity: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
  public var versionName: String?
  public var versionCode: String?
  public var variant: String?
  /// Where the evidence names it (`dumpsys package`, `seed-check record`, `AGP output folder`,
  /// `Gradle test task`); nil for the configured build.
  public var source: String?

  /// The most characters of a value kept from evidence: a version is a short word.
  static let maxLength = 200

  public init(versionName: String? = nil, versionCode: String? = nil, variant: String? = nil, source: String? = nil) {
    self.versionName = Self.clean(versionName)
    self.versionCode = Self.clean(versionCode)
    self.variant = Self.clean(variant)
    self.source = source
  }

  /// Whether it names nothing.
  public var isEmpty: Bool { versionName == nil && versionCode == nil && variant == nil }

  /// The build without where it was named, to compare builds from different evidence.
  public var identity: BuildIdentity {
    BuildIdentity(versionName: versionName, versionCode: versionCode, variant: variant)
  }

  /// "4.2.0 (420) release", "4.2.0", "variant release": what it names.
  public var description: String {
    var parts: [String] = []
    if let versionName { parts.append(versionName) }
    if let versionCode { parts.append(versionName == nil ? "version code \(versionCode)" : "(\(versionCode))") }
    if let variant { parts.append(parts.isEmpty ? "variant \(variant)" : variant) }
    return parts.isEmpty ? "no build" : parts.joined(separator: " ")
  }

  /// What `self` (evidence) names differently from `expected` (the configured build): each
  /// field both name and that differs, as "versionName 4.1.0, not 4.2.0". Variants are compared
  /// without regard to case (`release`, `Release`). Empty when nothing contradicts it.
  public func differences(from expected: BuildIdentity) -> [String] {
    var found: [String] = []
    if let name = versionName, let wanted = expected.versionName, name != wanted {
      found.append("versionName \(name), not \(wanted)")
    }
    if let code = versionCode, let wanted = expected.versionCode, code != wanted {
      found.append("versionCode \(code), not \(wanted)")
    }
    if let variant, let wanted = expected.variant, variant.lowercased() != wanted.lowercased() {
      found.append("variant \(variant), not \(wanted)")
    }
    return found
  }

  /// By version name, version code, variant and source, each named value before an unnamed one,
  /// so a list of builds starts with the versions ("4.2.0 (420), variant release").
  public static func < (lhs: BuildIdentity, rhs: BuildIdentity) -> Bool {
    func key(_ build: BuildIdentity) -> [String] {
      [build.versionName, build.versionCode, build.variant, build.source].map { $0.map { "0" + $0 } ?? "1" }
    }
    return key(lhs).lexicographicallyPrecedes(key(rhs))
  }

  /// A value trimmed and cut to ``maxLength`` characters; nil when empty.
  private static func clean(_ value: String?) -> String? {
    guard let trimmed = value?.trimmingWhitespace(), !trimmed.isEmpty else { return nil }
    return trimmed.count > maxLength ? String(trimmed.prefix(maxLength)) + "…" : trimmed
  }

  private enum CodingKeys: String, CodingKey {
    case versionName, versionCode, variant, source
  }

  /// Writes every key, `null` included, so the schema is the same for every report.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(versionName, forKey: .versionName)
    try container.encode(versionCode, forKey: .versionCode)
    try container.encode(variant, forKey: .variant)
    try container.encode(source, forKey: .source)
  }
}
