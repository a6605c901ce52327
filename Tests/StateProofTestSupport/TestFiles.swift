import Foundation

/// The committed golden files and fixtures, kept beside this support code (its `Golden/` and
/// `Fixtures/`, which the package excludes from the build) and named in this one place: no test
/// builds a path into another target's folder, or finds its own from `#filePath`.
public enum TestFiles {
  /// The golden report of `examples/scanner`, checked by the command line's and the library's
  /// tests; `RECORD_GOLDEN=1 swift test --filter "Golden|LibraryTests"` re-records it.
  public static let scannerGolden = PackageRoot.url("Tests/StateProofTestSupport/Golden/scanner")

  /// The golden seed plans, `EXAMPLE.sh` (and `scanner.json`): what `stateproof seed-plan
  /// examples/EXAMPLE` prints; `RECORD_GOLDEN=1 swift test --filter "Golden|LibraryTests"`
  /// re-records them.
  public static let seedPlanGolden = PackageRoot.url("Tests/StateProofTestSupport/Golden/seed-plan")

  /// A reader fixture, in the shapes real tools write: `dumpsys/NAME`, `junit`, `heic/NAME`,
  /// `app-packages/NAME` (APKs and App Bundles, with their provenance in its README.md),
  /// `xcresult-database`, `fuzz-crashes` (what `scripts/fuzz` found), `declarations/KIND/NAME`
  /// (manifests, `aapt2 dump` output, `Info.plist`s; their sources in `declarations/NOTICE.md`).
  public static func readerFixture(_ relative: String) -> URL {
    PackageRoot.url("Tests/StateProofTestSupport/Fixtures/" + relative)
  }

  /// A `verify --key` fixture (`keys/NAME`): public keys and signatures of `keys/message.txt`
  /// that Python's `cryptography` made (`keys/make-keys`).
  public static func keyFixture(_ name: String) -> URL {
    PackageRoot.url("Tests/StateProofTestSupport/Fixtures/keys/" + name)
  }

  /// A whole-pipeline fixture: `hostile` (evidence that attacks the run; also `scripts/check-hostile`'s
  /// corpus) and `portability` (`scripts/check-portability`'s planted violations).
  public static func pipelineFixture(_ relative: String) -> URL {
    PackageRoot.url("Tests/StateProofTestSupport/Fixtures/" + relative)
  }
}
