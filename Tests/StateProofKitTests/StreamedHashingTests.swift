import Foundation
import Testing
import StateProofSystem
import StateProofTestSupport

@testable import StateProofDiscover
@testable import StateProofKit
@testable import StateProofMatch
@testable import StateProofModel

/// Big JUnit files are hashed while the reader streams them; small ones and other files as
/// discovery reads them. Either way the report records the file's real hash.
@Suite(.temporaryFolders) struct StreamedHashingTests {
  /// A JUnit file longer than discovery's first chunk, and a small one. The big one's bytes are
  /// mostly its cases' captured output, as Gradle writes it, so it holds about a thousand cases.
  static func writeReports(in folder: URL) throws -> (big: Data, small: Data) {
    var xml = "<?xml version=\"1.0\"?>\n<testsuites><testsuite name=\"s\">\n"
    var index = 0
    let output = String(repeating: "I/TestRunner: running com.example.CameraTests, nothing to report\n", count: 16)
    while xml.utf8.count <= EvidenceDiscovery.chunkSize + 1000 {
      xml +=
        "<testcase classname=\"com.example.CameraTests\" name=\"test\(index)\" time=\"0.1\">"
        + "<system-out>\(output)</system-out></testcase>\n"
      index += 1
    }
    xml += "<testcase classname=\"CameraTests\" name=\"deniedShowsRationale\"/>\n</testsuite></testsuites>\n"
    let big = Data(xml.utf8)
    let small = Data("<testsuite name='s'><testcase classname='c' name='t'/></testsuite>".utf8)
    try big.write(to: folder.appendingPathComponent("big.xml"))
    try small.write(to: folder.appendingPathComponent("small.xml"))
    return (big, small)
  }

  @Test func discoveryLeavesBigJUnitFilesToTheReader() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (big, small) = try Self.writeReports(in: folder)
    let deferred = EvidenceDiscovery.discover(roots: [folder.path], deferJUnitHashing: true)
    #expect(deferred.map(\.record.path) == ["big.xml", "small.xml"])
    #expect(deferred.map(\.record.kind) == [.junit, .junit])
    #expect(deferred.map(\.record.bytes) == [big.count, small.count])
    #expect(deferred.map(\.record.sha256) == [nil, SHA256.hex(of: small)])
    let eager = EvidenceDiscovery.discover(roots: [folder.path])
    #expect(eager.map(\.record.sha256) == [SHA256.hex(of: big), SHA256.hex(of: small)])
  }

  @Test func collectorHashesWhatTheReaderStreams() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (big, small) = try Self.writeReports(in: folder)
    let collected = EvidenceCollector.collect(
      paths: [folder.path], matcher: try CoverageMatcher(configuration: Configuration(), today: "2026-11-29"))
    #expect(collected.evidence.files.map(\.sha256) == [SHA256.hex(of: big), SHA256.hex(of: small)])
    #expect(collected.evidence.files.map(\.status) == [.read, .read])
    #expect(collected.evidence.tests.map(\.name) == ["deniedShowsRationale"])
  }

  @Test func sniffsSeedMarkersAcrossChunks() {
    var sniffer = ContentSniffer(fileName: "seed.log")
    sniffer.feed(Data(("x".repeated(5000) + "android.permission.CAMERA: gran").utf8))
    #expect(sniffer.kind == .other)
    sniffer.feed(Data(("ted=false, flags=[ USER_SET ]\n" + "y".repeated(5000)).utf8))
    #expect(sniffer.kind == .seedLog)
  }
}

extension String {
  fileprivate func repeated(_ count: Int) -> String { String(repeating: self, count: count) }
}
