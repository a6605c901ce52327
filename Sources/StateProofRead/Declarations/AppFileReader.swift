import Foundation
import StateProofArchive
import StateProofModel
import StateProofSystem
import StateProofEvidence

/// Reads a file discovery found to be an app's own (``FileKind/appManifest``) with the reader of
/// its format, told from its first bytes again: a zip archive (APK, App Bundle, IPA), a binary or
/// XML property list, `aapt dump` text, else a merged manifest.
package enum AppFileReader {
  /// The reading, and the format for the file's record.
  package static func read(_ file: DiscoveredFile) -> DeclarationsReading {
    let location = file.location()
    let opened: RegularFile
    switch RegularFile.open(file.url.path) {
    case .success(let file): opened = file
    case .failure(let error):
      return DeclarationsReading(problems: [ReadProblem(location: location, message: "\(error)")])
    }
    defer { withExtendedLifetime(opened) {} }
    let head: Data
    switch opened.read(upTo: 4096) {
    case .success(let data): head = data
    case .failure(let error):
      return DeclarationsReading(problems: [ReadProblem(location: location, message: "\(error)")])
    }
    if ZipArchive.looksLikeZip(head: head) { return package(file, opened: opened, location: location) }
    if head.starts(with: Data("bplist00".utf8)) || head.starts(with: Data("<?xml".utf8)) && isPropertyList(head) {
      return infoPlist(file, location: location)
    }
    guard rewind(opened.descriptor) else {
      return DeclarationsReading(problems: [
        ReadProblem(location: location, message: "could not read it from its start again")
      ])
    }
    let source = FileDescriptorSource(opened.descriptor)
    // aapt's text may have been saved as UTF-16 (Windows PowerShell): its first line, as UTF-8.
    var text = Data()
    var transcoder = TextTranscoder()
    head.withUnsafeBytes { bytes in transcoder.feed(bytes) { text.append(contentsOf: $0) } }
    if String(decoding: text.prefix(9), as: UTF8.self) == "package: " {
      return AaptDumpReader.read(source, location: location)
    }
    return AndroidManifestReader.read(source, location: location)
  }

  /// An APK, App Bundle or IPA; another zip archive holds no declarations (and is said so).
  private static func package(_ file: DiscoveredFile, opened: RegularFile, location: EvidenceLocation)
    -> DeclarationsReading
  {
    let kind: AppPackageKind
    do {
      kind = try AppPackage(opened).kind
    } catch {
      return DeclarationsReading(problems: [ReadProblem(location: location, message: "\(error)")])
    }
    switch kind {
    case .apk, .appBundle:
      let read = AndroidPackageReader.read(path: file.url.path, location: location)
      return DeclarationsReading(declarations: read.declarations, problems: read.problems)
    case .ipa:
      switch IPAReader.infoPlist(path: file.url.path, location: location) {
      case .success(let data):
        var reading = InfoPlistReader.read(data, location: location)
        reading.declarations?.source = .infoPlist
        reading.notes.append("the app's Info.plist inside the IPA")
        return reading
      case .failure(let problem): return DeclarationsReading(problems: [problem])
      }
    case .otherZip:
      return DeclarationsReading(
        notDeclarations:
          "a zip archive that is no APK, App Bundle or IPA: StateProof does not look inside archives; unpack it to have its files read"
      )
    }
  }

  /// Whether XML text is a property list (its DOCTYPE or root names `plist`).
  private static func isPropertyList(_ head: Data) -> Bool {
    let text = String(decoding: head, as: UTF8.self)
    return text.contains("<!DOCTYPE plist") || text.contains("<plist")
  }

  private static func infoPlist(_ file: DiscoveredFile, location: EvidenceLocation) -> DeclarationsReading {
    switch RegularFile.open(file.url.path).flatMap({ $0.read(upTo: InfoPlistReader.maxBytes + 1) }) {
    case .success(let data): return InfoPlistReader.read(data, location: location)
    case .failure(let error):
      return DeclarationsReading(problems: [ReadProblem(location: location, message: "\(error)")])
    }
  }

  private static func rewind(_ descriptor: Int32) -> Bool {
    lseek(descriptor, 0, SEEK_SET) == 0
  }
}
