import Foundation
import StateProofModel
import StateProofEvidence
import StateProofSystem

/// An Xcode result bundle (a `*.xcresult` folder) among the evidence. Its insides are Apple's
/// private database, so it is never walked into as ordinary files: where `xcrun` exists,
/// ``XCResultTool`` exports it; elsewhere (Linux, or a Mac without Xcode's tools) it is listed
/// with the exact commands to run on a Mac.
package enum XCResultBundle {
  /// Whether a folder of this name is a result bundle.
  package static func isBundleName(_ name: String) -> Bool {
    let lower = name.lowercased()
    return lower.hasSuffix(".xcresult") && lower.count > ".xcresult".count
  }

  /// The bundle as the walk finds it: not read (yet), saying what to run on a Mac.
  static func discovered(root: String, path: String, location: String) -> DiscoveredFile {
    DiscoveredFile(
      record: FileRecord(
        root: root, path: path, kind: .xcresultBundle, bytes: 0, sha256: nil, status: .ignored,
        error: .notEvidence(notRead(path: displayPath(root: root, path: path), reason: "xcrun (Xcode's command line tools) is not on this machine's PATH")),
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
    let bundle = shellQuoted(path)
    let stem = String(path.dropLast(".xcresult".count))
    return [
      "xcrun xcresulttool get test-results tests --path \(bundle) --format json > \(shellQuoted(stem + "-tests.json"))",
      "xcrun xcresulttool get test-results summary --path \(bundle) --format json > \(shellQuoted(stem + "-summary.json"))",
      "xcrun xcresulttool export attachments --path \(bundle) --output-path \(shellQuoted(stem + "-attachments"))",
    ]
  }

  /// The bundle's path as the user gave it: under its root, or the root itself.
  package static func displayPath(root: String, path: String) -> String {
    isBundleName(PathBytes.lastComponent(of: root)) && PathBytes.lastComponent(of: root) == path
      ? root : PathBytes.appending(path, to: root)
  }

  /// `text` as one shell word.
  private static func shellQuoted(_ text: String) -> String {
    let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+".contains($0)) }
    return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
