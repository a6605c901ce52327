import Foundation
import StateProofModel
import StateProofSystem

/// A result bundle's `Info.plist`: its format version and the id of its root record.
package struct XCResultInfo: Sendable, Equatable {
  package var major: Int
  package var minor: Int
  /// `rootId.hash`: `Data/data.<rootID>` is the `ActionsInvocationRecord`.
  package var rootID: String?

  /// Format versions the reader was checked on: 3.20 (Xcode 11) to 3.56 (Xcode 26).
  package static let known = (major: 3, minor: 20...56)

  /// `3.56`.
  package var version: String { "\(major).\(minor)" }

  package var isKnown: Bool { major == Self.known.major && Self.known.minor.contains(minor) }

  /// Reads `<bundle>/Info.plist` (at most 1 MiB), or says why it cannot.
  package static func read(bundle: String, location: EvidenceLocation) -> Result<XCResultInfo, ReadProblem> {
    read(bundle: bundle).mapError { ReadProblem(location: location, message: $0.message) }
  }

  private struct Failure: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }

  private static func read(bundle: String) -> Result<XCResultInfo, Failure> {
    let data: Data
    switch RegularFile.open(bundle + "/Info.plist") {
    case .success(let file):
      guard case .success(let read) = file.read(upTo: 1 << 20) else {
        return .failure(Failure("Info.plist could not be read"))
      }
      guard file.size <= 1 << 20 else { return .failure(Failure("Info.plist is larger than 1 MiB")) }
      data = read
    case .failure(let error): return .failure(Failure("Info.plist: \(error)"))
    }
    guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
      return .failure(Failure("Info.plist is not a property list"))
    }
    guard let version = plist["version"] as? [String: Any], let major = version["major"] as? Int,
      let minor = version["minor"] as? Int
    else { return .failure(Failure("Info.plist names no format version (version.major, version.minor)")) }
    let root = (plist["rootId"] as? [String: Any])?["hash"] as? String
    return .success(XCResultInfo(major: major, minor: minor, rootID: root))
  }
}
