import Foundation
import StateProofModel

/// Reads the `manifest.json` that `xcrun xcresulttool export attachments` writes beside the files
/// it exports: an array of `{testIdentifier, attachments: [{exportedFileName,
/// suggestedHumanReadableName, deviceName, …}]}`. Every field is optional, as xcresulttool omits
/// empty ones; `attachments` is also accepted as a single object.
///
/// The manifest is untrusted: an `exportedFileName` that would leave the manifest's folder (`..`,
/// an absolute path, a link pointing out) is refused with a problem naming the entry.
package enum AttachmentManifestReader {
  /// XCTest adds these by itself (one per `waitForExistence` poll); they never show a state.
  static let automaticNames: Set<String> = ["UI Snapshot", "Debug description"]

  package static func read(_ data: Data, from file: DiscoveredFile) -> AttachmentManifest {
    let json: Any
    do {
      json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      return AttachmentManifest(
        isManifest: true,
        problems: [ReadProblem(location: file.location(), message: "not valid JSON")])
    }
    guard let entries = json as? [Any], entries.allSatisfy({ $0 is [String: Any] }) else {
      return AttachmentManifest(isManifest: false)
    }
    let folderPath = (file.record.path as NSString).deletingLastPathComponent
    let folderURL = file.url.deletingLastPathComponent()
    var manifest = AttachmentManifest(isManifest: true)
    for (entryIndex, entry) in entries.enumerated() {
      let entry = entry as! [String: Any]
      let testIdentifier = entry["testIdentifier"] as? String
      let attachments: [Any] =
        (entry["attachments"] as? [Any]) ?? (entry["attachments"] as? [String: Any]).map { [$0] } ?? []
      for (attachmentIndex, attachment) in attachments.enumerated() {
        guard let attachment = attachment as? [String: Any],
          let exported = attachment["exportedFileName"] as? String
        else { continue }
        let entryName =
          "entry \(entryIndex + 1), attachment \(attachmentIndex + 1)"
          + (testIdentifier.map { " of \($0)" } ?? "")
        if let refusal = refusal(exported, in: folderURL) {
          manifest.problems.append(
            ReadProblem(
              location: file.location(),
              message: "\(entryName): exportedFileName \"\(exported)\" \(refusal); refused"))
          continue
        }
        let name = (attachment["suggestedHumanReadableName"] as? String).map(attachmentName)
        manifest.attachments.append(
          AttachmentRecord(
            manifest: file.location(), exportedFileName: exported,
            path: folderPath.isEmpty ? exported : folderPath + "/" + exported, name: name,
            testIdentifier: testIdentifier, device: attachment["deviceName"] as? String,
            isAssociatedWithFailure: attachment["isAssociatedWithFailure"] as? Bool,
            isAutomatic: name.map(automaticNames.contains) ?? false))
      }
    }
    return manifest
  }

  /// `XCTAttachment.name` from xcresulttool's `<name>_<index>_<UUID>.<ext>`; other names are
  /// returned as they are.
  static func attachmentName(_ suggested: String) -> String {
    var stem = Substring(suggested)
    if let dot = stem.lastIndex(of: "."), !stem[dot...].contains("_") { stem = stem[..<dot] }
    let uuidLength = 36
    guard stem.count > uuidLength + 1, isUUID(stem.suffix(uuidLength)) else { return suggested }
    stem = stem.dropLast(uuidLength)
    guard stem.last == "_" else { return suggested }
    stem = stem.dropLast()
    let index = stem.reversed().prefix { $0.isASCII && $0.isNumber }
    guard !index.isEmpty else { return suggested }
    stem = stem.dropLast(index.count)
    guard stem.last == "_" else { return suggested }
    return String(stem.dropLast())
  }

  private static func isUUID(_ text: Substring) -> Bool {
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    return groups.map(\.count) == [8, 4, 4, 4, 12]
      && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
  }

  /// Why `name` may not be followed from the manifest's folder, or nil when it stays inside.
  private static func refusal(_ name: String, in folder: URL) -> String? {
    if name.isEmpty { return "is empty" }
    if name.utf8.first == UInt8(ascii: "/") || name.utf8.first == UInt8(ascii: "~") {
      return "is an absolute path"
    }
    if PathBytes.leavesFolder(name) { return "leaves the manifest's folder" }
    let target = folder.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: target.path) else { return nil }
    let inside = folder.resolvingSymlinksInPath().path
    let resolved = target.resolvingSymlinksInPath().path
    return PathBytes.isSame(resolved, orInside: inside) && resolved != inside
      ? nil : "is a link that points outside the manifest's folder"
  }
}
