import Foundation
import StateProofModel

/// Walks the evidence paths, hashes every file and decides from its content what it holds.
///
/// A caller that streams JUnit files through a reader anyway can ask to hash those itself in the
/// same pass (`deferJUnitHashing`), so each byte of a big report is read once.
///
/// Links are followed only to files inside the same root; a link out of the root, or one that
/// leads nowhere, is listed as unreadable instead of being read.
package enum EvidenceDiscovery {
  /// Walks `roots` (files or folders, as given on the command line) in a stable order.
  ///
  /// With `deferJUnitHashing`, a file whose first chunk (``chunkSize``) already shows a JUnit
  /// report and which is longer than that is not read further: its record has the size the file
  /// system gives and an empty `sha256`, for the caller to fill as it reads the file.
  package static func discover(roots: [String], deferJUnitHashing: Bool = false) -> [DiscoveredFile] {
    candidates(roots: roots).map { examine($0, deferJUnitHashing: deferJUnitHashing) }
  }

  /// Walks `roots` like ``discover(roots:deferJUnitHashing:)`` without opening any file: the
  /// files in the same stable order, each to be examined (on any thread) or settled already.
  package static func candidates(roots: [String]) -> [DiscoveryCandidate] {
    var files: [DiscoveryCandidate] = []
    for root in roots {
      let rootURL = URL(fileURLWithPath: root).standardizedFileURL
      let resolvedRoot = rootURL.resolvingSymlinksInPath()
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isDirectory) else {
        files.append(refused(root: root, path: "", url: rootURL, error: "no such file or folder"))
        continue
      }
      if isDirectory.boolValue {
        walk(resolvedRoot, relative: "", root: root, resolvedRoot: resolvedRoot, into: &files)
      } else {
        files.append(
          .toExamine(url: rootURL, root: root, path: rootURL.lastPathComponent, bytes: size(of: rootURL)))
      }
    }
    return files
  }

  /// Lists the files under `folder`. StateProof's own output is listed without being opened: every
  /// file under a folder holding its marker (`marked`, the reason, is passed down), and the
  /// screenshot copies named by their SHA-256 in `assets/` beside an `index.html` and a
  /// `report.json` (`inReportAssets`). The report's `report.json` and `junit.xml` themselves are
  /// recognised by their content wherever they lie.
  private static func walk(
    _ folder: URL, relative: String, root: String, resolvedRoot: URL,
    into files: inout [DiscoveryCandidate], marked: String? = nil, inReportAssets: Bool = false
  ) {
    guard let entries = DirectoryEntries.list(folder.path) else {
      files.append(refused(root: root, path: relative, url: folder, error: "cannot list the folder"))
      return
    }
    let names = Set(entries.map(\.name))
    let marked =
      marked ?? (names.contains(ReportMarker.fileName)
        ? "in a report folder StateProof wrote (it holds \(ReportMarker.fileName)); StateProof's own output is never evidence"
        : nil)
    let isReportFolder = names.isSuperset(of: ["index.html", "report.json"])
    for entry in entries {
      let name = entry.name
      let url = folder.appendingPathComponent(name)
      let path = relative.isEmpty ? name : relative + "/" + name
      guard entry.isUTF8 else {
        files.append(
          refused(
            root: root, path: path, url: url,
            error: "the file name is not valid UTF-8, so StateProof cannot open it by name; rename it"))
        continue
      }
      let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
      switch attributes?[.type] as? FileAttributeType {
      case .typeDirectory?:
        walk(
          url, relative: path, root: root, resolvedRoot: resolvedRoot, into: &files, marked: marked,
          inReportAssets: isReportFolder && name == ReportMarker.assetsFolder)
      case .typeRegular?:
        let bytes = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        if let reason = marked
          ?? (inReportAssets && ReportMarker.isAssetName(name)
            ? "a screenshot copy in a StateProof report's assets folder; StateProof's own output is never evidence"
            : nil)
        {
          files.append(
            .settled(DiscoveredFile(
              record: FileRecord(
                root: root, path: path, kind: .stateproofReport, bytes: bytes, sha256: "", status: .ignored,
                error: reason),
              url: url)))
        } else {
          files.append(.toExamine(url: url, root: root, path: path, bytes: bytes))
        }
      case .typeSymbolicLink?:
        let target = url.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        if !isInside(target, resolvedRoot) {
          files.append(
            refused(root: root, path: path, url: url, error: "a link that points outside the evidence root"))
        } else if !FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) {
          files.append(refused(root: root, path: path, url: url, error: "a link that leads nowhere"))
        } else if !isDirectory.boolValue {
          files.append(.toExamine(url: target, root: root, path: path, bytes: size(of: target)))
        } else {
          // Linked folders inside the root are reached by their own path; following them too
          // would read files twice or loop.
          files.append(
            .settled(DiscoveredFile(
              record: FileRecord(
                root: root, path: path, kind: .other, bytes: 0, sha256: "", status: .ignored,
                error: "a link to a folder inside the evidence root; its files are listed by their own path"),
              url: url)))
        }
      default:
        files.append(
          refused(root: root, path: path, url: url, error: "not a regular file (a pipe, socket or device)"))
      }
    }
  }

  private static func isInside(_ url: URL, _ root: URL) -> Bool {
    return PathBytes.isSame(url.path, orInside: root.path)
  }

  private static func refused(root: String, path: String, url: URL, error: String)
    -> DiscoveryCandidate
  {
    .settled(unreadable(root: root, path: path, url: url, error: error))
  }

  private static func unreadable(root: String, path: String, url: URL, error: String)
    -> DiscoveredFile
  {
    DiscoveredFile(
      record: FileRecord(
        root: root, path: path, kind: .other, bytes: 0, sha256: "", status: .unreadable,
        error: error),
      url: url)
  }

  private static func size(of url: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// How much of a file is read at a time.
  package static let chunkSize = 1 << 20

  /// Hashes the candidate's file in chunks (flat memory) while looking at its content to classify
  /// it; stops after the first chunk of a longer JUnit file when its hashing is deferred (see
  /// ``discover(roots:deferJUnitHashing:)``). A settled candidate is returned as it is.
  package static func examine(_ candidate: DiscoveryCandidate, deferJUnitHashing: Bool)
    -> DiscoveredFile
  {
    switch candidate {
    case .settled(let file): file
    case .toExamine(let url, let root, let path, _):
      examine(url: url, root: root, path: path, deferJUnitHashing: deferJUnitHashing)
    }
  }

  private static func examine(url: URL, root: String, path: String, deferJUnitHashing: Bool)
    -> DiscoveredFile
  {
    guard let handle = try? FileHandle(forReadingFrom: url) else {
      return unreadable(root: root, path: path, url: url, error: "cannot open the file")
    }
    defer { try? handle.close() }
    let hasher = SHA256()
    var sniffer = ContentSniffer(fileName: url.lastPathComponent)
    var bytes = 0
    do {
      while let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty {
        sniffer.feed(chunk)
        if deferJUnitHashing, bytes == 0, chunk.count == chunkSize, sniffer.kind == .junit {
          let size = Int(try handle.seekToEnd())
          let record = FileRecord(root: root, path: path, kind: .junit, bytes: size, sha256: "")
          return DiscoveredFile(record: record, url: url)
        }
        bytes += chunk.count
        chunk.withUnsafeBytes { hasher.update($0) }
      }
    } catch {
      return unreadable(root: root, path: path, url: url, error: "cannot read the file")
    }
    let record = FileRecord(
      root: root, path: path, kind: sniffer.kind, bytes: bytes, sha256: hasher.finalize())
    return DiscoveredFile(record: record, url: url)
  }
}
