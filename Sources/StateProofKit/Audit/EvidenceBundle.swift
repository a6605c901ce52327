import Foundation
import StateProofArchive
import StateProofModel
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `report --bundle FILE.tar.gz`: the report folder under `report/` and every evidence file the
/// report hashed under `evidence/ROOT/` (``BundleLayout``), in one reproducible archive (sorted
/// entries, one time, owner 0): what was signed, archived whole, and checked again after
/// unpacking with `stateproof verify report evidence/ROOT`.
///
/// Every file is hashed again as it is packed and must have the SHA-256 the report (or
/// `SHA256SUMS`) gives it; otherwise the bundle is abandoned, since it would not verify. The
/// archive is written into a staging folder beside `FILE` and renamed into place when complete.
/// SPI: `report --bundle` checks its target before any evidence is read.
@_spi(CLI) public enum EvidenceBundle {
  /// The gzip comment every bundle carries: how an earlier bundle is told apart from a file
  /// StateProof must not overwrite.
  package static let comment = "StateProof evidence bundle"

  /// Refuses, before any evidence is read, a bundle whose folder is not there (or is not a
  /// folder StateProof can write in), or that would lie inside an evidence path or the report
  /// folder (when it is known yet), or replace anything but a bundle StateProof wrote.
  @_spi(CLI) public static func validate(_ path: String, evidence roots: [String], reportFolder: String?) throws(StateProofError) {
    let target = try resolve(path)
    let parent = (target as NSString).deletingLastPathComponent
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .bundle(path: path, reason: .noFolder(parent))
    }
    guard access(parent, W_OK | X_OK) == 0 else {
      throw .bundle(path: path, reason: .folderNotWritable(parent))
    }
    for root in roots {
      let rootPath = (try? RealPath.resolve(root)) ?? root
      if PathBytes.isSame(target, orInside: rootPath) {
        throw .bundle(path: path, reason: .insideEvidence(root: root))
      }
    }
    if let reportFolder, PathBytes.isSame(target, orInside: (try? RealPath.resolve(reportFolder)) ?? reportFolder) {
      throw .bundle(path: path, reason: .insideReportFolder(reportFolder))
    }
    var status = stat()
    guard lstat(target, &status) == 0 else { return }
    let header = ArchiveWriter<DescriptorSink>.header(comment: comment)
    let isBundle =
      (status.st_mode & S_IFMT) == S_IFREG
      && (try? RegularFile.open(target).get().read(upTo: header.count).get()).map { Array($0) == header } == true
    guard isBundle else {
      throw .bundle(path: path, reason: .notABundle)
    }
  }

  /// Writes the bundle (see the type's description).
  ///
  /// - Parameters:
  ///   - reportFiles: The report folder's files, relative to it, with their SHA-256 (nil for the
  ///     folder's marker, which has none recorded).
  ///   - evidence: The report's evidence files; those it could not hash are left out (there is
  ///     nothing to check them against).
  ///   - time: Every entry's modification time, in seconds since 1970.
  package static func write(
    to path: String, reportFolder: String, reportFiles: [String: String?], evidence: [FileRecord], time: Int
  ) throws(StateProofError) {
    let plan = try plan(bundle: path, reportFolder: reportFolder, reportFiles: reportFiles, evidence: evidence)
    let target = try resolve(path)
    let parent = (target as NSString).deletingLastPathComponent
    let lock = try FolderLock(parent)
    defer { withExtendedLifetime(lock) {} }
    try validate(path, evidence: [], reportFolder: reportFolder)
    try StagingFolder.using(in: parent) { (staging) throws(StateProofError) in
      try pack(plan, into: staging + "/bundle.tar.gz", placedAt: target, named: path, time: time)
    }
  }

  /// Writes the archive at `archive` and renames it to `target` once complete.
  private static func pack(_ plan: Plan, into archive: String, placedAt target: String, named path: String, time: Int)
    throws(StateProofError)
  {
    let descriptor = open(archive, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .write(path: archive, reason: .create(reason: String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    do throws(ArchiveError) {
      let writer = try ArchiveWriter(
        sink: DescriptorSink(writer: DescriptorWriter(descriptor: descriptor, name: path)), modificationTime: time,
        comment: comment)
      for entry in plan.order {
        switch entry {
        case .named(let index):
          let (name, source) = plan.named[index]
          switch source {
          case nil: try writer.addDirectory(name.text)
          case let (location, sha256)?: try pack(location, as: name.text, expecting: sha256, into: writer)
          }
        case .evidence(let index):
          let file = plan.evidence[plan.files[index].index]
          let root = plan.roots[plan.files[index].root]
          try pack(
            root.isFolder ? file.root + "/" + file.path : file.root, as: root.prefix + file.path,
            expecting: file.sha256, into: writer)
        }
      }
      _ = try writer.finish()
    } catch {
      throw .bundle(path: path, reason: .archive(reason: "\(error)"))
    }
    try InterruptCleanup.shared.uninterrupted { () throws(StateProofError) in
      guard rename(archive, target) == 0 else {
        throw .write(path: path, reason: .moveBundle(reason: String(cString: strerror(errno))))
      }
    }
  }

  /// Every entry of a bundle in the order of its name's bytes, folders included. Evidence files
  /// are held by their index in the report's list and named as they are packed, so a bundle of
  /// 1,000,000 files holds a number per file rather than its names and digests again.
  private struct Plan {
    /// Where an evidence path's files are packed (`evidence/FOLDER/`) and read (inside it when
    /// it is a folder, the path itself when it is a file).
    struct Root {
      var prefix: String
      var isFolder: Bool
    }

    /// A hashed evidence file: its index in ``evidence`` and its evidence path's in ``roots``.
    struct File {
      var index: Int
      var root: Int
    }

    /// One entry: one of ``named`` (a folder or a report file) or one of ``files``.
    enum Entry {
      case named(Int)
      case evidence(Int)
    }

    var evidence: [FileRecord]
    var roots: [Root]
    var files: [File]
    /// Folders (no source) and the report folder's files, with where each is read and its SHA-256.
    var named: [(name: PathKey, source: (location: String, sha256: String?)?)]
    var order: [Entry]
  }

  /// The bundle's entries (see ``Plan``). Names are compared by their bytes (``PathKey``): two
  /// evidence files whose names differ only in Unicode normalisation are two entries.
  private static func plan(
    bundle: String, reportFolder: String, reportFiles: [String: String?], evidence: [FileRecord]
  ) throws(StateProofError) -> Plan {
    // Each evidence path once: its folder in the bundle, refused when two share one or nest.
    var roots: [Plan.Root] = []
    var rootIndex: [PathKey: Int] = [:]
    var folders: [PathKey: String] = [:]
    var files: [Plan.File] = []
    for (index, file) in evidence.enumerated() where file.sha256 != nil {
      if let last = files.last, evidence[last.index].root.utf8.elementsEqual(file.root.utf8) {
        files.append(Plan.File(index: index, root: last.root))
        continue
      }
      if let known = rootIndex[PathKey(file.root)] {
        files.append(Plan.File(index: index, root: known))
        continue
      }
      let folder = PathKey(BundleLayout.folder(forRoot: file.root))
      if let other = folders[folder] {
        throw .bundle(path: bundle, reason: .sameFolder(first: other, second: file.root, folder: "\(folder)"))
      }
      folders[folder] = file.root
      var isDirectory: ObjCBool = false
      rootIndex[PathKey(file.root)] = roots.count
      files.append(Plan.File(index: index, root: roots.count))
      roots.append(
        Plan.Root(
          prefix: BundleLayout.evidenceFolder + "/" + folder.text + "/",
          isFolder: FileManager.default.fileExists(atPath: file.root, isDirectory: &isDirectory) && isDirectory.boolValue))
    }
    for folder in folders.keys {
      if let outer = folders.keys.first(where: { $0 != folder && PathBytes.isSame(folder.text, orInside: $0.text) }) {
        throw .bundle(path: bundle, reason: .nestedEvidencePaths(inner: folders[folder]!, outer: folders[outer]!))
      }
    }

    // The hashed evidence files in the order of their names' bytes (the report's order, but
    // for evidence paths whose folders sort otherwise); no two with one name.
    let name = { (file: Plan.File) in [roots[file.root].prefix.utf8, evidence[file.index].path.utf8].joined() }
    files.sort { lhs, rhs in
      let (left, right) = (name(lhs), name(rhs))
      return left.lexicographicallyPrecedes(right) || (left.elementsEqual(right) && lhs.index < rhs.index)
    }
    for (earlier, later) in zip(files, files.dropFirst()) where name(earlier).elementsEqual(name(later)) {
      throw .bundle(path: bundle, reason: .sameEntry(name: roots[later.root].prefix + evidence[later.index].path))
    }

    // The report's files, and every folder above an entry (once per folder of files, which
    // come in order).
    var named: [PathKey: (location: String, sha256: String?)?] = [:]
    for (file, sha256) in reportFiles {
      named[PathKey(BundleLayout.reportFolder + "/" + file)] = (reportFolder + "/" + file, sha256)
    }
    var folderNames: Set<PathKey> = []
    var lastFolder: ArraySlice<UInt8>?
    let addFolders = { (name: PathKey) in
      var parts = PathBytes.components(name.text).dropLast()
      while !parts.isEmpty {
        folderNames.insert(PathKey(parts.joined(separator: "/")))
        parts = parts.dropLast()
      }
    }
    for key in named.keys { addFolders(key) }
    for file in files {
      let key = PathKey(String(decoding: Array(name(file)), as: UTF8.self))
      let folder = key.bytes[..<(key.bytes.lastIndex(of: UInt8(ascii: "/")) ?? key.bytes.startIndex)]
      if folder == lastFolder { continue }
      lastFolder = folder
      addFolders(key)
    }
    for folder in folderNames where named[folder] == nil { named[folder] = .some(nil) }
    let sortedNamed = named.keys.sorted().map { ($0, named[$0]!) }

    // Both lists merged by name.
    var order: [Plan.Entry] = []
    order.reserveCapacity(sortedNamed.count + files.count)
    var (next, nextFile) = (0, 0)
    while next < sortedNamed.count || nextFile < files.count {
      if nextFile == files.count
        || (next < sortedNamed.count
          && sortedNamed[next].0.bytes.lexicographicallyPrecedes(name(files[nextFile])))
      {
        order.append(.named(next))
        next += 1
      } else {
        order.append(.evidence(nextFile))
        nextFile += 1
      }
    }
    return Plan(evidence: evidence, roots: roots, files: files, named: sortedNamed, order: order)
  }

  /// Packs one file, refusing one that is no longer the one the report recorded.
  private static func pack(
    _ location: String, as name: String, expecting sha256: String?, into writer: ArchiveWriter<DescriptorSink>
  ) throws(ArchiveError) {
    let file: RegularFile
    switch RegularFile.open(location) {
    case .success(let opened): file = opened
    case .failure(let error): throw .cannotRead(name: location, reason: error.description)
    }
    var source = HashingSource(file: file)
    try writer.addFile(name, size: file.size, from: &source)
    if let sha256, source.hasher.finalize() != sha256 {
      throw .cannotRead(
        name: location,
        reason: "it changed since the report read it (SHA-256 \(sha256) then); the bundle would not verify, so it was abandoned")
    }
  }

  private static func resolve(_ path: String) throws(StateProofError) -> String {
    do throws(PathProblem) {
      return try RealPath.resolve(path)
    } catch {
      throw .bundle(path: path, reason: .unresolvable(error))
    }
  }
}
