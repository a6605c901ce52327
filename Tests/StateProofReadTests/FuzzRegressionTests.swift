import Foundation
import StateProofArchive
import StateProofJSON
import StateProofModel
import Testing
import StateProofSystem

@testable import StateProofRead
import StateProofTestSupport

/// Replays every input a fuzzer ever crashed on (`scripts/fuzz` keeps them under
/// `Fixtures/fuzz-crashes/TARGET/`) through the reader it broke, checking the harness's own
/// invariants, so a fixed crash stays fixed.
@Suite struct FuzzRegressionTests {
  static let folder = TestFiles.readerFixture("fuzz-crashes")

  /// `TARGET/FILE` for every kept crash input.
  static let inputs: [String] = ["manifest", "dumpsys", "junit", "image", "json", "xcresult", "apk"].flatMap { target in
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: folder.appendingPathComponent(target).path)) ?? []
    return names.sorted().map { "\(target)/\($0)" }
  }

  @Test(arguments: inputs)
  func replays(input: String) throws {
    let data = try Data(contentsOf: Self.folder.appendingPathComponent(input))
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("stateproof-fuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let url = scratch.appendingPathComponent("input")
    try data.write(to: url)
    switch input.split(separator: "/")[0] {
    case "manifest":
      let file = Fixture.file("attachments/manifest.json", kind: .attachmentManifest, url: url)
      for attachment in AttachmentManifestReader.read(MemoryBytes(data), from: file).attachments {
        #expect(PathBytes.isSame(attachment.path, orInside: "attachments"))
        #expect(!PathBytes.components(attachment.path).contains(".."))
      }
    case "json":
      var reading = JSONPullParser(bytes: data)
      var readError: JSONError?
      do {
        while try reading.next() != nil {}
      } catch {
        readError = error
      }
      var skipping = JSONPullParser(bytes: data)
      var skipError: JSONError?
      do {
        try skipping.skipValue()
        _ = try skipping.next()
      } catch {
        skipError = error
      }
      #expect(readError?.reason == skipError?.reason && readError?.position == skipError?.position)
      _ = try? JSONNode.parse(data)
    case "xcresult":
      var delivered = 0
      let summary = XCResultReader.read(
        Fixture.file("tests.json", kind: .xcresultJSON, url: url), source: { MemoryBytes(data) }
      ) { _ in
        delivered += 1
      }
      #expect(summary.outcomes.total == delivered)
    case "dumpsys":
      _ = SeedLogReader.read(data, from: Fixture.file("seed.log", url: url))
    case "junit":
      var delivered = 0
      let summary = JUnitReader.read(Fixture.file("TEST-x.xml", kind: .junit, url: url)) { _ in
        delivered += 1
      }
      #expect(summary.testCount == delivered)
    case "apk":
      let input = [UInt8](data)
      if let package = try? AppPackage(MemoryBytes(input)) {
        for entry in package.archive.entries {
          let contents = try? package.archive.contents(of: entry, limit: 1 << 20)
          #expect((contents?.count ?? 0) <= 1 << 20)
        }
      }
      _ = try? BinaryXMLManifest.read(input)
      _ = try? BundleManifest.read(input)
    default:
      if let header = try? ImageHeader.read(data) {
        #expect(header.width <= ImageHeader.maximumDimension)
      }
    }
  }
}
