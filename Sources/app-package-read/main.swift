// Reads app packages with StateProofRead's readers and prints what they declare, for
// scripts/bench-apk (until `stateproof inspect` reads them).
// Usage: app-package-read FILE...   (APKs and App Bundles: their declarations; IPAs: the size of
// their Info.plist); exit status 1 when a file could not be read.
import Foundation
import StateProofEvidence
import StateProofModel
import StateProofRead

var failed = false
for path in CommandLine.arguments.dropFirst() {
  let location = EvidenceLocation(root: ".", path: path)
  if path.hasSuffix(".ipa") {
    switch IPAReader.infoPlist(path: path, location: location) {
    case .success(let data): print("\(path): IPA, Info.plist of \(data.count) bytes")
    case .failure(let problem):
      print("\(problem)")
      failed = true
    }
    continue
  }
  let reading = AndroidPackageReader.read(path: path, location: location)
  for problem in reading.problems { print("\(problem)") }
  failed = failed || !reading.problems.isEmpty
  guard let app = reading.declarations else { continue }
  let build = app.build.map { " \($0)" } ?? ""
  let target = app.targetSdk.map { ", targetSdkVersion \($0)" } ?? ""
  print("\(path): \(app.source.rawValue) \(app.appId ?? "(no package)")\(build)\(target)")
  for declaration in app.declarations {
    var notes: [String] = []
    if let maxSdk = declaration.maxSdk { notes.append("maxSdkVersion \(maxSdk)") }
    if declaration.neverForLocation { notes.append("neverForLocation") }
    print("  \(declaration.name)\(notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")")
  }
}
exit(failed ? 1 : 0)
