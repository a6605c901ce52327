import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofDiscover
@testable import StateProofKit
@testable import StateProofMatch
@testable import StateProofModel
import StateProofEvidence
@testable import StateProofRead

/// Files are read on every core, but the evidence comes out exactly as reading them one after
/// another in the walk's order would give it.
@Suite(.temporaryFolders) struct ParallelCollectionTests {
  @Test func parallelReadingMergesInTheWalksOrder() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try StreamedHashingTests.writeReports(in: folder)
    let roots = [
      TestSupport.scannerExample, TestSupport.repositoryRoot.appendingPathComponent("examples/sharded").path,
      folder.path,
    ]
    let matcher = try CoverageMatcher(configuration: Configuration(), today: "2026-11-29")
    var serial = EvidenceSet()
    for file in EvidenceDiscovery.discover(roots: roots) {
      serial.merge(
        file.record.status == .unreadable
          ? EvidenceSet(files: [file.record])
          : EvidenceReader.read(file, keepTest: { matcher.policy.relevance.kind(of: $0) == .evidence }))
    }
    serial = AttachmentJoin.join(serial)
    let parallel = EvidenceCollector.collect(paths: roots, matcher: matcher).evidence
    #expect(parallel.files.count > 30)
    #expect(parallel.files == serial.files)
    #expect(parallel.tests == serial.tests)
    #expect(parallel.seeds == serial.seeds)
    #expect(parallel.screenshots == serial.screenshots)
    #expect(parallel.attachments == serial.attachments)
    #expect(parallel.problems == serial.problems)
  }

  @Test func candidatesListTheWalkWithoutReading() throws {
    let folder = try TestSupport.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (big, small) = try StreamedHashingTests.writeReports(in: folder)
    let candidates = EvidenceDiscovery.candidates(roots: [folder.path, folder.appendingPathComponent("missing").path])
    #expect(candidates.map(\.bytes) == [big.count, small.count, 0])
    let examined = candidates.map { EvidenceDiscovery.examine($0, deferJUnitHashing: false) }
    #expect(
      examined == EvidenceDiscovery.discover(roots: [folder.path, folder.appendingPathComponent("missing").path]))
    #expect(examined.last?.record.status == .unreadable)
  }
}
