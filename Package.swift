// swift-tools-version: 6.0
// StateProof is licensed under the Apache License, Version 2.0: see LICENSE and NOTICE.
import Foundation
import PackageDescription

// The pipeline runs in one direction, one module per stage:
// discover → read → match → render, all sharing the value types in StateProofModel (the public
// report schema); the evidence the readers hand the matcher is in StateProofEvidence. Beneath them
// all, StateProofSystem holds files, bytes, hashing and checksums.
// StateProofKit wires the stages together and is the library other Swift tools use (it re-exports
// the report model). StateProofCLI is the command line over that library's public API, and
// `stateproof` is the one-line executable that runs it.
let package = Package(
  name: "StateProof",
  // macOS 14: building needs Xcode 16 or later (Swift 6), which runs on macOS 14.5 and later, and
  // GitHub's oldest hosted macOS runner image is macos-14. scripts/check-portability proves the
  // sources use nothing newer.
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "StateProofKit", targets: ["StateProofKit"]),
    .library(name: "Mustache", targets: ["Mustache"]),
    .executable(name: "stateproof", targets: ["stateproof"]),
  ],
  dependencies: [],
  targets: [
    // System libraries: Debian's -dev packages on Linux; on macOS the SDK's libxml2 (no Homebrew
    // provider, so SwiftPM never prefers a keg-only Homebrew copy unless PKG_CONFIG_PATH says so).
    // The module is CLibXML2, never libxml2, which would collide with the SDK's own module.
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    // libcrypto for SHA-256 on Linux only; macOS uses CommonCrypto.
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"])]
    ),
    // zstd, SQLite and libheif are opened at run time where the machine has them (dlopen; see
    // StateProofSystem's OptionalLibrary), so neither building nor starting needs them: the few
    // declarations StateProof calls them through live here, beside their licences.
    .target(
      name: "COptionalLibraries",
      exclude: ["LICENSE-zstd", "LICENSE-sqlite", "LICENSE-libheif"]
    ),

    // A Mustache engine with typed values, usable on its own; the official spec's cases (read by
    // its conformance runner and the tests, no part of the engine's API) and that runner.
    .target(name: "Mustache"),
    .target(name: "MustacheSpec", dependencies: ["Mustache"]),
    .executableTarget(name: "mustache-spec", dependencies: ["Mustache", "MustacheSpec"]),

    // Files, bytes, hashing and checksums: regular-file opening, byte sources, path bytes,
    // SHA-256 and CRC-32; and the optional C libraries, opened at run time. Depends on no other
    // StateProof module.
    .target(
      name: "StateProofSystem",
      dependencies: ["COptionalLibraries", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]
    ),

    // Pipeline stages.
    .target(name: "StateProofModel", dependencies: ["StateProofSystem"]),
    // What the readers produce and the matcher consumes, never part of the public report schema.
    .target(name: "StateProofEvidence", dependencies: ["StateProofModel", "StateProofSystem"]),
    // The one JSON reader for untrusted and configuration JSON: a streaming pull parser.
    .target(name: "StateProofJSON", dependencies: ["StateProofSystem"]),
    .target(name: "StateProofDiscover", dependencies: ["StateProofModel", "StateProofEvidence", "StateProofSystem"]),
    // Platform knowledge as data: each permission's states per OS version, with their sources.
    .target(name: "StateProofKnowledge", dependencies: ["StateProofModel"]),
    // Writes docs/platform-knowledge.md from that data (scripts/gen-platform-knowledge).
    .executableTarget(name: "platform-knowledge-doc", dependencies: ["StateProofKnowledge"]),
    .target(
      name: "StateProofRead",
      dependencies: [
        "StateProofModel", "StateProofEvidence", "StateProofSystem", "StateProofJSON", "StateProofKnowledge",
        "StateProofArchive", "CLibXML2", "COptionalLibraries",
      ]),
    .target(
      name: "StateProofMatch",
      dependencies: ["StateProofModel", "StateProofEvidence", "StateProofSystem", "StateProofJSON", "StateProofKnowledge"]),
    .target(name: "StateProofRender", dependencies: ["StateProofModel", "Mustache"]),
    // Reproducible .tar.gz archives (the evidence bundle), with its own DEFLATE encoder so the
    // bytes are the same on every platform.
    .target(name: "StateProofArchive", dependencies: ["StateProofSystem"]),
    // Packs files into an archive for scripts/bench-bundle.
    .executableTarget(name: "archive-pack", dependencies: ["StateProofArchive", "StateProofSystem"]),
    // Reads APKs, App Bundles and IPAs with StateProofRead for scripts/bench-apk.
    .executableTarget(
      name: "app-package-read",
      dependencies: ["StateProofRead", "StateProofEvidence", "StateProofModel"]),

    // The library: configuration, the pipeline, outputs on disk, verification and inspection.
    .target(
      name: "StateProofKit",
      dependencies: [
        "StateProofSystem", "StateProofModel", "StateProofEvidence", "StateProofJSON", "StateProofDiscover", "StateProofRead",
        "StateProofMatch", "StateProofKnowledge", "StateProofRender", "StateProofArchive", "Mustache",
        "COptionalLibraries",
      ]
    ),
    // The command line: parsing, help, completion and the commands, and all it draws: progress on
    // standard error (from the library's public ReadObserver), the job summary, the standard
    // streams. It sees the library as any client does, public API only, and packageAccess: false
    // lets the compiler prove it; beside that, only these @_spi(CLI) hooks, which have no public
    // form (each declaration's doc comment says why; LibrarySurfaceTests keeps this list true):
    // @_spi(CLI): ConfigurationLoader, ConfigurationLoader.fileName, EvidenceBundle, EvidenceBundle.validate,
    // @_spi(CLI): InputFile, RenderData, ReportRun.write, SeedPlanText, SeedReadBack, SimulatorReadBack,
    // @_spi(CLI): StarterConfiguration,
    // @_spi(CLI): extension StateProof, StateProofError.init
    // Beside the library it uses StateProofRender's public escapings (terminal, Markdown, report
    // HTML), the Mustache engine, for `render`, and StateProofSystem's DescriptorWrite, which it
    // writes its streams through.
    // Each file imports the modules whose members it uses (MemberImportVisibility), so an import
    // left out does not compile rather than work through another file's.
    .target(
      name: "StateProofCLI", dependencies: ["StateProofKit", "StateProofRender", "Mustache", "StateProofSystem"],
      packageAccess: false, swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
    .executableTarget(name: "stateproof", dependencies: ["StateProofCLI"], packageAccess: false),

    // Tests sit beside their modules: one target per module with logic, testing that module alone
    // (StateProofKitTests: the pipeline, output and audit; StateProofCLITests: the command line, and
    // in its Scenarios/ folder the end-to-end runs over examples/ and the golden files).
    // What every test target shares: the package root from #filePath, where the golden files and
    // fixtures are (TestFiles, their one owner), synthetic reports, the shared corpus and its skip
    // condition, temporary folders each test removes, seeded random input. Not a product.
    .target(
      name: "StateProofTestSupport", dependencies: ["StateProofSystem", "StateProofModel"],
      path: "Tests/StateProofTestSupport", exclude: ["Fixtures", "Golden"]),
    .testTarget(name: "MustacheTests", dependencies: ["Mustache", "MustacheSpec", "StateProofTestSupport"]),
    .testTarget(
      name: "StateProofSystemTests",
      dependencies: ["StateProofSystem", "StateProofJSON", "StateProofArchive", "StateProofTestSupport"]),
    .testTarget(name: "StateProofJSONTests", dependencies: ["StateProofJSON", "StateProofSystem", "StateProofTestSupport"]),
    .testTarget(
      name: "StateProofArchiveTests", dependencies: ["StateProofArchive", "StateProofSystem", "StateProofTestSupport"]),
    .testTarget(
      name: "StateProofModelTests", dependencies: ["StateProofModel", "StateProofSystem", "StateProofTestSupport"]),
    .testTarget(
      name: "StateProofKnowledgeTests",
      dependencies: ["StateProofKnowledge", "StateProofModel", "StateProofTestSupport"]),
    .testTarget(
      name: "StateProofDiscoverTests",
      dependencies: ["StateProofDiscover", "StateProofSystem", "StateProofTestSupport"]),
    .testTarget(name: "StateProofEvidenceTests", dependencies: ["StateProofEvidence", "StateProofModel"]),
    .testTarget(
      name: "StateProofMatchTests",
      dependencies: [
        "StateProofMatch", "StateProofModel", "StateProofEvidence", "StateProofKnowledge", "StateProofJSON",
        "StateProofTestSupport",
      ]),
    .testTarget(
      name: "StateProofRenderTests",
      dependencies: ["StateProofRender", "StateProofModel", "Mustache", "StateProofTestSupport"]),
    .testTarget(
      name: "StateProofReadTests",
      dependencies: [
        "StateProofRead", "StateProofModel", "StateProofEvidence", "StateProofSystem", "StateProofJSON", "StateProofKnowledge",
        "StateProofArchive", "StateProofTestSupport", "COptionalLibraries",
      ]
    ),
    .testTarget(
      name: "StateProofKitTests",
      dependencies: [
        "StateProofKit", "StateProofModel", "StateProofEvidence", "StateProofSystem", "StateProofJSON", "StateProofDiscover",
        "StateProofMatch", "StateProofKnowledge", "StateProofRender", "StateProofRead", "StateProofTestSupport",
      ]
    ),
    // The command line, in process and as the built binary.
    .testTarget(
      name: "StateProofCLITests",
      dependencies: [
        "StateProofCLI", "StateProofKit", "StateProofModel", "StateProofJSON", "StateProofDiscover", "StateProofMatch",
        "StateProofKnowledge", "StateProofRender", "StateProofRead", "StateProofTestSupport",
      ]
    ),
    // The library as an outside client sees it: `import StateProofKit` and public symbols only.
    .testTarget(
      name: "StateProofLibraryTests", dependencies: ["StateProofKit", "StateProofTestSupport"], packageAccess: false),
  ]
)

// libFuzzer harnesses, one per parser of untrusted input. They exist only when
// STATEPROOF_FUZZ=1 (scripts/fuzz sets it and adds -sanitize=fuzzer,address), so a normal
// build never sees them.
if ProcessInfo.processInfo.environment["STATEPROOF_FUZZ"] == "1" {
  package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Support"))
  for harness in [
    "dumpsys", "junit", "manifest", "image", "config", "json", "mustache", "xcresult", "xcobject", "apk",
  ] {
    package.targets.append(
      .executableTarget(
        name: "fuzz-\(harness)",
        dependencies: [
          "FuzzSupport", "StateProofRead", "StateProofMatch", "StateProofModel", "StateProofEvidence", "StateProofSystem",
          "StateProofJSON", "Mustache", "StateProofRender", "StateProofArchive",
        ],
        path: "Fuzz/\(harness)"))
  }
}
