import Foundation
import StateProofArchive
import StateProofModel
import StateProofSystem

/// Finds a built iOS app's `Info.plist` inside an IPA, `Payload/NAME.app/Info.plist`, and returns
/// its bytes for the property-list reader: only the app's own, never a framework's or an
/// extension's deeper inside, and only from an IPA holding exactly one app. Read through the zip's
/// central directory and that one entry, at most ``infoPlistLimit`` bytes of it.
package enum IPAReader {
  /// The most of an `Info.plist` read: real ones are a few kilobytes.
  package static let infoPlistLimit = 4 << 20

  /// The bytes of the `Info.plist` of the one app in the IPA at `path`, or the problem, placed at
  /// `location`, that kept them from being read.
  package static func infoPlist(path: String, location: EvidenceLocation) -> Result<Data, ReadProblem> {
    func refused(_ message: String) -> Result<Data, ReadProblem> {
      .failure(ReadProblem(location: location, message: message))
    }
    let file: RegularFile
    switch RegularFile.open(path) {
    case .success(let opened): file = opened
    case .failure(let error): return refused("\(error)")
    }
    let package: AppPackage
    do {
      package = try AppPackage(file)
    } catch {
      return refused("\(error)")
    }
    guard package.kind == .ipa else {
      return refused("not an IPA: no Payload/NAME.app folder (it is \(article(package.kind)))")
    }
    guard package.appFolders.count == 1, let folder = package.appFolders.first else {
      return refused(
        "the IPA holds \(package.appFolders.count) apps (\(package.appFolders.joined(separator: ", "))) under Payload/; "
          + "an IPA holds one, so which one was tested is unknown")
    }
    let name = folder + "/Info.plist"
    do {
      guard let entry = try package.archive.entry(named: name) else { return refused("the IPA has no \(name)") }
      return .success(Data(try package.archive.contents(of: entry, limit: infoPlistLimit)))
    } catch {
      return refused("cannot read the IPA's Info.plist: \(error)")
    }
  }

  /// "an APK", "a zip archive": the kind with its article.
  private static func article(_ kind: AppPackageKind) -> String {
    kind == .apk || kind == .ipa ? "an \(kind.rawValue)" : "a \(kind.rawValue)"
  }
}
