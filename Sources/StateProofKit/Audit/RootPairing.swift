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
    /// How `given` was found when it is not the path as given: inside a folder given for it, or
    /// beside the path given, which holds none of its files (``relocate(_:samples:)``).
    package var note: String?
    /// Folders near the path given that hold some of the files the report cites there, when it
    /// holds none and no one of them holds them all: a "did you mean".
    package var didYouMean: [String] = []

    package init(recorded: String, given: String?, note: String? = nil) {
      self.recorded = recorded
      self.given = given
      self.note = note
    }
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
  /// recorded path and one given path are left, that one; or else a folder holding recorded
  /// paths (an archive, an unpacked bundle's `evidence/`), each found inside it by its bundle
  /// folder or the longest end of it that is there (``inside(_:recorded:)``).
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
      return pairs
    }
    for path in left {
      let found = pairs.indices.filter { pairs[$0].given == nil }.compactMap { index in
        inside(path, recorded: pairs[index].recorded).first.map { (index, $0) }
      }
      guard !found.isEmpty else { throw .evidencePath(path: path, reason: .unknown(recorded: recorded)) }
      for (index, folder) in found {
        pairs[index].given = folder
        pairs[index].note = "found inside \(path), which was given"
      }
    }
    return pairs
  }

  /// The folders inside `folder` that could be the recorded path `recorded`, as they are there:
  /// its bundle folder (``BundleLayout``: `folder/examples/scanner` for `examples/scanner`), then
  /// each shorter end of it (`folder/scanner`).
  package static func inside(_ folder: String, recorded: String) -> [String] {
    let parts = components(BundleLayout.folder(forRoot: recorded))
    return parts.indices.map { PathBytes.appending(parts[$0...].joined(separator: "/"), to: folder) }.filter(exists)
  }

  /// The most recorded files per evidence path ``relocate(_:samples:)`` looks for.
  package static let sampleSize = 16

  /// Each pair whose path holds none of `samples` (for its recorded path, up to
  /// ``sampleSize`` of the files the report cites under it), checked where they are instead
  /// when exactly one folder near it holds them all: inside it (``inside(_:recorded:)``, also
  /// under its `evidence/` for an unpacked bundle given by its own folder, or one level down),
  /// or one or two levels up (a path given one level too deep). Its `note` says so;
  /// otherwise the folders holding some of them are its `didYouMean`. A path holding any of
  /// them stays as it is: what differs there is for the comparison to name.
  package static func relocate(_ pairs: [Pair], samples: [String: [String]]) -> [Pair] {
    pairs.map { pair in
      guard let given = pair.given, let sample = samples[pair.recorded], !sample.isEmpty,
        holding(sample, in: given) == 0
      else { return pair }
      var candidates: [String] = []
      var keys = Set<PathKey>()
      func add(_ folder: String) {
        let key = PathKey(normalised(folder))
        if key != PathKey(normalised(given)), keys.insert(key).inserted { candidates.append(folder) }
      }
      inside(given, recorded: pair.recorded).forEach(add)
      // An unpacked bundle given by its own folder: its evidence/ holds the recorded paths.
      inside(PathBytes.appending(BundleLayout.evidenceFolder, to: given), recorded: pair.recorded).forEach(add)
      for entry in subfolders(of: given) { add(PathBytes.appending(entry, to: given)) }
      var up = given
      for _ in 0..<2 {
        up = PathBytes.parent(of: up)
        add(up)
      }
      let held = candidates.map { (folder: $0, count: holding(sample, in: $0)) }.filter { $0.count > 0 }
      var relocated = pair
      let whole = held.filter { $0.count == sample.count }
      if whole.count == 1 {
        relocated.given = whole[0].folder
        relocated.note =
          "\(given), which was given, holds none of the files the report cites there; \(whole[0].folder) holds them"
      } else {
        relocated.didYouMean = held.sorted { $0.count > $1.count }.prefix(3).map(\.folder)
      }
      return relocated
    }
  }

  /// How many of `paths` are there under `folder`.
  private static func holding(_ paths: [String], in folder: String) -> Int {
    paths.count { exists(PathBytes.appending($0, to: folder)) }
  }

  /// The names of the folders right inside `folder`, sorted; none when it is not a folder.
  private static func subfolders(of folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { name in
      var status = stat()
      return lstat(PathBytes.appending(name, to: folder), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  private static func bySuffix(_ path: String, recorded: [String]) throws(StateProofError) -> Int? {
    let given = components(path)
    let matches = recorded.indices.compactMap { index -> (index: Int, length: Int)? in
      let folder = components(BundleLayout.folder(forRoot: recorded[index]))
      return given.count >= folder.count && given.suffix(folder.count).map(PathKey.init) == folder.map(PathKey.init)
        ? (index, folder.count) : nil
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
