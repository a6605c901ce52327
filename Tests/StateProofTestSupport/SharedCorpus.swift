import Foundation

#if canImport(Testing)
  import Testing
#endif

/// The shared folder of real artifacts beside the clone (`../shared`, or `$STATEPROOF_SHARED`):
/// `corpus/` (JUnit, dumpsys, xcresulttool JSON, bundles) and `conformance/` (the Mustache spec).
/// A fresh clone has none; tests that read it carry ``Testing/Trait/needsSharedCorpus`` and are
/// reported skipped, by count and reason, instead of failing or passing unchecked. `.ci/run`
/// refuses to start without it, so CI always runs them.
public enum SharedCorpus {
  /// `$STATEPROOF_SHARED`, else `shared` beside the package's folder.
  public static let root: URL = {
    if let override = ProcessInfo.processInfo.environment["STATEPROOF_SHARED"], !override.isEmpty {
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    return PackageRoot.url.deletingLastPathComponent().appendingPathComponent("shared", isDirectory: true)
  }()

  /// `root/corpus`.
  public static let corpus = root.appendingPathComponent("corpus", isDirectory: true)

  /// Whether `root/corpus` is a folder.
  public static let isPresent: Bool = isFolder(corpus)

  /// `relative` inside `root/corpus`, e.g. `junit/schemas/jenkins-junit-4.xsd`.
  public static func url(_ relative: String) -> URL { corpus.appendingPathComponent(relative) }

  /// `relative` inside `root`, for what is shared beside the corpus (`conformance/mustache-spec`).
  public static func sharedURL(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  public static func isFolder(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}

#if canImport(Testing)
  extension Trait where Self == ConditionTrait {
    /// Runs the test only when the shared corpus is there (``SharedCorpus``); otherwise the run
    /// lists it as skipped with this reason.
    public static var needsSharedCorpus: Self {
      .enabled(
        if: SharedCorpus.isPresent,
        "needs ../shared/corpus beside the clone (or STATEPROOF_SHARED); .ci/run always has it")
    }
  }
#endif
