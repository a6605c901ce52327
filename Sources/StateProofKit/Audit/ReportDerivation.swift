import Foundation
import StateProofModel
import Mustache
import StateProofRender
import StateProofSystem

/// What a report folder must hold, made again from `report.json` alone (`verify`): the pages,
/// Markdown and JUnit rendered again with the options and templates it records, the assets its
/// rows name (each named by its SHA-256), the attestation and `SHA256SUMS` from those. So
/// `report.json` is the one anchor: signing it covers every other file StateProof wrote.
package enum ReportDerivation {
  /// One file the folder must hold: the SHA-256 it must have, or why it cannot be made again.
  package enum Expected: Sendable, Equatable {
    case sha256(String)
    case notRemade(String)
  }

  /// Every file (but the marker) the report folder at `folder` must hold, by name.
  ///
  /// - Parameters:
  ///   - report: `report.json` decoded, whole.
  ///   - reportSHA256: `report.json`'s SHA-256 as it is in the folder: the anchor.
  ///   - present: The SHA-256 of each report file in the folder now, for files whose expected
  ///     bytes are made from others that cannot be made again.
  package static func expected(
    report: Report, folder: String, reportSHA256: String, present: [PathKey: String],
    environment: [String: String]
  ) throws(StateProofError) -> [PathKey: Expected] {
    let anchor = PathKey(ReportFormat.model.fileName)
    var expected: [PathKey: Expected] = [anchor: .sha256(reportSHA256)]
    guard let provenance = report.provenance else {
      let why = "the report does not record how it was made (an earlier StateProof made it)"
      for name in present.keys where name != anchor { expected[name] = .notRemade(why) }
      return expected
    }
    let recorded = provenance.options
    let formats = Set(recorded.formats.compactMap(ReportFormat.init(rawValue:)))
    let versionNote: String? =
      provenance.version == StateProof.version
      ? nil
      : "StateProof \(provenance.version) made it and this is StateProof \(StateProof.version), which may render it differently"

    // The pages: rendered again with the recorded options and templates.
    var options = ReportOptions(
      formats: formats, markdownMaxBytes: recorded.markdownMaxBytes, htmlURL: recorded.htmlURL)
    options.embedding = recorded.singleFile ? .all : recorded.embedMaxBytes.map(ImageEmbedding.below) ?? .none
    // An unpacked bundle carries the templates beside the report folder.
    let templates = try TemplateLocator.recorded(
      provenance.templates, shipped: provenance.shippedTemplates, bundled: PathBytes.parent(of: folder),
      environment: environment)
    var images: [String: URL] = [:]
    var assets: [String: String] = [:]
    if formats.contains(.html) {
      for item in report.platforms.flatMap({ $0.rows.flatMap(\.evidence) }) {
        guard let asset = item.asset, let sha = item.sha256 else { continue }
        assets[asset] = sha
        // An embedded image's bytes come from its copy in assets/, checked by SHA-256 as it is read.
        images[sha] = URL(fileURLWithPath: folder + "/" + asset)
        // A HEIC's PNG, made from it again when index.html is (which names it by its SHA-256).
        if let shown = item.display, let displaySha = item.displaySha256 { assets[shown] = displaySha }
      }
    }
    for (asset, sha) in assets { expected[PathKey(asset)] = .sha256(sha) }
    // Every other format, made again as `report` makes it (ReportRun.output), those made a chunk
    // at a time hashed as they are made: the JUnit of 300,000 findings is 100 MB.
    var remade = Set<ReportFormat>()
    for format in ReportFormat.allCases where format != .model && formats.contains(format) {
      let name = PathKey(format.fileName)
      if let versionNote {
        expected[name] = .notRemade(versionNote)
      } else if format.usesTemplates, templates.source == nil {
        expected[name] = .notRemade(templates.whyNot ?? "its templates cannot be found")
      } else {
        remade.insert(format)
      }
    }
    // Without templates only the formats that need none are made, so no template is ever looked up.
    let run = ReportRun(
      report: report, options: options, renderer: ReportRenderer(templates: templates.source ?? NoPartials()),
      images: images)
    let shown = ShownReport(report, images: images, options: options, formats: remade)
    for format in ReportFormat.allCases where remade.contains(format) {
      expected[PathKey(format.fileName)] = .sha256(try run.output(format, of: shown).sha256(format.fileName))
    }
    withExtendedLifetime(shown) {}

    // The attestation and SHA256SUMS: from the digests the other files must have (as they are
    // now, for those that cannot be made again).
    var digests = ReportDigests([:])
    for (name, file) in expected {
      switch file {
      case .sha256(let sha): digests.digests[name.text] = sha
      case .notRemade: if let now = present[name] { digests.digests[name.text] = now }
      }
    }
    if recorded.attestation {
      let name = PathKey(AttestationStatement.fileName)
      if let versionNote {
        expected[name] = .notRemade(versionNote)
        if let now = present[name] { digests.digests[name.text] = now }
      } else {
        let sha = try AttestationStatement(predicate: AttestationPredicate(report), outputs: digests).sha256()
        expected[name] = .sha256(sha)
        digests.digests[name.text] = sha
      }
    }
    expected[PathKey(ReportDigests.fileName)] = .sha256(try sha256(of: digests.text, ReportDigests.fileName))
    return expected
  }

  private static func sha256(of data: Data, _ name: String) throws(StateProofError) -> String {
    guard let sha = SHA256.hex(of: data) else { throw .hashFailed(file: name) }
    return sha
  }
}
