import Foundation
import FuzzSupport
import StateProofRead

/// libFuzzer entry: any bytes as one record of a result bundle's object graph (the tagged text
/// encoding). The decoder either gives a value or an error naming a byte inside the input; it
/// never crashes, loops or reads past the end.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXCObject(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let buffer = UnsafeBufferPointer(start: bytes, count: count)
  do throws(XCResultObjectError) {
    let object = try XCResultObjectDecoder.decode(buffer)
    precondition(count >= 2, "a value from \(count) bytes")
    _ = object.type
  } catch {
    precondition(error.offset >= 0 && error.offset <= count, "error at byte \(error.offset) of \(count)")
  }
  return 0
}

/// The harness's entry point: libFuzzer's driver on `fuzzXCObject`.
@_cdecl("fuzz_xcobject_main")
public func fuzzXCObjectMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzXCObject)
}
