import StateProofJSON
import StateProofKnowledge
import StateProofModel
import StateProofSystem

/// Turns a parsed JSON value into a `Configuration`, rejecting unknown keys and wrong types with
/// the key path. Keys that are `"//"` or start with it are comments. (Duplicate keys never get
/// here: ``JSONPullParser/readValue()`` refuses them.)
package enum ConfigurationDecoder {
  package static func decode(_ json: JSONValue) throws(ConfigurationError) -> Configuration {
    var configuration = Configuration()
    let root = try Node(json, path: JSONPath()).object(
      allowing: ["app", "release", "flaky", "perDevice", "allow", "window", "platforms", "permissions"])
    configuration.app = try root["app"]?.string()
    configuration.release = try root["release"]?.string()
    if let flaky = root["flaky"] {
      let text = try flaky.string()
      guard let policy = Configuration.FlakyPolicy(rawValue: text) else {
        throw flaky.error("expected \"pass\" or \"fail\", found \"\(text)\"")
      }
      configuration.flaky = policy
    }
    if let perDevice = root["perDevice"] {
      configuration.perDevice = try perDevice.bool()
    }
    if let node = root["window"] {
      let text = try node.string()
      guard let window = EvidenceWindow(text) else {
        throw node.error("expected a window such as \"48h\" (a whole number of m, h or d, at most a year), found \"\(text)\"")
      }
      configuration.window = window
    }
    if let allow = root["allow"] {
      configuration.allow = try allow.array().map(allowance)
    }
    if let platforms = root["platforms"] {
      let object = try platforms.object(allowing: Platform.allCases.map(\.rawValue))
      for platform in Platform.allCases {
        guard let node = object[platform.rawValue] else { continue }
        configuration.platforms[platform] = try platformSettings(node, platform: platform)
      }
    }
    if let permissions = root["permissions"] {
      configuration.permissions = try permissions.array().map(permissionSettings)
      var seen: Set<String> = []
      for (index, permission) in configuration.permissions.enumerated()
      where !seen.insert(permission.id).inserted {
        throw ConfigurationError(
          path: "permissions[\(index)].id", message: "\"\(permission.id)\" is listed twice")
      }
    }
    return configuration
  }

  private static func platformSettings(_ node: Node, platform: Platform) throws(ConfigurationError)
    -> Configuration.PlatformSettings
  {
    let object = try node.object(
      allowing: ["appId", "receipt", "releaseDevices", "evidence", "versionName", "versionCode", "variant", "targetSdk"])
    var settings = Configuration.PlatformSettings()
    if let node = object["targetSdk"] {
      guard platform == .android else { throw node.error("only Android apps have a target SDK") }
      guard case .number(let number) = node.value, number == number.rounded(), number > 0, number < 1000 else {
        throw node.error("expected the API level the app targets (targetSdkVersion), such as 34")
      }
      settings.targetSdk = Int(number)
    }
    settings.appId = try object["appId"]?.string()
    settings.receipt = try object["receipt"]?.string()
    settings.releaseDevices = try object["releaseDevices"]?.strings() ?? []
    settings.evidence = try object["evidence"]?.strings() ?? []
    let build = BuildIdentity(
      versionName: try object["versionName"]?.word(), versionCode: try object["versionCode"]?.word(allowingInteger: true),
      variant: try object["variant"]?.word())
    settings.build = build.isEmpty ? nil : build
    return settings
  }

  private static func allowance(_ node: Node) throws(ConfigurationError) -> Allowance {
    let object = try node.object(allowing: ["code", "row", "platform", "reason", "until"])
    guard let codeNode = object["code"] else { throw node.error("needs a \"code\"") }
    let codeText = try codeNode.string()
    guard let code = FindingCode(rawValue: codeText) else {
      throw codeNode.error(
        "no finding code \"\(codeText)\""
          + NearestNames.didYouMean(codeText, among: FindingCode.allCases.map(\.rawValue), shown: { "\"\($0)\"" }))
    }
    guard let reasonNode = object["reason"], case let reason = try reasonNode.string(), !Allowance.isBlank(reason)
    else { throw node.error("needs a \"reason\": say why the gap is accepted") }
    var allowance = Allowance(code: code, reason: reason, source: .configuration)
    if let rowNode = object["row"] {
      let text = try rowNode.string()
      guard let row = RowID(text) else {
        throw rowNode.error("expected a row id such as \"ios/camera/restricted\", found \"\(text)\"")
      }
      allowance.row = row
    }
    if let platformNode = object["platform"] {
      let text = try platformNode.string()
      guard let platform = Platform(rawValue: text) else {
        throw platformNode.error("expected \"android\" or \"ios\", found \"\(text)\"")
      }
      allowance.platform = platform
    }
    if let untilNode = object["until"] {
      let text = try untilNode.string()
      guard Self.isDay(text) else {
        throw untilNode.error("expected a day as YYYY-MM-DD, found \"\(text)\"")
      }
      allowance.until = text
    }
    return allowance
  }

  private static func isDay(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    return parts.count == 3 && parts.map(\.count) == [4, 2, 2]
      && parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
  }

  private static func permissionSettings(_ node: Node) throws(ConfigurationError)
    -> Configuration.PermissionSettings
  {
    let object = try node.object(allowing: ["id", "android", "ios", "include", "reason", "rows"])
    guard let idNode = object["id"] else { throw node.error("needs an \"id\"") }
    let id = try idNode.string()
    guard !id.isEmpty, !id.contains("/") else {
      throw idNode.error("expected a permission id without \"/\", e.g. \"camera\"")
    }
    var settings = Configuration.PermissionSettings(id: id)
    settings.android = try object["android"]?.string()
    settings.ios = try object["ios"]?.string()
    settings.include = try object["include"]?.strings()
    settings.reason = try object["reason"]?.reason()
    if let rows = object["rows"] {
      for (key, rowNode) in try rows.object(allowing: nil).members {
        settings.rows[key] = try rowSettings(rowNode)
      }
    }
    return settings
  }

  private static func rowSettings(_ node: Node) throws(ConfigurationError)
    -> Configuration.RowSettings
  {
    let object = try node.object(
      allowing: [
        "tests", "screenshots", "seeds", "requires", "whatHappened", "appReads", "screen", "android", "ios",
        "targetSdk", "reason",
      ])
    var settings = Configuration.RowSettings()
    settings.tests = try object["tests"]?.strings()
    settings.screenshots = try object["screenshots"]?.strings()
    settings.seeds = try object["seeds"]?.strings()
    if let requires = object["requires"] {
      settings.requires = try requires.array().map { (item: Node) throws(ConfigurationError) in
        let text = try item.string()
        guard let kind = EvidenceKind(rawValue: text) else {
          throw item.error("expected one of seed, screenshot, test; found \"\(text)\"")
        }
        return kind
      }
      guard settings.requires?.isEmpty == false else {
        throw requires.error(
          "a row must require at least one of seed, screenshot, test: one that requires nothing is covered with no evidence at all")
      }
    }
    settings.whatHappened = try object["whatHappened"]?.string()
    settings.appReads = try object["appReads"]?.string()
    settings.screen = try object["screen"]?.string()
    settings.reason = try object["reason"]?.reason()
    for platform in Platform.allCases {
      guard let rangeNode = object[platform.rawValue] else { continue }
      let text = try rangeNode.string()
      do throws(VersionRangeError) {
        let range = try VersionRange.parse(text, platform: platform)
        if platform == .android { settings.android = range } else { settings.ios = range }
      } catch {
        throw rangeNode.error(error.description)
      }
    }
    if let node = object["targetSdk"] {
      let text = try node.string()
      guard let range = try? VersionRange.parseTarget(text) else {
        throw node.error("expected the target SDKs the row needs, as API levels: \">=31\", \"<=30\" or \">=30, <33\"")
      }
      settings.targetSdk = range
    }
    return settings
  }

  /// A JSON value with the key path that reached it, so every error can name where it is.
  private struct Node {
    var value: JSONValue
    var path: JSONPath

    init(_ value: JSONValue, path: JSONPath) {
      self.value = value
      self.path = path
    }

    func error(_ message: String) -> ConfigurationError {
      ConfigurationError(path: path.description, message: message)
    }

    func string() throws(ConfigurationError) -> String {
      guard case .string(let text) = value else {
        throw error("expected a string, found \(value.typeDescription)")
      }
      return text
    }

    /// A string that is not blank, or with `allowingInteger` a whole number (`"versionCode": 420`).
    func word(allowingInteger: Bool = false) throws(ConfigurationError) -> String {
      if allowingInteger, case .number(let number) = value {
        guard number >= 0, number < 1e15, number == number.rounded() else {
          throw error("expected a whole number or a string, found \(number)")
        }
        return String(Int(number))
      }
      let text = try string()
      guard !text.allSatisfy(\.isWhitespace) else { throw error("expected a value, found an empty string") }
      return text
    }

    /// A `reason`: a string that says something.
    func reason() throws(ConfigurationError) -> String {
      let text = try string()
      guard !Allowance.isBlank(text) else { throw error("expected a reason that says why, found a blank string") }
      return text
    }

    func bool() throws(ConfigurationError) -> Bool {
      guard case .bool(let value) = value else {
        throw error("expected true or false, found \(value.typeDescription)")
      }
      return value
    }

    func array() throws(ConfigurationError) -> [Node] {
      guard case .array(let items) = value else {
        throw error("expected an array, found \(value.typeDescription)")
      }
      return items.enumerated().map { Node($1, path: path.appending(.index($0))) }
    }

    func strings() throws(ConfigurationError) -> [String] {
      guard case .array(let items) = value, items.allSatisfy({ if case .string = $0 { true } else { false } })
      else { throw error("expected an array of strings") }
      return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    /// The members of an object; with `allowing`, any other key (not a comment) is an error.
    func object(allowing keys: [String]?) throws(ConfigurationError) -> Object {
      guard case .object(let members) = value else {
        throw error("expected an object, found \(value.typeDescription)")
      }
      var kept: [(String, Node)] = []
      for key in members.keys.sorted() where !key.hasPrefix("//") {
        let child = Node(members[key]!, path: path.appending(.key(key)))
        if let keys, !keys.contains(key) {
          throw child.error(
            "unknown key" + NearestNames.didYouMean(key, among: keys, shown: { "\"\($0)\"" })
              + "; expected one of \(keys.joined(separator: ", "))")
        }
        kept.append((key, child))
      }
      return Object(members: kept)
    }
  }

  private struct Object {
    var members: [(String, Node)]

    subscript(key: String) -> Node? { members.first { $0.0 == key }?.1 }
  }
}
