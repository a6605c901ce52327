import Foundation
import StateProofModel

/// The phrases producers write when a test run stopped before it finished, looked for in a
/// suite's `system-err` and in failure and error messages. Each is specific to a test runner's
/// own report of a stop, so ordinary log output (Gradle JVM tests print their logs to
/// `system-err`) does not match.
enum RunStopMarkers {
  static let phrases: [[UInt8]] = [
    // Android: ddmlib and UTP (AGP's connected tests), the package manager's install errors.
    "Test run failed to complete",
    "Test failed to run to completion",
    "Instrumentation run failed",
    "INSTRUMENTATION_FAILED",
    "Process crashed",
    "Failed to install split APK",
    "Failed to install APK",
    "INSTALL_FAILED_",
    "INSTALL_PARSE_FAILED_",
    // Xcode: xcodebuild's restart, and the runner errors xcresult converters pass on.
    "Restarting after unexpected exit",
    "Early unexpected exit",
    "crashed with signal",
    "test runner exited",
    "Test runner exited",
    "test runner hung",
    "Test runner hung",
  ].map { Array($0.utf8) }

  /// The longest phrase, in bytes: a phrase split across two pieces of text lies within this
  /// many bytes of the split.
  static let longest = phrases.map(\.count).max() ?? 0

  /// The phrases sorted, so those sharing a first byte are neighbours; all of them end to end,
  /// and where each starts in that (one past the end last).
  private static let sorted: [[UInt8]] = phrases.sorted { $0.lexicographicallyPrecedes($1) }
  private static let joined: [UInt8] = sorted.flatMap { $0 }
  private static let starts: [Int] = sorted.reduce(into: [0]) { $0.append($0.last! + $1.count) }
  /// For each byte value, one past the last phrase starting with it, and its first phrase;
  /// 0 and 0 when none does.
  private static let groupEnds: [UInt8] = (0...255).map { byte in
    UInt8(sorted.lastIndex { $0[0] == byte }.map { $0 + 1 } ?? 0)
  }
  private static let groupStarts: [UInt8] = (0...255).map { byte in UInt8(sorted.firstIndex { $0[0] == byte } ?? 0) }

  /// The offset of the earliest phrase in `bytes`, or nil when none is there: one pass, each byte
  /// looked up once, and compared further only with the phrases that start with it.
  static func firstMatch(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    return groupEnds.withUnsafeBufferPointer { groupEnds in
      groupStarts.withUnsafeBufferPointer { groupStarts in
        joined.withUnsafeBufferPointer { joined in
          starts.withUnsafeBufferPointer { starts in
            for offset in 0..<count {
              let byte = Int(base[offset])
              let end = Int(groupEnds[byte])
              guard end > 0 else { continue }
              let rest = count - offset
              for phrase in Int(groupStarts[byte])..<end {
                let start = starts[phrase]
                let length = starts[phrase + 1] - start
                // Every phrase is longer than one byte: the second is compared before the rest.
                if length <= rest, base[offset + 1] == joined[start + 1],
                  memcmp(base + offset, joined.baseAddress! + start, length) == 0
                {
                  return offset
                }
              }
            }
            return nil
          }
        }
      }
    }
  }
}
