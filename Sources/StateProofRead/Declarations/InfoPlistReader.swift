import Foundation
import StateProofEvidence
import StateProofModel
import StateProofSystem

/// Reads a built iOS app's `Info.plist` (XML or binary, from a `.app` folder or handed over from
/// inside an `.ipa`): the bundle identifier and version, and as declarations every
/// `…UsageDescription` key with its purpose string, `UIBackgroundModes` and `NSBonjourServices`
/// with their entries, `NSLocationTemporaryUsageDescriptionDictionary` with its purpose keys, and
/// `PHPhotoLibraryPreventAutomaticLimitedAccessAlert` and `NSLocationDefaultAccuracyReduced` as
/// `true` or `false`. Plain values only: `InfoPlist.strings` translations change no declaration.
///
/// A framework's, a bundle's and an `.xcresult`'s `Info.plist` declare nothing for an app
/// (``DeclarationsReading/notDeclarations``). An app extension's is read, with a note: the system
/// asks on the extension's behalf, with its own keys, for the app that contains it. A source
/// `Info.plist` (a `$(PRODUCT_BUNDLE_IDENTIFIER)` left unexpanded) is read with a note that the
/// built app's may hold more. A key of the wrong type is a problem and not read as a declaration.
package enum InfoPlistReader {
  /// The largest `Info.plist` read; a caller reading a file reads at most one byte more.
  package static let maxBytes = PropertyListDocument.maxBytes

  /// Keys read for their entries (an array of strings).
  static let listKeys: Set<String> = ["UIBackgroundModes", "NSBonjourServices"]
  /// Keys read as `true` or `false`.
  static let flagKeys: Set<String> = [
    "PHPhotoLibraryPreventAutomaticLimitedAccessAlert", "NSLocationDefaultAccuracyReduced",
  ]
  /// Keys read for their dictionary's keys.
  static let dictionaryKeys: Set<String> = ["NSLocationTemporaryUsageDescriptionDictionary"]

  /// Reads the `Info.plist` in `data`; `location` names it in problems.
  package static func read(_ data: Data, location: EvidenceLocation) -> DeclarationsReading {
    let decoded: PropertyListDocument.Decoded
    switch PropertyListDocument.decode(data) {
    case .success(let document): decoded = document
    case .failure(let problem):
      return DeclarationsReading(problems: [ReadProblem(location: location, message: problem.description)])
    }
    let values = decoded.values
    let bundle = InfoPlistBundle(values)
    if case .notApp(let reason) = bundle { return DeclarationsReading(notDeclarations: reason) }
    var reading = DeclarationsReading()
    var problems = CappedList<ReadProblem>(limit: ManifestScan.maxProblems)
    let lines = decoded.isXML ? KeyLines(data) : nil
    func place(_ key: String) -> EvidenceLocation {
      EvidenceLocation(root: location.root, path: location.path, line: lines?.line(of: key))
    }
    let appId = text(values, "CFBundleIdentifier", at: place, into: &problems)
    let versionName = text(values, "CFBundleShortVersionString", at: place, into: &problems)
    let versionCode = text(values, "CFBundleVersion", at: place, into: &problems)
    let unexpanded = [appId, versionName, versionCode].compactMap { $0 }.filter(isBuildSetting)
    if case .appExtension(let how) = bundle {
      reading.notes.append(
        "an app extension's Info.plist (\(how)): the system asks on the extension's behalf, so its keys are "
          + "declarations of the app that contains it")
    }
    if let appId, isBuildSetting(appId) {
      reading.notes.append(
        "CFBundleIdentifier is the build setting \(appId), not expanded: a source Info.plist, not the built app's "
          + "(Xcode adds keys from INFOPLIST_KEY_* build settings when it builds, so the app may declare more)")
    }
    var declarations: [Declaration] = []
    for key in values.keys.sorted() {
      guard let found = declaration(key, values[key] as Any, at: place, into: &problems) else { continue }
      declarations.append(Declaration(name: key, values: found, line: place(key).line))
    }
    let build = BuildIdentity(
      versionName: versionName.flatMap { unexpanded.contains($0) ? nil : $0 },
      versionCode: versionCode.flatMap { unexpanded.contains($0) ? nil : $0 },
      source: DeclarationSource.infoPlist.rawValue)
    reading.declarations = AppDeclarations(
      location: location, platform: .ios, source: .infoPlist,
      appId: appId.flatMap { unexpanded.contains($0) ? nil : $0 }, build: build.isEmpty ? nil : build,
      declarations: declarations)
    reading.problems = problems.listed(parts: "keys") { ReadProblem(location: $0.location, message: $1) }
    return reading
  }

  /// Whether `text` is a build setting Xcode expands when it builds: `$(NAME)` or `${NAME}`.
  static func isBuildSetting(_ text: String) -> Bool {
    text.contains("$(") || text.contains("${")
  }

  /// A string value, or nil with a problem when the key holds something else.
  private static func text(
    _ values: [String: Any], _ key: String, at place: (String) -> EvidenceLocation,
    into problems: inout CappedList<ReadProblem>
  ) -> String? {
    guard let value = values[key] else { return nil }
    guard let string = value as? String else {
      problems.append(ReadProblem(location: place(key), message: "\(key) is \(kind(of: value)), not a string"))
      return nil
    }
    return string.isEmpty ? nil : string
  }

  /// The values of a declaring key, or nil: for a key that declares nothing, or (with a problem)
  /// for one of the wrong type.
  private static func declaration(
    _ key: String, _ value: Any, at place: (String) -> EvidenceLocation, into problems: inout CappedList<ReadProblem>
  ) -> [String]? {
    func wrong(_ wanted: String) -> [String]? {
      problems.append(
        ReadProblem(
          location: place(key), message: "\(key) is \(kind(of: value)), not \(wanted): not read as a declaration"))
      return nil
    }
    if key.hasSuffix("UsageDescription") {
      guard let purpose = value as? String else { return wrong("a purpose string") }
      return [purpose]
    }
    if listKeys.contains(key) {
      guard let strings = value as? [String] else { return wrong("an array of strings") }
      return strings
    }
    if flagKeys.contains(key) {
      guard let flag = value as? Bool else { return wrong("a boolean") }
      return [flag ? "true" : "false"]
    }
    if dictionaryKeys.contains(key) {
      guard let purposes = value as? [String: Any] else { return wrong("a dictionary") }
      return purposes.keys.sorted()
    }
    return nil
  }

  /// How a property list value is named in a problem. A boolean is an `NSNumber` of type `c` on
  /// Apple's platforms and a `Bool` elsewhere; an integer is never either.
  static func kind(of value: Any) -> String {
    switch value {
    case is String: "a string"
    case let number as NSNumber where String(cString: number.objCType) != "c": "a number"
    case is Bool: "a boolean"
    case is [Any]: "an array"
    case is [String: Any]: "a dictionary"
    case is Data: "data"
    case is Date: "a date"
    default: "a number"
    }
  }
}
