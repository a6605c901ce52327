import StateProofEvidence
import StateProofModel

/// One pass over `aapt dump` output, line by line: what ``AaptDumpReader`` keeps of each.
struct AaptDumpScan {
  let location: EvidenceLocation
  /// Why the text is no aapt dump: its first line is not aapt's `package:` line.
  private var notDump: String?
  private var sawPackage = false
  /// `package: com.example` rather than `package: name='…'`: `dump permissions`, which prints
  /// no version, no SDK levels and no implied permissions.
  private var permissionsOnly = false
  private var appId: String?
  private var versionCode: String?
  private var versionName: String?
  private var minSdk: Int?
  private var targetSdk: Int?
  private var declarations: [Declaration] = []
  private var declared: Set<String> = []
  private var tooMany = false
  private var notes: [String] = []
  private var problems = CappedList<ReadProblem>(limit: ManifestScan.maxProblems)

  init(location: EvidenceLocation) {
    self.location = location
  }

  mutating func read(_ text: Substring, number: Int) {
    guard notDump == nil else { return }
    if !sawPackage {
      guard !text.allSatisfy(\.isWhitespace) else { return }
      guard let line = AaptDumpLine(text), line.tag == "package" else {
        notDump = "text whose first line is not aapt's \"package:\" line"
        return
      }
      readPackage(line)
      return
    }
    guard let line = AaptDumpLine(text) else { return }
    switch line.tag {
    case "sdkVersion": minSdk = sdkLevel(line, "sdkVersion")
    case "targetSdkVersion": targetSdk = sdkLevel(line, "targetSdkVersion")
    case "uses-permission", "uses-permission-sdk-23": readPermission(line, number: number, repeated: false)
    case "optional-permission", "uses-implied-permission": readPermission(line, number: number, repeated: true)
    default: break
    }
  }

  /// What was read, once every line has been.
  var reading: DeclarationsReading {
    if let notDump { return DeclarationsReading(notDeclarations: notDump) }
    guard sawPackage else { return DeclarationsReading(notDeclarations: "an empty file") }
    if tooMany {
      return DeclarationsReading(problems: [
        ReadProblem(
          location: location,
          message: "declares more than \(AaptDumpReader.maxDeclarations) permissions, more than any app: not read")
      ])
    }
    var notes = notes
    if permissionsOnly {
      notes.append(
        "aapt2 dump permissions output: no version, SDK levels or implied permissions (aapt2 dump badging prints them)")
    }
    let build = BuildIdentity(
      versionName: versionName, versionCode: versionCode, source: DeclarationSource.aaptDump.rawValue)
    let declarations = AppDeclarations(
      location: location, platform: .android, source: .aaptDump, appId: appId, build: build.isEmpty ? nil : build,
      minSdk: minSdk, targetSdk: targetSdk, declarations: declarations)
    return DeclarationsReading(
      declarations: declarations, notes: notes,
      problems: problems.listed { ReadProblem(location: $0.location, message: $1) })
  }

  private mutating func readPackage(_ line: AaptDumpLine) {
    sawPackage = true
    if let bare = line.bare {
      permissionsOnly = true
      appId = String(bare)
      return
    }
    appId = line.values["name"].flatMap(Self.nonEmpty)
    versionCode = line.values["versionCode"].flatMap(Self.nonEmpty)
    versionName = line.values["versionName"].flatMap(Self.nonEmpty)
  }

  /// An API level, or nil with a note for a preview's codename.
  private mutating func sdkLevel(_ line: AaptDumpLine, _ tag: String) -> Int? {
    guard let text = line.values[""].flatMap(Self.nonEmpty) else { return nil }
    if let level = Int(text) { return level }
    notes.append("\(tag) is '\(text)', a preview's codename, not an API level")
    return nil
  }

  /// A `uses-permission:` line, or one that repeats a permission (`optional-permission:`,
  /// `uses-implied-permission:`), kept only when no line before declared it.
  private mutating func readPermission(_ line: AaptDumpLine, number: Int, repeated: Bool) {
    let here = EvidenceLocation(root: location.root, path: location.path, line: number)
    // aapt before Android 5 wrote `uses-permission:'NAME'`.
    guard let name = (line.values["name"] ?? line.values[""]).flatMap(Self.nonEmpty) else {
      problems.append(ReadProblem(location: here, message: "a \(line.tag): line without a name"))
      return
    }
    if repeated && declared.contains(name) { return }
    guard name.utf8.count <= ManifestScan.maxNameLength else {
      problems.append(
        ReadProblem(location: here, message: "a permission name longer than \(ManifestScan.maxNameLength) bytes"))
      return
    }
    guard declarations.count < AaptDumpReader.maxDeclarations else {
      tooMany = true
      return
    }
    var maxSdk: Int?
    if let text = line.values["maxSdkVersion"] {
      maxSdk = Int(text)
      if maxSdk == nil {
        problems.append(
          ReadProblem(
            location: here, message: "\(name): maxSdkVersion '\(text)' is not an API level (read as no upper limit)"))
      }
    }
    let flags = line.values["usesPermissionFlags"].map(String.init) ?? ""
    declared.insert(name)
    declarations.append(
      Declaration(name: name, maxSdk: maxSdk, neverForLocation: ManifestScan.neverForLocation(flags), line: number))
  }

  private static func nonEmpty(_ text: Substring) -> String? {
    let trimmed = text.trimmingPrefix(while: \.isWhitespace)
    return trimmed.isEmpty ? nil : String(trimmed)
  }
}
