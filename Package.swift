// swift-tools-version: 6.0
import Foundation
import PackageDescription

// The pipeline runs in one direction, one module per stage:
// discover → read → match → render, all sharing the value types in StateProofModel.
// StateProofKit wires the stages together; `stateproof` is a thin executable over it.
let package = Package(
  name: "StateProof",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "StateProofKit", targets: ["StateProofKit"]),
    .library(name: "Mustache", targets: ["Mustache"]),
    .executable(name: "stateproof", targets: ["stateproof"]),
  ],
  dependencies: [],
  targets: [
    // System libraries (Debian -dev packages, Homebrew or the macOS SDK).
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    .systemLibrary(
      name: "CCrypto",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
    ),

    // A Mustache engine with typed values, usable on its own, and its spec-conformance runner.
    .target(name: "Mustache"),
    .executableTarget(name: "mustache-spec", dependencies: ["Mustache"]),

    // Pipeline stages.
    .target(name: "StateProofModel"),
    // The one JSON reader for untrusted and configuration JSON: a streaming pull parser.
    .target(name: "StateProofJSON"),
    .target(
      name: "StateProofDiscover",
      dependencies: [
        "StateProofModel",
        .target(name: "CCrypto", condition: .when(platforms: [.linux])),
      ]
    ),
    .target(name: "StateProofRead", dependencies: ["StateProofModel", "StateProofJSON", "CLibXML2"]),
    .target(name: "StateProofMatch", dependencies: ["StateProofModel", "StateProofJSON"]),
    .target(name: "StateProofRender", dependencies: ["StateProofModel", "Mustache"]),

    // The library: configuration, the pipeline, outputs on disk and the commands.
    .target(
      name: "StateProofKit",
      dependencies: [
        "StateProofModel", "StateProofJSON", "StateProofDiscover", "StateProofRead", "StateProofMatch",
        "StateProofRender", "Mustache",
      ]
    ),
    .executableTarget(name: "stateproof", dependencies: ["StateProofKit"]),

    .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
    .testTarget(name: "StateProofJSONTests", dependencies: ["StateProofJSON"]),
    .testTarget(
      name: "StateProofReadTests",
      dependencies: ["StateProofRead", "StateProofModel", "StateProofJSON"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "StateProofKitTests",
      dependencies: [
        "StateProofKit", "StateProofModel", "StateProofJSON", "StateProofDiscover", "StateProofMatch",
        "StateProofRender",
      ],
      exclude: ["Fixtures", "Golden"]
    ),
  ]
)

// libFuzzer harnesses, one per parser of untrusted input. They exist only when
// STATEPROOF_FUZZ=1 (scripts/fuzz sets it and adds -sanitize=fuzzer,address), so a normal
// build never sees them.
if ProcessInfo.processInfo.environment["STATEPROOF_FUZZ"] == "1" {
  package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/Support"))
  for harness in ["dumpsys", "junit", "manifest", "image", "config", "json", "mustache"] {
    package.targets.append(
      .executableTarget(
        name: "fuzz-\(harness)",
        dependencies: [
          "FuzzSupport", "StateProofRead", "StateProofMatch", "StateProofModel", "StateProofJSON", "Mustache",
        ],
        path: "Fuzz/\(harness)"))
  }
}
