import Foundation
import StateProofArchive
import StateProofDiscover
import StateProofModel
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `report --bundle FILE.tar.gz`: the report folder under `report/` and every evidence file the
/// report hashed under `evidence/ROOT/` (``BundleLayout``), each result bundle whole and raw, in
/// one reproducible archive (sorted entries, one time, owner 0): what was signed, archived
/// whole, and checked again after unpacking with `stateproof verify report evidence/ROOT`.
///
/// Every file is hashed again as it is packed and must have the SHA-256 the report (or
/// `SHA256SUMS`) gives it (a result bundle, its tree's: ``ResultBundleTree``); otherwise the
/// bundle is abandoned, since it would not verify. The archive is written into a staging folder
/// beside `FILE` and renamed into place when complete.
/// SPI: `report --bundle` checks its target before any evidence is read.
@_spi(CLI) public enum EvidenceBundle {
  /// The gzip comment every bundle carries: how an earlier bundle is told apart from a file
  /// StateProof must not overwrite.
  package static let comment = "StateProof evidence bundle"

  /// Refuses, before any evidence is read, a bundle whose folder is not there (or is not a
  /// folder StateProof can write in), or that would lie inside an evidence path or the report
  /// folder (when it is known yet), or replace anything but a bundle StateProof wrote. SPI: the
  /// command line checks `--bundle` against its report folder before any evidence is read.
  @_spi(CLI) public static func validate(_ path: String, evidence roots: [String], reportFolder: String?)
    throws(StateProofError)
  {
    guard !PathBytes.namesFolder(path) else { throw .bundle(path: path, reason: .namesFolder) }
    let target = try resolve(path)
    let parent = PathBytes.parent(of: target)
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
  ///   - templates: The templates the report was made with, by their names in the bundle
  ///     (``BundleLayout/templatesFolder``), with their bytes.
  ///   - evidence: The report's evidence files; those it could not hash are left out (there is
  ///     nothing to check them against), but for result bundles, packed whole.
  ///   - time: Every entry's modification time, in seconds since 1970.
  package static func write(
    to path: String, reportFolder: String, reportFiles: [String: String?], templates: [String: Data] = [:],
    evidence: [FileRecord], time: Int, locked: String? = nil
  ) throws(StateProofError) {
    let plan = try plan(
      bundle: path, reportFolder: reportFolder, reportFiles: reportFiles, templates: templates, evidence: evidence)
    let target = try resolve(path)
    let parent = PathBytes.parent(of: target)
    // The folder the caller already holds locked (the report's, when the bundle is beside it)
    // is not locked again: a second lock from this process would wait for the first.
    let heldByCaller = locked.map { ((try? RealPath.resolve($0)) ?? $0).utf8.elementsEqual(parent.utf8) } ?? false
    let lock = heldByCaller ? nil : try FolderLock(parent)
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
      let trees = plan.resultBundles.map { _ in SHA256() }
      for entry in plan.order {
        switch entry {
        case .named(let index):
          let (name, source) = plan.named[index]
          switch source {
          case .folder: try writer.addDirectory(name.text)
          case .file(let location, let sha256): try pack(location, as: name.text, expecting: sha256, into: writer)
          case .bytes(let data):
            var bytes = MemoryBytes(data)
            try writer.addFile(name.text, size: data.count, from: &bytes)
          }
        case .evidence(let index):
          let root = plan.roots[plan.files[index].root]
          switch plan.files[index].source {
          case .evidence(let index):
            let file = plan.evidence[index]
            try pack(
              root.isFolder ? file.root + "/" + file.path : file.root, as: root.prefix + file.path,
              expecting: file.sha256, into: writer)
          case .member(let index):
            let member = plan.members[index]
            let location = plan.resultBundles[member.bundle].folder + "/" + member.member
            let packed = try pack(location, as: root.prefix + member.path, expecting: nil, into: writer)
            ResultBundleTree.add(path: member.member, sha256: packed ?? "", to: trees[member.bundle])
          }
        }
      }
      // Each result bundle as packed, against the digest of its tree the report recorded.
      for (bundle, tree) in zip(plan.resultBundles, trees) {
        guard let recorded = plan.evidence[bundle.record].sha256 else { continue }
        let packed = tree.finalize()
        guard packed == recorded else {
          throw .cannotRead(
            name: bundle.folder,
            reason: changed(
              "its files changed since the report read them (SHA-256 \(recorded) of its tree then, \(packed ?? "none") now)"
            ))
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

    /// A file packed, under its evidence path's folder (its index in ``roots``).
    struct File {
      var source: Source
      var root: Int
    }

    /// A hashed evidence file (its index in ``evidence``) or a file of a result bundle (its
    /// index in ``members``).
    enum Source {
      case evidence(Int)
      case member(Int)
    }

    /// A file of a result bundle: its path under its evidence path's folder in the archive, the
    /// bundle (its index in ``resultBundles``) and its path in the bundle's folder.
    struct Member {
      var path: String
      var bundle: Int
      var member: String
    }

    /// One entry: one of ``named`` (a folder or a report file) or one of ``files``.
    enum Entry {
      case named(Int)
      case evidence(Int)
    }

    var evidence: [FileRecord]
    var roots: [Root]
    var files: [File]
    var members: [Member]
    /// Each result bundle's folder, where its files are read, and its record's index in
    /// ``evidence`` (which holds its tree's digest).
    var resultBundles: [(folder: String, record: Int)]
    /// Folders, the report folder's files (with where each is read and its SHA-256) and the
    /// templates (their bytes).
    var named: [(name: PathKey, source: Named)]

    enum Named {
      case folder
      case file(location: String, sha256: String?)
      case bytes(Data)
    }
    var order: [Entry]
  }

  /// The bundle's entries (see ``Plan``). Names are compared by their bytes (``PathKey``): two
  /// evidence files whose names differ only in Unicode normalisation are two entries.
  private static func plan(
    bundle: String, reportFolder: String, reportFiles: [String: String?], templates: [String: Data],
    evidence: [FileRecord]
  ) throws(StateProofError) -> Plan {
    // Each evidence path once: its folder in the bundle, refused when two share one or nest.
    var roots: [Plan.Root] = []
    var rootIndex: [PathKey: Int] = [:]
    var folders: [PathKey: String] = [:]
    var lastRoot: (name: String, index: Int)?
    func root(of file: FileRecord) throws(StateProofError) -> Int {
      if let lastRoot, lastRoot.name.utf8.elementsEqual(file.root.utf8) { return lastRoot.index }
      if let known = rootIndex[PathKey(file.root)] {
        lastRoot = (file.root, known)
        return known
      }
      let folder = PathKey(BundleLayout.folder(forRoot: file.root))
      if let other = folders[folder] {
        throw .bundle(path: bundle, reason: .sameFolder(first: other, second: file.root, folder: "\(folder)"))
      }
      folders[folder] = file.root
      var isDirectory: ObjCBool = false
      rootIndex[PathKey(file.root)] = roots.count
      lastRoot = (file.root, roots.count)
      roots.append(
        Plan.Root(
          prefix: BundleLayout.evidenceFolder + "/" + folder.text + "/",
          isFolder: FileManager.default.fileExists(atPath: file.root, isDirectory: &isDirectory)
            && isDirectory.boolValue))
      return roots.count - 1
    }

    // The hashed evidence files, and each result bundle once: the records the report made of its
    // files (they come after its own, as the report lists by path) are packed as its members.
    var files: [Plan.File] = []
    var resultBundles: [(folder: String, record: Int, root: Int, path: String)] = []
    var resultBundleKeys: Set<PathKey> = []
    let key = { (root: String, path: String) in PathKey(root + "\u{0}" + path) }
    for (index, file) in evidence.enumerated() {
      if file.kind == .xcresultBundle {
        let folder = XCResultBundle.displayPath(root: file.root, path: file.path)
        resultBundleKeys.insert(key(file.root, file.path))
        // The bundle's files under its own folder, or right under the evidence path's when the
        // evidence path is the bundle.
        resultBundles.append(
          (folder, index, try root(of: file), folder.utf8.elementsEqual(file.root.utf8) ? "" : file.path + "/"))
        continue
      }
      if !resultBundleKeys.isEmpty {
        var parts = PathBytes.components(file.path).dropLast()
        var inside = false
        while !parts.isEmpty, !inside {
          inside = resultBundleKeys.contains(key(file.root, parts.joined(separator: "/")))
          parts = parts.dropLast()
        }
        // A file of the bundle is packed with it; any other (what xcresulttool exported from
        // it) is made again by verify's reading of the unpacked bundle.
        if inside { continue }
      }
      if file.sha256 != nil { files.append(Plan.File(source: .evidence(index), root: try root(of: file))) }
    }
    for folder in folders.keys {
      if let outer = folders.keys.first(where: { $0 != folder && PathBytes.isSame(folder.text, orInside: $0.text) }) {
        throw .bundle(path: bundle, reason: .nestedEvidencePaths(inner: folders[folder]!, outer: folders[outer]!))
      }
    }
    var members: [Plan.Member] = []
    for (index, resultBundle) in resultBundles.enumerated() {
      for member in try resultBundleFiles(resultBundle.folder, bundle: bundle) {
        files.append(Plan.File(source: .member(members.count), root: resultBundle.root))
        members.append(Plan.Member(path: resultBundle.path + member, bundle: index, member: member))
      }
    }

    // Every file in the order of its name's bytes (the report's order, but for evidence paths
    // whose folders sort otherwise, and result bundles' files); no two with one name.
    let path = { (file: Plan.File) -> String in
      switch file.source {
      case .evidence(let index): evidence[index].path
      case .member(let index): members[index].path
      }
    }
    let rank = { (file: Plan.File) -> Int in
      switch file.source {
      case .evidence(let index): index
      case .member(let index): evidence.count + index
      }
    }
    let name = { (file: Plan.File) in [roots[file.root].prefix.utf8, path(file).utf8].joined() }
    files.sort { lhs, rhs in
      let (left, right) = (name(lhs), name(rhs))
      return left.lexicographicallyPrecedes(right) || (left.elementsEqual(right) && rank(lhs) < rank(rhs))
    }
    for (earlier, later) in zip(files, files.dropFirst()) where name(earlier).elementsEqual(name(later)) {
      throw .bundle(path: bundle, reason: .sameEntry(name: roots[later.root].prefix + path(later)))
    }

    // The report's files, and every folder above an entry (once per folder of files, which
    // come in order).
    var named: [PathKey: Plan.Named] = [:]
    for (file, sha256) in reportFiles {
      named[PathKey(BundleLayout.reportFolder + "/" + file)] = .file(
        location: reportFolder + "/" + file, sha256: sha256)
    }
    for (name, data) in templates { named[PathKey(name)] = .bytes(data) }
    var folderNames: Set<PathKey> = []
    var lastFolder: ArraySlice<UInt8>?
    let addFolders = { (folder: ArraySlice<UInt8>) in
      var parts = PathBytes.components(String(decoding: folder, as: UTF8.self))[...]
      while !parts.isEmpty {
        folderNames.insert(PathKey(parts.joined(separator: "/")))
        parts = parts.dropLast()
      }
    }
    let folderOf = { (key: PathKey) in
      key.bytes[..<(key.bytes.lastIndex(of: UInt8(ascii: "/")) ?? key.bytes.startIndex)]
    }
    for key in named.keys { addFolders(folderOf(key)) }
    // A result bundle's folder even when it holds no file.
    for resultBundle in resultBundles {
      addFolders(folderOf(PathKey(roots[resultBundle.root].prefix + resultBundle.path)))
    }
    for file in files {
      let folder = folderOf(PathKey(String(decoding: Array(name(file)), as: UTF8.self)))
      if folder == lastFolder { continue }
      lastFolder = folder
      addFolders(folder)
    }
    for folder in folderNames where named[folder] == nil { named[folder] = .folder }
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
    return Plan(
      evidence: evidence, roots: roots, files: files, members: members,
      resultBundles: resultBundles.map { ($0.folder, $0.record) },
      named: sortedNamed, order: order)
  }

  /// Every regular file of the result bundle at `folder`, relative to it.
  ///
  /// - Throws: for a link, a device or other special entry, a name `sha256sum` would not print as
  ///   it is, or a folder that cannot be listed: packing around it would change what the unpacked
  ///   bundle reads as, and a link's target may lie outside the evidence.
  private static func resultBundleFiles(_ folder: String, bundle: String) throws(StateProofError) -> [String] {
    switch ResultBundleTree.files(in: folder) {
    case .success(let files): return files
    case .failure(let problem):
      let member = problem.path.isEmpty ? folder : folder + "/" + problem.path
      throw .bundle(path: bundle, reason: .resultBundleMember(member: member, reason: problem.reason))
    }
  }

  /// Packs one file, refusing one that is no longer the one the report recorded (when `sha256`
  /// is given); returns the SHA-256 of the bytes packed.
  @discardableResult
  private static func pack(
    _ location: String, as name: String, expecting sha256: String?, into writer: ArchiveWriter<DescriptorSink>
  ) throws(ArchiveError) -> String? {
    let file: RegularFile
    switch RegularFile.open(location) {
    case .success(let opened): file = opened
    case .failure(let error): throw .cannotRead(name: location, reason: error.description)
    }
    var source = HashingSource(file: file)
    try writer.addFile(name, size: file.size, from: &source)
    let packed = source.hasher.finalize()
    if let sha256, packed != sha256 {
      throw .cannotRead(name: location, reason: changed("it changed since the report read it (SHA-256 \(sha256) then)"))
    }
    return packed
  }

  /// Why a file packed is not the one the report recorded, said whole.
  private static func changed(_ why: String) -> String {
    why + "; the bundle would not verify, so it was abandoned"
  }

  private static func resolve(_ path: String) throws(StateProofError) -> String {
    do throws(PathProblem) {
      return try RealPath.resolve(path)
    } catch {
      throw .bundle(path: path, reason: .unresolvable(error))
    }
  }
}
