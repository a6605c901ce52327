import StateProofJSON
import StateProofKnowledge
import StateProofModel
import StateProofSystem

/// A configuration is read by ``JSONDecoding``, so every wrong
/// key, type or value is refused with its line, column and key path. Unknown keys are errors that
/// name the nearest known one; keys that are `"//"` or start with it are comments. (Duplicate
/// keys never get here: the reader refuses them.)
extension Configuration: Decodable {
  /// Reads a configuration file's document.
  package init(_ document: JSONNode) throws(ConfigurationError) {
    do throws(JSONDecodingError) {
      self = try JSONDecoding.decode(Configuration.self, from: document)
    } catch {
      throw ConfigurationError(error)
    }
  }

  /// Reads the configuration a report recorded (`provenance.configuration.settings`). The record
  /// is no file, so its errors name the key path only.
  package init(recorded: ConfigurationValue) throws(ConfigurationError) {
    do throws(ConfigurationError) {
      try self.init(JSONNode(recorded))
    } catch {
      throw ConfigurationError(path: error.path, message: error.message)
    }
  }

  package init(from decoder: any Decoder) throws {
    self.init()
    let root = try ConfigurationObject(
      decoder,
      allowing: ["app", "release", "flaky", "perDevice", "allow", "exclude", "window", "platforms", "permissions"])
    app = try root.string("app")
    release = try root.string("release")
    if let text = try root.string("flaky") {
      guard let policy = FlakyPolicy(rawValue: text) else {
        throw root.error(at: "flaky", "expected \"pass\" or \"fail\", found \"\(text)\"")
      }
      flaky = policy
    }
    perDevice = try root.bool("perDevice") ?? false
    if let text = try root.string("window") {
      guard let window = EvidenceWindow(text) else {
        throw root.error(
          at: "window",
          "expected a window such as \"48h\" (a whole number of m, h or d, at most a year), found \"\(text)\"")
      }
      self.window = window
    }
    allow = try root.elements("allow")?.map(Self.allowance) ?? []
    exclude = try root.elements("exclude")?.map(Self.exclusion) ?? []
    if let member = try root.member("platforms") {
      let object = try ConfigurationObject(member, allowing: Platform.allCases.map(\.rawValue))
      for platform in Platform.allCases {
        guard let settings = try object.member(platform.rawValue) else { continue }
        platforms[platform] = try Self.platformSettings(settings, platform: platform)
      }
    }
    if let elements = try root.elements("permissions") {
      permissions = try elements.map(Self.permissionSettings)
      var seen: Set<String> = []
      for (index, permission) in permissions.enumerated() where !seen.insert(permission.id).inserted {
        throw ConfigurationObject.error(elements[index], key: "id", "\"\(permission.id)\" is listed twice")
      }
    }
  }

  private static func platformSettings(_ decoder: any Decoder, platform: Platform) throws -> PlatformSettings {
    let object = try ConfigurationObject(
      decoder,
      allowing: [
        "appId", "receipt", "releaseDevices", "evidence", "versionName", "versionCode", "variant", "targetSdk",
      ])
    var settings = PlatformSettings()
    if object.contains("targetSdk") {
      guard platform == .android else { throw object.error(at: "targetSdk", "only Android apps have a target SDK") }
      guard let number = try? object.decode(Double.self, "targetSdk"), number == number.rounded(), number > 0,
        number < 1000
      else {
        throw object.error(at: "targetSdk", "expected the API level the app targets (targetSdkVersion), such as 34")
      }
      settings.targetSdk = Int(number)
    }
    settings.appId = try object.string("appId")
    settings.receipt = try object.string("receipt")
    settings.releaseDevices = try object.strings("releaseDevices") ?? []
    settings.evidence = try object.strings("evidence") ?? []
    let build = BuildIdentity(
      versionName: try object.word("versionName"), versionCode: try object.word("versionCode", allowingInteger: true),
      variant: try object.word("variant"))
    settings.build = build.isEmpty ? nil : build
    return settings
  }

  private static func allowance(_ decoder: any Decoder) throws -> Allowance {
    let object = try ConfigurationObject(decoder, allowing: ["code", "row", "platform", "reason", "until"])
    guard let codeText = try object.string("code") else {
      throw ConfigurationObject.error(decoder, "needs a \"code\"")
    }
    guard let code = FindingCode(rawValue: codeText) else {
      throw object.error(
        at: "code",
        "no finding code \"\(codeText)\""
          + NearestNames.didYouMean(codeText, among: FindingCode.allCases.map(\.rawValue), shown: { "\"\($0)\"" }))
    }
    guard let reason = try object.string("reason"), !Allowance.isBlank(reason) else {
      throw ConfigurationObject.error(decoder, "needs a \"reason\": say why the gap is accepted")
    }
    var allowance = Allowance(code: code, reason: reason, source: .configuration)
    if let text = try object.string("row") {
      guard let row = RowID(text) else {
        throw object.error(at: "row", "expected a row id such as \"ios/camera/restricted\", found \"\(text)\"")
      }
      allowance.row = row
    }
    if let text = try object.string("platform") {
      guard let platform = Platform(rawValue: text) else {
        throw object.error(at: "platform", "expected \"android\" or \"ios\", found \"\(text)\"")
      }
      allowance.platform = platform
    }
    if let text = try object.string("until") {
      guard isDay(text) else { throw object.error(at: "until", "expected a day as YYYY-MM-DD, found \"\(text)\"") }
      allowance.until = text
    }
    return allowance
  }

  /// `{"permission": "camera", "platform": "ios", "reason": "…"}`, or `{"declaration":
  /// "NSFaceIDUsageDescription", "reason": "…"}`.
  private static func exclusion(_ decoder: any Decoder) throws -> DeclarationExclusion {
    let object = try ConfigurationObject(decoder, allowing: ["permission", "declaration", "platform", "reason"])
    let permission = try object.string("permission")
    let declaration = try object.string("declaration")
    guard (permission == nil) != (declaration == nil) else {
      throw ConfigurationObject.error(
        decoder,
        "needs a \"permission\" (an id such as \"camera\") or a \"declaration\" (a name the app declares, such as \"NSFaceIDUsageDescription\"), not both"
      )
    }
    guard let reason = try object.string("reason"), !Allowance.isBlank(reason) else {
      throw ConfigurationObject.error(decoder, "needs a \"reason\": say why the app never asks for it")
    }
    var exclusion = DeclarationExclusion(permission: permission, declaration: declaration, reason: reason)
    if let text = try object.string("platform") {
      guard let platform = Platform(rawValue: text) else {
        throw object.error(at: "platform", "expected \"android\" or \"ios\", found \"\(text)\"")
      }
      exclusion.platform = platform
    }
    return exclusion
  }

  private static func isDay(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 3 && parts.map(\.count) == [4, 2, 2]
      && parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
  }

  private static func permissionSettings(_ decoder: any Decoder) throws -> PermissionSettings {
    let object = try ConfigurationObject(
      decoder, allowing: ["id", "android", "ios", "declarations", "include", "reason", "rows"])
    guard let id = try object.string("id") else { throw ConfigurationObject.error(decoder, "needs an \"id\"") }
    guard !id.isEmpty, !id.contains("/") else {
      throw object.error(at: "id", "expected a permission id without \"/\", e.g. \"camera\"")
    }
    var settings = PermissionSettings(id: id)
    settings.android = try object.string("android")
    settings.ios = try object.string("ios")
    settings.include = try object.strings("include")
    settings.declarations = try object.strings("declarations") ?? []
    settings.reason = try object.reason("reason")
    if let member = try object.member("rows") {
      let rows = try ConfigurationObject(member, allowing: nil)
      for key in rows.keys {
        settings.rows[key] = try rows.member(key).map(rowSettings)
      }
    }
    return settings
  }

  private static func rowSettings(_ decoder: any Decoder) throws -> RowSettings {
    let object = try ConfigurationObject(
      decoder,
      allowing: [
        "tests", "screenshots", "seeds", "requires", "whatHappened", "appReads", "screen", "android", "ios",
        "targetSdk", "reason",
      ])
    var settings = RowSettings()
    settings.tests = try object.strings("tests")
    settings.screenshots = try object.strings("screenshots")
    settings.seeds = try object.strings("seeds")
    if let elements = try object.elements("requires") {
      settings.requires = try elements.map { element in
        let text = try element.singleValueContainer().decode(String.self)
        guard let kind = EvidenceKind(rawValue: text) else {
          throw ConfigurationObject.error(element, "expected one of seed, screenshot, test; found \"\(text)\"")
        }
        return kind
      }
      guard !elements.isEmpty else {
        throw object.error(
          at: "requires",
          "a row must require at least one of seed, screenshot, test: one that requires nothing is covered with no evidence at all"
        )
      }
    }
    settings.whatHappened = try object.string("whatHappened")
    settings.appReads = try object.string("appReads")
    settings.screen = try object.string("screen")
    settings.reason = try object.reason("reason")
    for platform in Platform.allCases {
      guard let text = try object.string(platform.rawValue) else { continue }
      do throws(VersionRangeError) {
        let range = try VersionRange.parse(text, platform: platform)
        if platform == .android { settings.android = range } else { settings.ios = range }
      } catch {
        throw object.error(at: platform.rawValue, error.description)
      }
    }
    if let text = try object.string("targetSdk") {
      guard let range = try? VersionRange.parseTarget(text) else {
        throw object.error(
          at: "targetSdk", "expected the target SDKs the row needs, as API levels: \">=31\", \"<=30\" or \">=30, <33\"")
      }
      settings.targetSdk = range
    }
    return settings
  }
}
