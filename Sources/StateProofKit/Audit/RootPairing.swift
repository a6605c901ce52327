import Foundation
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Pairs the evidence paths given to `verify` with the evidence paths a report records, so each
/// recorded file is looked for where it is now.
package enum RootPairing {
  /// One recorded evidence path and the path it is checked at now (nil: not given, not checked).
  package struct Pair: Sendable, Equatable {
    package var recorded: String
    package var given: String?
  }

  /// Where the evidence is looked for when `verify` is given no paths.
  package enum Found: Sendable, Equatable {
    /// Every recorded path where the report found it.
    case whereRecorded
    /// In the `evidence/` folder of an unpacked bundle beside the report folder (``BundleLayout``).
    case unpackedBundle(String)
  }

  /// No paths given: the evidence of the unpacked bundle the report folder is part of
  /// (`report/` beside `evidence/`) when it holds every recorded path, else each recorded path
  /// where it was; one that is in neither place is not checked.
  package static func unnamed(recorded: [String], reportFolder: String) -> (pairs: [Pair], found: Found) {
    let evidence = PathBytes.sibling(BundleLayout.evidenceFolder, of: reportFolder)
    let bundled = recorded.map { evidence + "/" + BundleLayout.folder(forRoot: $0) }
    if !recorded.isEmpty, bundled.allSatisfy(exists) {
      return (zip(recorded, bundled).map { Pair(recorded: $0, given: $1) }, .unpackedBundle(evidence))
    }
    return (recorded.map { Pair(recorded: $0, given: exists($0) ? $0 : nil) }, .whereRecorded)
  }

  /// Whether anything is at `path` (a link counts: discovery says where it leads).
  package static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// No paths: every recorded path where it was. Otherwise each given path is, in turn, a
  /// recorded path spelled the same; one a recorded path's bundle folder (``BundleLayout``) ends
  /// (the longest such, so `evidence/ci/a` finds `ci/a` before `a`); or, when exactly one
  /// recorded path and one given path are left, that one.
  ///
  /// - Throws: a message for the user when a given path pairs with nothing or with two recorded
  ///   paths equally, or two given paths pair with one recorded path.
  package static func pair(given: [String], recorded: [String]) throws(StateProofError) -> [Pair] {
    guard !given.isEmpty else { return recorded.map { Pair(recorded: $0, given: $0) } }
    var pairs = recorded.map { Pair(recorded: $0, given: nil) }
    var left: [String] = []
    for path in given {
      let index: Int?
      if let exact = recorded.firstIndex(where: { PathKey(normalised($0)) == PathKey(normalised(path)) }) {
        index = exact
      } else {
        index = try bySuffix(path, recorded: recorded)
      }
      guard let index else {
        left.append(path)
        continue
      }
      try claim(index, for: path, in: &pairs)
    }
    let unpaired = pairs.indices.filter { pairs[$0].given == nil }
    if left.count == 1, unpaired.count == 1 {
      pairs[unpaired[0]].given = left[0]
    } else if let path = left.first {
      throw .evidencePath(path: path, reason: .unknown(recorded: recorded))
    }
    return pairs
  }

  private static func bySuffix(_ path: String, recorded: [String]) throws(StateProofError) -> Int? {
    let given = components(path)
    let matches = recorded.indices.compactMap { index -> (index: Int, length: Int)? in
      let folder = components(BundleLayout.folder(forRoot: recorded[index]))
      return given.count >= folder.count && given.suffix(folder.count).map(PathKey.init) == folder.map(PathKey.init) ? (index, folder.count) : nil
    }
    guard let longest = matches.map(\.length).max() else { return nil }
    let best = matches.filter { $0.length == longest }
    guard best.count == 1 else {
      throw .evidencePath(path: path, reason: .ambiguous(candidates: best.map { recorded[$0.index] }))
    }
    return best[0].index
  }

  private static func claim(_ index: Int, for path: String, in pairs: inout [Pair]) throws(StateProofError) {
    if let earlier = pairs[index].given {
      throw .evidencePath(path: path, reason: .givenTwice(earlier: earlier, recorded: pairs[index].recorded))
    }
    pairs[index].given = path
  }

  private static func components(_ path: String) -> [String] {
    PathBytes.components(path).filter { !$0.isEmpty && $0 != "." }
  }

  private static func normalised(_ path: String) -> String {
    let parts = components(path)
    return (path.utf8.first == UInt8(ascii: "/") ? "/" : "") + parts.joined(separator: "/")
  }
}
