import Foundation
import StateProofJSON
import StateProofModel
import StateProofSystem
import StateProofEvidence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the `manifest.json` that `xcrun xcresulttool export attachments` writes beside the files
/// it exports: an array of `{testIdentifier, attachments: [{exportedFileName,
/// suggestedHumanReadableName, deviceName, …}]}`. Every field is optional, as xcresulttool omits
/// empty ones; `attachments` is also accepted as a single object; other keys are ignored.
///
/// The manifest is streamed entry by entry through ``JSONPullParser``: only the attachment
/// records are kept, so a manifest of any size reads in memory proportional to what it lists.
/// A break in the JSON is a problem with its line and column; entries read before it still count.
///
/// The manifest is untrusted: an `exportedFileName` that would leave the manifest's folder (`..`,
/// an absolute path, a link pointing out) is refused with a problem naming the entry, and so is
/// an entry or attachment that gives one of the fields read here twice.
package enum AttachmentManifestReader {
  package static func read(_ source: some ByteSource, from file: DiscoveredFile) -> AttachmentManifest {
    var parser = JSONPullParser(source)
    var reading = ManifestReading(file: file)
    do throws(JSONError) {
      let first = try parser.next()
      if first == .arrayStart {
        var entryIndex = 0
        while let event = try parser.next(), event != .arrayEnd {
          entryIndex += 1
          if event == .objectStart && reading.manifest.isManifest {
            try readEntry(entryIndex, &parser, into: &reading)
          } else {
            // Not an array of objects, so not an attachments manifest; still checked to its end.
            if reading.manifest.isManifest {
              reading.manifest = AttachmentManifest(isManifest: false)
              reading.manifest.notManifest = "an array holding something other than objects"
            }
            reading.devices = []
            if event == .objectStart || event == .arrayStart { try parser.skipRestOfContainer() }
          }
        }
      } else {
        reading.manifest.isManifest = false
        reading.manifest.notManifest =
          first == .objectStart ? "a JSON object, not an array" : "a single JSON value, not an array"
        if first == .objectStart { try parser.skipRestOfContainer() }
      }
      _ = try parser.next()
      // Objects none of which names a test or attachments: another tool's manifest.
      if reading.manifest.isManifest, reading.entries > 0, !reading.sawManifestKey {
        reading.manifest = AttachmentManifest(isManifest: false)
        reading.manifest.notManifest =
          reading.entries == 1
          ? "its one entry has no testIdentifier or attachments key"
          : "none of its \(reading.entries) entries has a testIdentifier or attachments key"
        reading.devices = []
      }
    } catch {
      reading.manifest.isManifest = true
      reading.manifest.problems.append(
        ReadProblem(
          location: file.location(line: error.position.line, column: error.position.column),
          message: "not valid JSON: \(error.reason.message)"))
    }
    reading.manifest.devices = reading.devices.sorted()
    return reading.manifest
  }

  /// Reads one entry (its `{` already read) and records its attachments once its
  /// `testIdentifier`, which may come after them, is known.
  private static func readEntry(_ entryIndex: Int, _ parser: inout JSONPullParser, into reading: inout ManifestReading)
    throws(JSONError)
  {
    var testIdentifier: String?
    var attachments: [ManifestAttachmentFields] = []
    var seen: Set<String> = []
    var repeated: String?
    reading.entries += 1
    while case .key(let key)? = try parser.next() {
      switch key {
      case "testIdentifier":
        reading.sawManifestKey = true
        testIdentifier = try parser.lenientString()
      case "attachments":
        reading.sawManifestKey = true
        attachments += try readAttachments(&parser, devices: &reading.devices)
      default:
        try parser.skipValue()
        continue
      }
      if !seen.insert(key).inserted { repeated = repeated ?? key }
    }
    if let repeated {
      reading.problem("entry \(entryIndex): \"\(repeated)\" is given twice; its attachments are refused")
      return
    }
    for fields in attachments {
      guard let exported = fields.exportedFileName else { continue }
      let entryName =
        "entry \(entryIndex), attachment \(fields.index + 1)" + (testIdentifier.map { " of \($0)" } ?? "")
      if let repeatedKey = fields.repeatedKey {
        reading.problem("\(entryName): \"\(repeatedKey)\" is given twice; refused")
        continue
      }
      if let refusal = refusal(exported, in: reading.folder, resolved: reading.resolvedFolder) {
        reading.problem("\(entryName): exportedFileName \"\(exported)\" \(refusal); refused")
        continue
      }
      let name = fields.suggestedHumanReadableName.map(attachmentName)
      var record = AttachmentRecord(
        manifest: reading.location, exportedFileName: exported,
        path: PathBytes.sibling(exported, of: reading.manifestPath), name: name,
        suggestedName: fields.suggestedHumanReadableName,
        testIdentifier: testIdentifier, device: fields.deviceName,
        isAssociatedWithFailure: fields.isAssociatedWithFailure,
        isAutomatic: name.map(AttachmentRecord.automaticNames.contains) ?? false)
      record.time = fields.timestamp.flatMap {
        EvidenceTime(unixSeconds: $0.double, written: $0.text, source: "attachment timestamp")
      }
      reading.manifest.attachments.append(record)
    }
  }

  /// An entry's `attachments`: an array of objects (other elements skipped) or one object.
  private static func readAttachments(_ parser: inout JSONPullParser, devices: inout Set<String>)
    throws(JSONError) -> [ManifestAttachmentFields]
  {
    switch try parser.next() {
    case .objectStart?:
      return [try readAttachment(index: 0, &parser, devices: &devices)]
    case .arrayStart?:
      var attachments: [ManifestAttachmentFields] = []
      var index = 0
      while let event = try parser.next(), event != .arrayEnd {
        if event == .objectStart {
          attachments.append(try readAttachment(index: index, &parser, devices: &devices))
        } else if event == .arrayStart {
          try parser.skipRestOfContainer()
        }
        index += 1
      }
      return attachments
    default:
      return []
    }
  }

  /// Reads one attachment object (its `{` already read); every `deviceName` goes to `devices`,
  /// which also keeps one copy of each name for all the attachments that share it.
  private static func readAttachment(index: Int, _ parser: inout JSONPullParser, devices: inout Set<String>)
    throws(JSONError) -> ManifestAttachmentFields
  {
    var fields = ManifestAttachmentFields(index: index)
    var seen: Set<String> = []
    while case .key(let key)? = try parser.next() {
      switch key {
      case "exportedFileName": fields.exportedFileName = try parser.lenientString()
      case "suggestedHumanReadableName": fields.suggestedHumanReadableName = try parser.lenientString()
      case "deviceName": fields.deviceName = try parser.lenientString().map { devices.insert($0).memberAfterInsert }
      case "isAssociatedWithFailure": fields.isAssociatedWithFailure = try parser.lenientBool()
      case "timestamp": fields.timestamp = try parser.lenientNumber()
      default:
        try parser.skipValue()
        continue
      }
      if !seen.insert(key).inserted { fields.repeatedKey = fields.repeatedKey ?? key }
    }
    return fields
  }

  /// `XCTAttachment.name` from xcresulttool's `<name>_<index>_<UUID>.<ext>`; other names are
  /// returned as they are. Read on the UTF-8 bytes: the suffix is ASCII that xcresulttool appends.
  static func attachmentName(_ suggested: String) -> String {
    let bytes = Array(suggested.utf8)
    let underscore = UInt8(ascii: "_")
    var end = bytes.count
    if let dot = bytes.lastIndex(of: UInt8(ascii: ".")), !bytes[dot...].contains(underscore) { end = dot }
    let uuidLength = 36
    guard end > uuidLength + 1, isUUID(bytes[(end - uuidLength)..<end]),
      bytes[end - uuidLength - 1] == underscore
    else { return suggested }
    let indexEnd = end - uuidLength - 1
    var indexStart = indexEnd
    while indexStart > 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[indexStart - 1]) {
      indexStart -= 1
    }
    guard indexStart < indexEnd, indexStart > 0, bytes[indexStart - 1] == underscore else { return suggested }
    return String(decoding: bytes[..<(indexStart - 1)], as: UTF8.self)
  }

  /// Whether `bytes` are a UUID as xcresulttool writes them: hex groups of 8-4-4-4-12.
  private static func isUUID(_ bytes: ArraySlice<UInt8>) -> Bool {
    bytes.enumerated().allSatisfy { offset, byte in
      [8, 13, 18, 23].contains(offset)
        ? byte == UInt8(ascii: "-")
        : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
  }

  /// Why `name` may not be followed from the manifest's folder (`resolved` is the folder with its
  /// links resolved), or nil when it stays inside. A plain file right in the folder (what
  /// xcresulttool exports) needs no resolving; anything else is resolved and compared.
  private static func refusal(_ name: String, in folder: String, resolved inside: String) -> String? {
    if name.isEmpty { return "is empty" }
    if name.utf8.first == UInt8(ascii: "/") || name.utf8.first == UInt8(ascii: "~") {
      return "is an absolute path"
    }
    if PathBytes.leavesFolder(name) { return "leaves the manifest's folder" }
    let target = folder + "/" + name
    if !name.utf8.contains(UInt8(ascii: "/")) {
      var status = stat()
      guard lstat(target, &status) == 0 else { return nil }
      if status.st_mode & S_IFMT != S_IFLNK { return nil }
    }
    guard FileManager.default.fileExists(atPath: target) else { return nil }
    let resolved = URL(fileURLWithPath: target).resolvingSymlinksInPath().path
    return PathBytes.isSame(resolved, orInside: inside) && resolved != inside
      ? nil : "is a link that points outside the manifest's folder"
  }
}
