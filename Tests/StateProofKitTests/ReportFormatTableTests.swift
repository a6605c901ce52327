import Foundation
import StateProofDiscover
import StateProofModel
import StateProofSystem
import Testing
import StateProofTestSupport

@testable import StateProofKit

/// An output format is one thing (``ReportFormat``): adding a case and its renderer
/// (`ReportRun.output(_:of:)`) is all it takes, because every case is written by `report`, made
/// again by `verify`, and recognised by the marker, `SHA256SUMS` and discovery from these cases.
/// The command's help is checked in `ReportFormatHelpTests` (StateProofCLITests).
@Suite(.temporaryFolders) struct ReportFormatTableTests {
  private func options(_ formats: Set<ReportFormat>) throws -> ReportOptions {
    var options = ReportOptions(
      configuration: try ReportConfiguration(contentsOf: TestSupport.scannerExample + "/stateproof.json"))
    options.formats = formats
    return options
  }

  @Test(arguments: ReportFormat.allCases)
  func everyFormatIsWrittenMadeAgainByVerifyAndRecognised(format: ReportFormat) throws {
    // Written with the model alone (which verify reads), under its own name.
    let out = try TestSupport.temporaryFolder().appendingPathComponent("report")
    let run = try StateProof.report(evidence: [TestSupport.scannerExample], options: try options([format, .model]))
    let rendered = try run.render(format)
    let written = try run.write(to: out.path)
    let assets = written.files.filter { $0.hasPrefix(ReportFolder.assetsFolder + "/") }
    #expect(
      Set(written.files).subtracting(assets)
        == Set([format, .model].map(\.fileName) + [ReportFolder.digestsFile]))
    #expect(assets.isEmpty == (format != .html), "only the page copies screenshots")
    let bytes = try Data(contentsOf: out.appendingPathComponent(format.fileName))
    #expect(!bytes.isEmpty)
    if format != .html {
      // The page written links its screenshots into assets/, which render(_:) has not.
      #expect(bytes == rendered, "render(.\(format)) differs from the \(format.fileName) written")
    }

    // Made again from report.json alone, byte for byte.
    let model = out.appendingPathComponent(ReportFormat.model.fileName).path
    let (report, reportSHA256) = try Report.hashed(contentsOf: model)
    let expected = try ReportDerivation.expected(
      report: report, folder: out.path, reportSHA256: reportSHA256, present: [:],
      environment: ProcessInfo.processInfo.environment)
    #expect(expected[PathKey(format.fileName)] == .sha256(try #require(SHA256.hex(of: bytes))))
    #expect(Set(expected.keys.map(\.text)) == Set(written.files))

    // Recognised as StateProof's own: listed by the marker, accepted in SHA256SUMS, skipped by
    // discovery, and placed in its step.
    #expect(ReportFolder.files.contains(format.fileName))
    #expect(ReportMarker.isReportFile(format.fileName))
    #expect(ReportDigests.isListable(format.fileName))
    let marker = try JSONDecoder().decode(
      ReportMarker.self, from: Data(contentsOf: out.appendingPathComponent(ReportMarker.fileName)))
    #expect(marker.files.contains(format.fileName))
    let found = EvidenceDiscovery.discover(roots: [out.path]).map(\.record)
    let own = try #require(found.first { $0.path == format.fileName }, "discovery does not list \(format.fileName)")
    #expect(own.status == .ignored)
    #expect(own.kind == .stateproofReport)
    #expect(ReportFolder.commitStep(of: format.fileName) == format.commitStep)
  }

  /// The evidence bundle packs every format's file, the attestation, `SHA256SUMS` and the marker
  /// under `report/` (``BundleLayout``), from the same names.
  @Test func theBundleCarriesEveryFormatUnderItsName() throws {
    let folder = try TestSupport.temporaryFolder()
    var options = try options(Set(ReportFormat.allCases))
    options.attestation = true
    options.bundle = folder.appendingPathComponent("bundle.tar.gz").path
    let written = try StateProof.report(evidence: [TestSupport.scannerExample], options: options)
      .write(to: folder.appendingPathComponent("report").path)
    let tar = Process()
    let pipe = Pipe()
    tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    tar.arguments = ["tar", "-tzf", try #require(options.bundle)]
    tar.standardOutput = pipe
    try tar.run()
    let listing = pipe.fileHandleForReading.readDataToEndOfFile()
    tar.waitUntilExit()
    #expect(tar.terminationStatus == 0)
    let packed = Set(
      String(decoding: listing, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
        let prefix = BundleLayout.reportFolder + "/"
        return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
      })
    let names = ReportFormat.allCases.map(\.fileName) + [ReportFolder.attestationFile, ReportFolder.digestsFile]
    #expect(Set(names + [ReportFolder.markerFile]).isSubset(of: packed))
    #expect(Set(written.files + [ReportFolder.markerFile]).isSubset(of: packed))
  }

  /// Each format's file is its own: no two formats, the attestation, `SHA256SUMS` or the marker
  /// share a name, and the page is placed after the files it refers to.
  @Test func theFolderNamesAreDistinctAndThePageIsPlacedLast() {
    let names = ReportFormat.allCases.map(\.fileName) + [ReportFolder.attestationFile, ReportFolder.digestsFile]
    #expect(Set(names).count == names.count)
    #expect(ReportFolder.files == Set(names))
    #expect(!ReportFolder.files.contains(ReportFolder.markerFile))
    #expect(ReportFolder.recognisedBy.isSubset(of: ReportFolder.files))
    #expect(ReportFolder.commitStep(of: ReportFolder.assetsFolder + "/x.png") == .assets)
    #expect(ReportFolder.commitStep(of: ReportFormat.html.fileName) == .pages)
    #expect(ReportFolder.commitStep(of: ReportFolder.digestsFile) == .files)
    #expect(ReportFormat.allCases.allSatisfy { $0 == .html || $0.commitStep < .pages })
  }
}
