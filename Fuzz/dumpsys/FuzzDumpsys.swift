import Foundation
import FuzzSupport
import StateProofModel
import StateProofEvidence
import StateProofRead

/// libFuzzer entry: any bytes as a seed log, a `.jsonl` record file and a seed-check dump (one
/// line, several lines composed, and with `dumpsys sensor_privacy`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDumpsys(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(bytes: bytes, count: count)
  let file = DiscoveredFile(
    record: FileRecord(root: "fuzz", path: "seed.log", kind: .seedLog, bytes: count, sha256: nil),
    url: URL(fileURLWithPath: "/dev/null"))
  _ = SeedLogReader.read(data, from: file)
  _ = SeedRecordReader.read(data, from: file)
  _ = try? SeedCheck.check(
    dump: data, permission: "android.permission.CAMERA", want: "blocked", user: 0,
    package: "com.example.scanner")
  _ = try? SeedCheck.check(dump: data, permission: "location", want: "approximate", user: 0, package: nil)
  _ = try? SeedCheck.check(dump: data, permission: "photos", want: "partial", user: 10, package: nil)
  _ = try? SeedCheck.check(dump: data, permission: "camera", want: "sensor-off", user: 0, package: nil)
  return 0
}

/// The harness's entry point: libFuzzer's driver on `fuzzDumpsys`.
@_cdecl("fuzz_dumpsys_main")
public func fuzzDumpsysMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzDumpsys)
}
