import FuzzSupport
import StateProofJSON
import StateProofMatch
import StateProofModel

/// libFuzzer entry: any bytes as `stateproof.json`, through the JSON reader, validation and the
/// matrix.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard let json = try? JSONNode.parse(UnsafeBufferPointer(start: bytes, count: count)) else { return 0 }
  guard let configuration = try? Configuration(json) else { return 0 }
  _ = try? CoverageMatcher(configuration: configuration, today: "2026-11-29")
  return 0
}

/// The harness's entry point: libFuzzer's driver on `fuzzConfig`.
@_cdecl("fuzz_config_main")
public func fuzzConfigMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzConfig)
}
