// swift-tools-version: 6.0
import PackageDescription

// A Swift tool that uses StateProof as a library: it depends on the package by path (a release
// script would use `.package(url: …, from: …)`) and on its StateProofKit product.
let package = Package(
  name: "not-ready",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "StateProof", path: "../..")],
  targets: [
    .executableTarget(
      name: "not-ready",
      dependencies: [.product(name: "StateProofKit", package: "StateProof")]
    )
  ]
)
