// A file scripts/check-portability --self-test checks: each line marked EXPECT holds a use that
// breaks the macOS build (the word after EXPECT must appear in the violation), each line marked
// NOT FLAGGED a use that is fine. Never compiled into the package (its folder is excluded).
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
import Foundation

func plantedStringValidation(_ bytes: [UInt8]) -> String? {
  String(validating: bytes, as: UTF8.self)  // EXPECT: init(validating:as:)
}

func guardedStringValidation(_ bytes: [UInt8]) -> String? {
  if #available(macOS 15, *) {
    return String(validating: bytes, as: UTF8.self)  // NOT FLAGGED
  }
  return String(decoding: bytes, as: UTF8.self)
}

func linuxOnlyField(_ status: stat) -> Int {
  status.st_mtim.tv_sec  // EXPECT: st_mtim
}

func guardedLinuxField(_ status: stat) -> Int {
  #if os(Linux)
    return status.st_mtim.tv_sec  // NOT FLAGGED
  #else
    return status.st_mtimespec.tv_sec
  #endif
}

func procPath() -> String {
  "/proc/self/status"  // EXPECT: /proc
}

func oldEnough() -> Int {
  [1, 2, 3].count { $0 > 1 }  // NOT FLAGGED
}
