import Foundation
import StateProofDiscover
import StateProofMatch
import StateProofModel
import StateProofRender

/// The pipeline `stateproof report` and the library run: configuration, baseline and templates
/// first (so a mistake there stops the run before any evidence is read), then discover and read,
/// match, and compare with the baseline.
package enum ReportPipeline {
  /// - Parameters:
  ///   - environment: Where `STATEPROOF_TEMPLATES` is looked up.
  ///   - templatesFromPackage: Whether the StateProof package the code was built from is a place
  ///     for the shipped templates whatever the running executable (a library client's), or only
  ///     when the executable lies inside it (the `stateproof` binary; see ``TemplateLocator``).
  ///   - progress: Told of every file read; its final line is shown once reading ends.
  package static func run(
    evidence paths: [String], options: ReportOptions, environment: [String: String],
    templatesFromPackage: Bool, progress: ReadProgress? = nil
  ) throws(StateProofError) -> ReportRun {
    guard options.markdownMaxBytes > 0 else {
      throw .input("the Markdown budget must be a positive number of bytes, found \(options.markdownMaxBytes)")
    }
    if case .below(let bytes) = options.embedding, bytes < 0 {
      throw .input("the embedding limit must be a number of bytes, found \(bytes)")
    }
    var configuration: ReportConfiguration
    if let given = options.configuration {
      configuration = given
    } else {
      configuration = try ReportConfiguration.find(evidence: paths)
    }
    for (platform, build) in options.builds {
      configuration.configuration.platforms[platform, default: Configuration.PlatformSettings()].build =
        build.isEmpty ? nil : build.identity
    }
    if let window = options.window { configuration.configuration.window = window }
    let baseline = try options.baseline.map(BaselineLoader.load)
    let matcher: CoverageMatcher
    do {
      matcher = try CoverageMatcher(
        configuration: configuration.configuration, allowances: options.allowances,
        today: GeneratedAt.day(of: options.generatedAt), builtAt: options.builtAt.flatMap(BuiltAt.time(of:)))
    } catch {
      throw .configuration(file: configuration.file ?? "configuration", error)
    }
    let renderer = ReportRenderer(
      templates: try TemplateLocator.templates(
        overrides: options.templates, environment: environment, fromPackage: templatesFromPackage))

    let shown = progress?.isActive == true ? progress : nil
    var collected = EvidenceCollector.collect(
      paths: paths, matcher: matcher, progress: shown, xcresultTool: XCResultTool(environment: environment))
    // What xcresulttool exported stays until the run is gone: its screenshots are copied later.
    let exports = TemporaryFolders(collected.temporaryFolders)
    if let shown {
      do {
        try shown.end()
      } catch let error as StateProofError {
        throw error
      } catch {
        throw .output("\(error)")
      }
    }
    var report = matcher.report(collected.evidence, roots: paths, generatedAt: options.generatedAt)
    // The report holds what it needs of the evidence; the rest (a record per file, 100,000 of
    // them in a big run) goes before the baseline is compared and the outputs are rendered.
    collected.evidence = EvidenceSet()
    if let (path, previous) = baseline {
      report.changes = BaselineComparison.changes(from: previous, to: report, path: path)
    }
    return ReportRun(
      report: report, options: options, renderer: renderer, images: collected.images, exports: exports)
  }
}
