import Foundation
import FuzzSupport
import StateProofRead

/// libFuzzer entry: any bytes as an image header.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  if let header = try? ImageHeader.read(Data(bytes: bytes, count: count)) {
    precondition(header.width <= ImageHeader.maximumDimension)
    precondition(header.height <= ImageHeader.maximumDimension)
  }
  return 0
}

/// The harness's entry point: libFuzzer's driver on `fuzzImage`.
@_cdecl("fuzz_image_main")
public func fuzzImageMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzImage)
}
