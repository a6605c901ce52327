import Foundation
import StateProofModel
import StateProofEvidence
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An Xcode result bundle (a `*.xcresult` folder, or a folder holding one's files under another
/// name) among the evidence. Its insides are Apple's private database, so it is never walked into
/// as ordinary files: StateProof's own reader reads it, or, where `xcrun` exists, ``XCResultTool``
/// exports it; elsewhere it is listed with the exact commands to run on a Mac.
package enum XCResultBundle {
  /// Whether a folder of this name is a result bundle.
  package static func isBundleName(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix(".xcresult") && lower.count > ".xcresult".count
  }

  /// Whether the folder at `location`, named `name`, is a result bundle: by its name, or by what
  /// it holds (``holdsBundle(_:)``).
  package static func isBundle(at location: String, name: String) -> Bool {
    isBundleName(name) || holdsBundle(location)
  }

  /// The most of an `Info.plist` read to tell a bundle's from another.
  static let infoLimit = 1 << 20

  /// Whether the folder at `location` holds a result bundle's files whatever it is called: an
  /// artifact upload makes the `.xcresult` folder the artifact's root, so the download is its
  /// files without its name. It does when its `Info.plist` (a regular file of at most 1 MiB) is
  /// a bundle's (a `version` with `major` and `minor`, a `rootId` or `storage`, and no
  /// `CFBundleIdentifier`: an app's or framework's `Info.plist` is app-manifest evidence) and a
  /// `Data/` folder or a `database.sqlite3` file lies beside it.
  package static func holdsBundle(_ location: String) -> Bool {
    var status = stat()
    guard lstat(PathBytes.appending("Info.plist", to: location), &status) == 0,
      status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) <= infoLimit
    else { return false }
    let hasData =
      lstat(PathBytes.appending("Data", to: location), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    let hasDatabase =
      lstat(PathBytes.appending("database.sqlite3", to: location), &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    guard hasData || hasDatabase,
      case .success(let file) = RegularFile.open(PathBytes.appending("Info.plist", to: location)),
      case .success(let data) = file.read(upTo: infoLimit)
    else { return false }
    return isBundleInfo(data)
  }

  /// Whether `data` is a result bundle's `Info.plist` (XML or binary): see ``holdsBundle(_:)``.
  package static func isBundleInfo(_ data: Data) -> Bool {
    guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
      plist["CFBundleIdentifier"] == nil,
      let version = plist["version"] as? [String: Any], version["major"] is Int, version["minor"] is Int
    else { return false }
    return plist["rootId"] is [String: Any] || plist["storage"] is [String: Any]
  }

  /// The bundle as the walk finds it: not read (yet), saying what to run on a Mac.
  static func discovered(root: String, path: String, location: String) -> DiscoveredFile {
    DiscoveredFile(
      record: FileRecord(
        root: root, path: path, kind: .xcresultBundle, bytes: 0, sha256: nil, status: .ignored,
        error: .notEvidence(
          notRead(
            path: displayPath(root: root, path: path),
            reason: "xcrun (Xcode's command line tools) is not on this machine's PATH")),
        format: "Xcode result bundle"),
      url: URL(fileURLWithPath: location))
  }

  /// Why the bundle was not read, and the commands that export what StateProof reads.
  package static func notRead(path: String, reason: String) -> String {
    "an Xcode result bundle, not read: \(reason). On a Mac with Xcode 16 or later, run "
      + commands(for: path).map { "`\($0)`" }.joined(separator: ", ")
      + ", and give StateProof those files in place of the bundle"
  }

  /// What to run on a Mac for the bundle at `path`: the same exports StateProof runs itself.
  package static func commands(for path: String) -> [String] {
    let bundle = ShellWord.quoted(path)
    // A bundle known by its content keeps its whole name as the stem.
    let stem = isBundleName(PathBytes.lastComponent(of: path)) ? String(path.dropLast(".xcresult".count)) : path
    return [
      "xcrun xcresulttool get test-results tests --path \(bundle) --format json > \(ShellWord.quoted(stem + "-tests.json"))",
      "xcrun xcresulttool get test-results summary --path \(bundle) --format json > \(ShellWord.quoted(stem + "-summary.json"))",
      "xcrun xcresulttool export attachments --path \(bundle) --output-path \(ShellWord.quoted(stem + "-attachments"))",
    ]
  }

  /// The bundle's path as the user gave it: under its root, or the root itself (a root that is
  /// a bundle is never walked into, so its one record is its own name).
  package static func displayPath(root: String, path: String) -> String {
    let name = PathBytes.lastComponent(of: root)
    return name == path && isBundle(at: root, name: name) ? root : PathBytes.appending(path, to: root)
  }
}
