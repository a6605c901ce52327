import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofKit
@testable import StateProofModel
@testable import StateProofRead

/// A result bundle cannot lie past StateProof: nothing inside it is followed or trusted without
/// its own bytes (issue 36).
@Suite(.enabled(if: XCResultBundleReader.isAvailable, "needs libzstd"), .temporaryFolders)
struct XCResultBundleTrustTests {
  /// A copy of the bundle example under a fresh evidence root, and its bundle's folder.
  static func exampleCopy() throws -> (root: URL, bundle: URL) {
    let folder = try TestSupport.temporaryFolder()
    let root = folder.appendingPathComponent("evidence")
    try FileManager.default.copyItem(at: XCResultBundleEvidenceTests.example, to: root)
    return (root, root.appendingPathComponent("ios/Screenshots.xcresult"))
  }

  /// The example bundle's root record id, from its `Info.plist`.
  static func rootID(of bundle: URL) throws -> String {
    let data = try Data(contentsOf: bundle.appendingPathComponent("Info.plist"))
    let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    return try #require((plist["rootId"] as? [String: Any])?["hash"] as? String)
  }

  @Test func aLinkInsideTheBundleMakesItUnreadableNamingTheLink() throws {
    let (root, bundle) = try Self.exampleCopy()
    // The root record moved out of the evidence root, a link left in its place.
    let record = bundle.appendingPathComponent("Data/data." + (try Self.rootID(of: bundle)))
    let outside = root.deletingLastPathComponent().appendingPathComponent("outside-record")
    try FileManager.default.moveItem(at: record, to: outside)
    try FileManager.default.createSymbolicLink(at: record, withDestinationURL: outside)
    let run = try XCResultEvidenceTests.report([root.path], environment: ["PATH": "/nonexistent"])
    let files = XCResultEvidenceTests.files(run.json)
    let listed = try #require(files.first { $0["path"] as? String == "ios/Screenshots.xcresult" })
    #expect(listed["status"] as? String == "unreadable")
    #expect(listed["sha256"] as? String == "")
    let error = listed["error"] as? String ?? ""
    #expect(error.contains("Data/data.0~8P9pR0U7VAe"), "\(error)")
    #expect(error.contains("link"), "\(error)")
    // Nothing from the bundle is read: no attachment listed, no test proving a row.
    #expect(!files.contains { ($0["path"] as? String ?? "").hasPrefix("ios/Screenshots.xcresult/") })
    #expect(XCResultEvidenceTests.rows(run.json, platform: "ios")["ios/camera/authorized"]?.status != "covered")
    let unreadable = XCResultEvidenceTests.findings(run.json).filter { $0["code"] as? String == "unreadable-evidence" }
    #expect(unreadable.contains { ($0["message"] as? String ?? "").contains("ios/Screenshots.xcresult") })
    #expect(run.status != 0)
  }

  @Test func verifyFailsOnAReadFileTheReportCouldNotHash() {
    var merge = VerifiedRoot.Merge(recorded: "e", checkedAt: "e", current: [], indices: [])
    merge.add(FileRecord(root: "e", path: "a.xcresult", kind: .xcresultBundle, bytes: 0, sha256: ""))
    merge.add(FileRecord(root: "e", path: "b.png", kind: .screenshot, bytes: 0, sha256: nil, status: .unreadable))
    let root = merge.finish()
    #expect(root.files.map(\.state) == [.unhashedEvidence, .notHashed])
    #expect(root.differs)
  }
}
