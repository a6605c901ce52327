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

  /// The phrases grouped by first byte: every phrase end to end in that order, where each starts
  /// in it (one past the end last), and each group's first byte and range of phrases.
  private static let sorted: [[UInt8]] = phrases.sorted { $0.lexicographicallyPrecedes($1) }
  private static let joined: [UInt8] = sorted.flatMap { $0 }
  private static let starts: [Int] = sorted.reduce(into: [0]) { $0.append($0.last! + $1.count) }
  private static let groupFirstBytes: [UInt8] = sorted.reduce(into: []) { if $0.last != $1[0] { $0.append($1[0]) } }
  private static let groupEnds: [Int] = groupFirstBytes.map { first in sorted.lastIndex { $0[0] == first }! + 1 }

  /// The offset of the earliest phrase in `bytes`, or nil when none is there. Each first byte a
  /// phrase starts with is searched once with `memchr`, up to the earliest match found so far,
  /// and only that byte's phrases are compared at a hit.
  static func firstMatch(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    var limit = bytes.count
    var earliest: Int?
    joined.withUnsafeBufferPointer { joined in
      starts.withUnsafeBufferPointer { starts in
        var phrase = 0
        for (group, first) in groupFirstBytes.enumerated() {
          let phrases = phrase..<groupEnds[group]
          phrase = phrases.upperBound
          var cursor = 0
          search: while cursor < limit, let hit = memchr(base + cursor, Int32(first), limit - cursor) {
            let offset = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
            for index in phrases {
              let start = starts[index]
              let length = starts[index + 1] - start
              if length <= bytes.count - offset, memcmp(base + offset, joined.baseAddress! + start, length) == 0 {
                earliest = offset
                limit = offset
                break search
              }
            }
            cursor = offset + 1
          }
        }
      }
    }
    return earliest
  }
}
