import Foundation
import FuzzSupport
import StateProofArchive
import StateProofRead
import StateProofSystem

/// libFuzzer entry: any bytes as an app package (a zip archive: its central directory, then each
/// entry kept read within a limit), as an APK's binary manifest and as an App Bundle's. Whatever
/// they say, nothing crashes, no entry's bytes pass the limit, and no manifest yields more
/// declarations than its bytes could hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPK(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let input = Array(UnsafeBufferPointer(start: bytes, count: count))
  let limit = 1 << 20
  if let package = try? AppPackage(MemoryBytes(input)) {
    for entry in package.archive.entries {
      if let contents = try? package.archive.contents(of: entry, limit: limit) { precondition(contents.count <= limit) }
    }
  }
  // An element chunk is at least 36 bytes, a protocol-buffers element at least 4.
  if let facts = try? BinaryXMLManifest.read(input) { precondition(facts.declarations.count <= count / 36) }
  if let facts = try? BundleManifest.read(input) { precondition(facts.declarations.count <= count / 4) }
  return 0
}

/// The harness's entry point: libFuzzer's driver on `fuzzAPK`.
@_cdecl("fuzz_apk_main")
public func fuzzAPKMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzAPK)
}
