import StateProofEvidence
import StateProofModel
import StateProofSystem

/// Reads what `aapt2 dump badging`, `aapt2 dump permissions` or `aapt dump badging` prints for an
/// APK: the package and version (`package: name='…' versionCode='…' versionName='…'`),
/// `sdkVersion:` and `targetSdkVersion:`, and each `uses-permission:` and
/// `uses-permission-sdk-23:` with `maxSdkVersion` and aapt2's `usesPermissionFlags='neverForLocation'`.
///
/// `permission:` lines name permissions the app defines, not ones it asks for, and are not read.
/// `uses-implied-permission:` lines (badging only) count as declared: aapt prints them for what the
/// installer adds itself (`WRITE_EXTERNAL_STORAGE` and `READ_PHONE_STATE` for a target below 4,
/// `READ_EXTERNAL_STORAGE` beside `WRITE_EXTERNAL_STORAGE`, the call log beside contacts for a
/// target below 16), so the installed app holds them; aapt prints a `uses-permission:` line for
/// each just before, which is the one read. `optional-permission:` repeats a `uses-permission:`
/// with `required="false"`, still requested. Lines are streamed, so memory stays flat.
package enum AaptDumpReader {
  /// The most declarations one dump may make: a real app declares a few hundred at most.
  static let maxDeclarations = ManifestScan.maxDeclarations

  /// Reads the dump `source` delivers; `location` names the file in problems.
  package static func read(_ source: some ByteSource, location: EvidenceLocation) -> DeclarationsReading {
    var scan = AaptDumpScan(location: location)
    let error = LineReader(source: source).forEachLine { line in
      scan.read(String(decoding: line.bytes, as: UTF8.self)[...], number: line.number)
    }
    if let error {
      return DeclarationsReading(problems: [ReadProblem(location: location, message: "\(error)")])
    }
    return scan.reading
  }
}
