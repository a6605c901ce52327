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
    let entries = try entries(bundle: path, reportFolder: reportFolder, reportFiles: reportFiles, evidence: evidence)
    let target = try resolve(path)
    let parent = (target as NSString).deletingLastPathComponent
    let lock = try FolderLock(parent)
    defer { withExtendedLifetime(lock) {} }
    try validate(path, evidence: [], reportFolder: reportFolder)
    try StagingFolder.using(in: parent) { (staging) throws(StateProofError) in
      try pack(entries, into: staging + "/bundle.tar.gz", placedAt: target, named: path, time: time)
    }
  }

  /// Writes the archive at `archive` and renames it to `target` once complete.
  private static func pack(_ entries: [Entry], into archive: String, placedAt target: String, named path: String, time: Int)
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
      for entry in entries {
        switch entry.source {
        case nil: try writer.addDirectory(entry.name)
        case let (location, sha256)?: try pack(location, as: entry.name, expecting: sha256, into: writer)
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

  /// One archive entry: a folder (no source) or a file, where it is read and its SHA-256.
  private struct Entry {
    var name: String
    var source: (location: String, sha256: String?)?
  }

  /// Every entry, folders included, sorted by name's bytes. Names are keyed by their bytes
  /// (``PathKey``): two evidence files whose names differ only in Unicode normalisation are two
  /// entries.
  private static func entries(
    bundle: String, reportFolder: String, reportFiles: [String: String?], evidence: [FileRecord]
  ) throws(StateProofError) -> [Entry] {
    var files: [PathKey: (location: String, sha256: String?)] = [:]
    for (name, sha256) in reportFiles {
      files[PathKey(BundleLayout.reportFolder + "/" + name)] = (reportFolder + "/" + name, sha256)
    }
    var folders: [PathKey: String] = [:]
    var rootIsFolder: [PathKey: Bool] = [:]
    for file in evidence {
      guard let sha256 = file.sha256 else { continue }
      let folder = PathKey(BundleLayout.folder(forRoot: file.root))
      if let other = folders[folder], PathKey(other) != PathKey(file.root) {
        throw .bundle(path: bundle, reason: .sameFolder(first: other, second: file.root, folder: "\(folder)"))
      }
      folders[folder] = file.root
      if rootIsFolder[PathKey(file.root)] == nil {
        var isDirectory: ObjCBool = false
        rootIsFolder[PathKey(file.root)] = FileManager.default.fileExists(atPath: file.root, isDirectory: &isDirectory)
          && isDirectory.boolValue
      }
      let location = rootIsFolder[PathKey(file.root)] == true ? file.root + "/" + file.path : file.root
      let name = PathKey(BundleLayout.evidenceFolder + "/" + folder.text + "/" + file.path)
      if files.updateValue((location, sha256), forKey: name) != nil {
        throw .bundle(path: bundle, reason: .sameEntry(name: "\(name)"))
      }
    }
    for folder in folders.keys {
      if let outer = folders.keys.first(where: { $0 != folder && PathBytes.isSame(folder.text, orInside: $0.text) }) {
        throw .bundle(path: bundle, reason: .nestedEvidencePaths(inner: folders[folder]!, outer: folders[outer]!))
      }
    }
    var names = Set(files.keys)
    for name in files.keys {
      var parts = PathBytes.components(name.text).dropLast()
      while !parts.isEmpty {
        names.insert(PathKey(parts.joined(separator: "/")))
        parts = parts.dropLast()
      }
    }
    return names.sorted().map { Entry(name: $0.text, source: files[$0]) }
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
