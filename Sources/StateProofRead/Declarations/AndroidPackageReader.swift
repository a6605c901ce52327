import StateProofArchive
import StateProofEvidence
import StateProofModel
import StateProofSystem

/// Reads what an APK or an Android App Bundle declares from the file itself: the zip's central
/// directory, then only its manifest (an APK's binary `AndroidManifest.xml`, a bundle's
/// `base/manifest/AndroidManifest.xml`), at most ``manifestLimit`` bytes of it, inflated in
/// memory; nothing else of the package is read, so a 100 MB APK costs what its manifest does.
/// Every refusal is a ``ReadProblem`` naming the package's kind and the entry.
package enum AndroidPackageReader {
  /// The most of a manifest read: real ones are tens of kilobytes, so more is a bomb or not one.
  package static let manifestLimit = 16 << 20

  /// The declarations of the package at `path`, placed at `location`.
  package static func read(path: String, location: EvidenceLocation) -> AndroidPackageReading {
    func refused(_ message: String) -> AndroidPackageReading {
      AndroidPackageReading(problems: [ReadProblem(location: location, message: message)])
    }
    let file: RegularFile
    switch RegularFile.open(path) {
    case .success(let opened): file = opened
    case .failure(let error): return refused("\(error)")
    }
    let package: AppPackage
    do {
      package = try AppPackage(file)
    } catch {
      return refused("\(error)")
    }
    let source: DeclarationSource
    let entryName: String
    switch package.kind {
    case .apk: (source, entryName) = (.apk, AppPackage.apkManifest)
    case .appBundle: (source, entryName) = (.appBundle, AppPackage.bundleManifest)
    case .ipa: return refused("an IPA (an iOS app), not an APK or App Bundle")
    case .otherZip:
      return refused(
        "a zip archive but not an APK (no AndroidManifest.xml beside classes.dex or resources.arsc at its root) "
          + "or an App Bundle (no base/manifest/AndroidManifest.xml beside BundleConfig.pb)")
    }
    let kind = package.kind.rawValue
    let bytes: [UInt8]
    do {
      guard let entry = try package.archive.entry(named: entryName) else {
        return refused("the \(kind) has no \(entryName)")
      }
      bytes = try package.archive.contents(of: entry, limit: manifestLimit)
    } catch {
      return refused("cannot read the \(kind)'s manifest: \(error)")
    }
    let facts: AndroidManifestFacts
    do {
      facts = try source == .apk ? BinaryXMLManifest.read(bytes) : BundleManifest.read(bytes)
    } catch {
      return refused("the \(kind)'s \(entryName) is not a manifest StateProof can read: \(error)")
    }
    let build = BuildIdentity(
      versionName: facts.versionName, versionCode: facts.versionCode.map(String.init), source: source.rawValue)
    return AndroidPackageReading(
      declarations: AppDeclarations(
        location: location, platform: .android, source: source, appId: facts.package,
        build: build.isEmpty ? nil : build, targetSdk: facts.targetSdk, declarations: facts.declarations))
  }
}
