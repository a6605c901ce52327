import StateProofEvidence
import StateProofModel
import StateProofSystem

/// Reads the merged `AndroidManifest.xml` AGP writes into the build folder
/// (`intermediates/merged_manifests/<variant>/…`, `merged_manifest/…`, `packaged_manifests/…`,
/// `bundle_manifest/…`, older `manifests/full/<variant>/…`; found by content, not by path): the
/// package, `versionCode`/`versionName`, `<uses-sdk>`, and each `<uses-permission>` and
/// `<uses-permission-sdk-23>` with its `maxSdkVersion`, `neverForLocation` flag and line.
///
/// Only the merged manifest counts: libraries add permissions when AGP merges, so a source
/// manifest (`src/main/AndroidManifest.xml`: `tools:` markers, no `<uses-sdk>` or package, all of
/// which the merge resolves or adds) is not read, and neither is a test APK's (it has
/// `<instrumentation>`); ``DeclarationsReading/notDeclarations`` says so and asks for the merged
/// manifest or the APK. The XML goes through ``XMLPushParser`` (no network, no entities, no DTD),
/// streamed, so memory stays flat for any input.
package enum AndroidManifestReader {
  /// Reads the manifest `source` delivers; `location` names the file in problems.
  package static func read(_ source: some ByteSource, location: EvidenceLocation) -> DeclarationsReading {
    var scan = ManifestScan(location: location)
    let parser = XMLPushParser(source: source, documentName: location.path)
    parser.streamsCharacters = true
    let failure = parser.parse { event, parser in
      switch event {
      case .startElement: return scan.start(parser)
      case .endElement: scan.end(parser)
      case .characters, .comment: scan.moved(parser)
      }
      return true
    }
    if let notManifest = scan.notManifest { return DeclarationsReading(notDeclarations: notManifest) }
    if let failure {
      return DeclarationsReading(problems: [
        ReadProblem(
          location: EvidenceLocation(
            root: location.root, path: location.path, line: failure.line, column: failure.column),
          message: "malformed XML: \(failure.message)")
      ])
    }
    guard scan.sawAndroidNamespace else {
      return DeclarationsReading(
        notDeclarations: "a <manifest> without Android's namespace (\(ManifestElement.androidNamespace))")
    }
    if let notMerged = notMergedReason(scan) { return DeclarationsReading(notDeclarations: notMerged) }
    if scan.tooMany {
      return DeclarationsReading(problems: [
        ReadProblem(
          location: location,
          message: "declares more than \(ManifestScan.maxDeclarations) permissions, more than any app: not read")
      ])
    }
    let build = BuildIdentity(
      versionName: scan.versionName, versionCode: scan.versionCode, source: DeclarationSource.mergedManifest.rawValue)
    let declarations = AppDeclarations(
      location: location, platform: .android, source: .mergedManifest, appId: scan.appId,
      build: build.isEmpty ? nil : build, minSdk: scan.minSdk, targetSdk: scan.targetSdk,
      declarations: scan.declarations)
    return DeclarationsReading(
      declarations: declarations, notes: scan.notes,
      problems: scan.problems.listed { ReadProblem(location: $0.location, message: $1) })
  }

  /// Why a manifest is not an app's merged one, or nil when it is.
  private static func notMergedReason(_ scan: ManifestScan) -> String? {
    if scan.sawInstrumentation {
      return
        "a test APK's AndroidManifest.xml (it has <instrumentation>), not the app's: give the app's merged manifest"
    }
    var signs: [String] = []
    if let marker = scan.firstToolsMarker { signs.append("\(marker.name) on line \(marker.line)") }
    if !scan.sawUsesSdk { signs.append("no <uses-sdk>") }
    if scan.appId == nil { signs.append("no package") }
    guard !signs.isEmpty else { return nil }
    return "a source AndroidManifest.xml (\(signs.joined(separator: ", "))), not the merged one: libraries add "
      + "permissions when AGP merges manifests, so give the merged manifest "
      + "(build/intermediates/merged_manifests/<variant>/AndroidManifest.xml) or the APK"
  }
}
