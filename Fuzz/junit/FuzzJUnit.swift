import Foundation
import FuzzSupport
import StateProofModel
import StateProofEvidence
import StateProofRead

/// libFuzzer entry: any bytes as a JUnit file, through the streaming reader and retry folding.
/// The reader takes files, so each input is written to one scratch file first.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJUnit(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let url = URL(fileURLWithPath: "/tmp/stateproof-fuzz-junit-\(getpid()).xml")
  guard (try? Data(bytes: bytes, count: count).write(to: url)) != nil else { return 0 }
  let file = DiscoveredFile(
    record: FileRecord(root: "fuzz", path: "TEST-fuzz.xml", kind: .junit, bytes: count, sha256: nil),
    url: url)
  var tests: [TestExecution] = []
  let summary = JUnitReader.read(file) { tests.append($0) }
  precondition(summary.testCount == tests.count, "counted \(summary.testCount), delivered \(tests.count)")
  _ = RetryFolding.fold(tests)
  return 0
}

/// The harness's entry point: libFuzzer's driver on `fuzzJUnit`.
@_cdecl("fuzz_junit_main")
public func fuzzJUnitMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzJUnit)
}
