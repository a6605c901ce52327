import Foundation
import FuzzSupport
import StateProofJSON
import StateProofModel
import StateProofEvidence
import StateProofRead
import StateProofSystem

/// libFuzzer entry: any bytes as an `xcresulttool export attachments` manifest. Whatever it
/// says, no attachment may resolve outside the manifest's folder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let folder = URL(fileURLWithPath: "/tmp/stateproof-fuzz-manifest")
  let file = DiscoveredFile(
    record: FileRecord(
      root: "fuzz", path: "attachments/manifest.json", kind: .attachmentManifest, bytes: count,
      sha256: nil),
    url: folder.appendingPathComponent("manifest.json"))
  let manifest = AttachmentManifestReader.read(
    MemoryBytes(UnsafeBufferPointer(start: bytes, count: count)), from: file)
  for attachment in manifest.attachments {
    precondition(
      PathBytes.isSame(attachment.path, orInside: "attachments")
        && !PathBytes.components(attachment.path).contains(".."),
      "escaped: \(attachment.path)")
  }
  return 0
}

/// The harness's entry point: libFuzzer's driver on `fuzzManifest`.
@_cdecl("fuzz_manifest_main")
public func fuzzManifestMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzManifest)
}
