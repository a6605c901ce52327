import StateProofModel

/// What the attested report concluded (docs/schemas/stateproof-release-report-v1.schema.json):
/// the verdict and counts, each platform's release devices and receipt, and every evidence file
/// the report lists with its SHA-256, so the signature covers the evidence as well as the pages.
package struct AttestationPredicate: Encodable, Sendable {
  package var version: String
  package var verdict: Verdict
  package var headline: String
  package var app: String?
  package var release: String?
  package var generatedAt: String?
  /// Where the configuration came from and its bytes' SHA-256 (nil for the built-in matrix).
  package var configuration: (source: ConfigurationSource, file: String?, sha256: String?)?
  package var counts: Summary
  package var platforms: [Platform]
  /// The report's evidence list itself (not a copy): each file is written as ``Evidence``.
  package var evidence: [FileRecord]

  /// One platform: its app, release devices, receipt and counts.
  package struct Platform: Encodable, Sendable {
    var platform: StateProofModel.Platform
    var appId: String?
    var releaseDevices: [String]
    var receipt: ReceiptStatus
    var counts: Summary

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(platform, forKey: .platform)
      try container.encode(appId, forKey: .appId)
      try container.encode(releaseDevices, forKey: .releaseDevices)
      try container.encode(receipt, forKey: .receipt)
      try container.encode(counts, forKey: .counts)
    }

    private enum CodingKeys: String, CodingKey { case platform, appId, releaseDevices, receipt, counts }
  }

  /// One evidence file as `report.json` lists it; `digest` `{sha256}` only when the report
  /// hashed it. Made as it is written, so a report of 1,000,000 files holds no second list.
  private struct Evidence: Encodable {
    var file: FileRecord

    private enum CodingKeys: String, CodingKey { case root, path, bytes, status, digest }
    private enum DigestKeys: String, CodingKey { case sha256 }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(file.root, forKey: .root)
      try container.encode(file.path, forKey: .path)
      try container.encode(file.bytes, forKey: .bytes)
      try container.encode(file.status, forKey: .status)
      if let sha256 = file.sha256 {
        var digest = container.nestedContainer(keyedBy: DigestKeys.self, forKey: .digest)
        try digest.encode(sha256, forKey: .sha256)
      }
    }
  }

  package init(_ report: Report) {
    version = report.provenance?.version ?? StateProof.version
    verdict = report.verdict
    headline = report.headline
    app = report.app
    release = report.release
    generatedAt = report.generatedAt
    configuration = report.provenance.map { ($0.configuration.source, $0.configuration.file, $0.configuration.sha256) }
    counts = report.summary
    platforms = report.platforms.map {
      Platform(
        platform: $0.platform, appId: $0.appId, releaseDevices: $0.releaseDevices, receipt: $0.receipt.status,
        counts: $0.summary)
    }
    evidence = report.evidence
  }

  private enum CodingKeys: String, CodingKey {
    case tool, verdict, headline, app, release, generatedAt, configuration, counts, platforms, evidence
  }

  /// `tool`: encoded as a value rather than a nested container, so the encoder can write the
  /// predicate's members (and its long evidence array) as they come.
  private struct Tool: Encodable {
    var name = "stateproof"
    var version: String
  }

  /// `evidence`: each file written as ``Evidence`` as the encoder reaches it.
  private struct EvidenceList: Encodable {
    var files: [FileRecord]

    func encode(to encoder: any Encoder) throws {
      var container = encoder.unkeyedContainer()
      for file in files { try container.encode(Evidence(file: file)) }
    }
  }

  /// `configuration`, every key written, `null` included.
  private struct Configuration: Encodable {
    var source: ConfigurationSource
    var file: String?
    var sha256: String?

    private enum CodingKeys: String, CodingKey { case source, file, sha256 }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(source, forKey: .source)
      try container.encode(file, forKey: .file)
      try container.encode(sha256, forKey: .sha256)
    }
  }

  /// Every key written, `null` included, as the schema requires.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Tool(version: version), forKey: .tool)
    try container.encode(verdict, forKey: .verdict)
    try container.encode(headline, forKey: .headline)
    try container.encode(app, forKey: .app)
    try container.encode(release, forKey: .release)
    try container.encode(generatedAt, forKey: .generatedAt)
    if let configuration {
      try container.encode(
        Configuration(source: configuration.source, file: configuration.file, sha256: configuration.sha256),
        forKey: .configuration)
    }
    try container.encode(counts, forKey: .counts)
    try container.encode(platforms, forKey: .platforms)
    try container.encode(EvidenceList(files: evidence), forKey: .evidence)
  }
}
