import Foundation
import FuzzSupport
import StateProofJSON
import StateProofModel
import StateProofEvidence
import StateProofRead
import StateProofSystem

/// libFuzzer entry: any bytes as xcresulttool's JSON (`tests`, `summary`, `activities`, …). The
/// reader counts every execution it delivers, and names a line and column for every break.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXCResult(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Array(UnsafeBufferPointer(start: bytes, count: count))
  let file = DiscoveredFile(
    record: FileRecord(root: "fuzz", path: "tests.json", kind: .xcresultJSON, bytes: count, sha256: ""),
    url: URL(fileURLWithPath: "/tmp/stateproof-fuzz-xcresult/tests.json"))
  var delivered = 0
  let summary = XCResultReader.read(file, source: { MemoryBytes(data) }) { _ in delivered += 1 }
  precondition(summary.outcomes.total == delivered, "delivered \(delivered), counted \(summary.outcomes.total)")
  for problem in summary.problems { precondition(problem.location.path == "tests.json") }
  return 0
}

/// The harness's entry point: libFuzzer's driver on `fuzzXCResult`.
@_cdecl("fuzz_xcresult_main")
public func fuzzXCResultMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzXCResult)
}
