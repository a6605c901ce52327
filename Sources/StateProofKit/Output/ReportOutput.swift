import Foundation
import StateProofModel
import StateProofSystem
import StateProofDiscover

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a report folder so that no file StateProof did not write is ever lost, and a reader
/// never sees half a report.
///
/// - A new folder is written beside its place under a staging name and renamed into place whole.
/// - A folder StateProof wrote before (its ``ReportMarker`` lists the files) is updated in place:
///   the new files are staged inside it and renamed over the old ones one by one, the old files
///   the new report does not have are removed, and every other file there is kept. Renames stay
///   inside the folder, so this also works when it is a mount point (a container volume).
/// - Any other folder that is not empty is refused, before any evidence is read and again under
///   the lock.
///
/// Runs writing into the same folder take turns (``FolderLock``); staging folders go when the run
/// ends, by error or by SIGINT, SIGTERM or SIGHUP (``InterruptCleanup``), and those a crashed run
/// left are removed by the next one (``StagingFolder``).
package struct ReportOutput {
  /// The folder as the user named it.
  package let destination: URL
  private let evidenceRoots: [String]
  private var files: [(name: String, data: Data)] = []
  private var copies: [(name: String, source: URL, sha256: String)] = []
  /// Files written straight into place as they are produced, never held whole (report.json).
  private var streamed: [(name: String, write: (DescriptorWriter) throws(StateProofError) -> Void)] = []
  /// Files made from the SHA-256s of all the others (the attestation), written after them, as
  /// they are produced.
  private var derived: [(name: String, write: (ReportDigests, DescriptorWriter) throws(StateProofError) -> Void)] = []

  package init(destination: URL, evidenceRoots: [String]) {
    self.destination = destination.standardizedFileURL
    self.evidenceRoots = evidenceRoots
  }

  package mutating func add(_ name: String, _ data: Data) { files.append((name, data)) }

  /// Adds `format`'s file: its bytes, or its chunks written into place as they are made.
  package mutating func add(_ format: ReportFormat, _ made: FormatOutput) {
    switch made {
    case .whole(let data): add(format.fileName, data)
    case .chunked(let make):
      add(format.fileName) { (writer: DescriptorWriter) throws(StateProofError) in
        try make { (chunk: Data) throws(StateProofError) in try writer.write(chunk) }
      }
    }
  }

  /// Adds `name`, whose bytes `write` produces into the given writer when the folder is written.
  package mutating func add(
    _ name: String, streaming write: @escaping (DescriptorWriter) throws(StateProofError) -> Void
  ) {
    streamed.append((name, write))
  }

  /// Adds `name`, made from the SHA-256 of every file added before (``ReportDigests``) once they
  /// are written, its bytes written into the given writer as they are produced.
  package mutating func add(
    _ name: String, fromDigests write: @escaping (ReportDigests, DescriptorWriter) throws(StateProofError) -> Void
  ) {
    derived.append((name, write))
  }

  /// Copies the screenshot at `source` into the report as `name`; the copy must have the
  /// SHA-256 the report shows for it.
  package mutating func copy(_ source: URL, as name: String, sha256: String) {
    copies.append((name, source, sha256))
  }

  /// The files the report folder will hold, relative to it: those added, the copies, and
  /// `SHA256SUMS` listing the SHA-256 of all the others.
  package var names: [String] {
    files.map(\.name) + streamed.map(\.name) + copies.map(\.name) + derived.map(\.name) + [ReportDigests.fileName]
  }

  /// Each file's SHA-256 (`SHA256SUMS`'s list) once ``commit()`` wrote them.
  package private(set) var digests = ReportDigests([:])

  /// Refuses, before any evidence is read, a destination that is or holds evidence, or that
  /// holds files StateProof did not write.
  package func validate() throws(StateProofError) {
    _ = try OutputFolder.inspect(try target())
  }

  /// The destination resolved through links, checked against the evidence paths.
  private func target() throws(StateProofError) -> String {
    let target: String
    do throws(PathProblem) {
      target = try RealPath.resolve(destination.path)
    } catch {
      throw .outputFolder(path: destination.path, reason: .unresolvable(error))
    }
    for root in evidenceRoots {
      let rootPath = (try? RealPath.resolve(root)) ?? URL(fileURLWithPath: root).standardizedFileURL.path
      if PathBytes.isSame(target, orInside: rootPath) {
        throw .outputFolder(path: destination.path, reason: .insideEvidence(root: root))
      }
      if PathBytes.isSame(rootPath, orInside: target) {
        throw .outputFolder(path: destination.path, reason: .holdsEvidence(root: root))
      }
    }
    return target
  }

  /// Writes everything into place (see the type's description). `beforePlacing`, when given,
  /// runs once every file is written and hashed in the staging folder (its path, the digests, and
  /// the folder this holds locked), before anything is placed: when it throws, the report folder
  /// is left as it was.
  package mutating func commit(
    beforePlacing: ((_ staging: String, _ digests: ReportDigests, _ locked: String) throws(StateProofError) -> Void)? =
      nil
  ) throws(StateProofError) {
    let target = try target()
    let parent = PathBytes.parent(of: target)
    do {
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
    } catch {
      throw .write(path: parent, reason: .create(reason: error.localizedDescription))
    }
    let lock = try FolderLock(parent)
    defer { withExtendedLifetime(lock) {} }
    let state = try OutputFolder.inspect(target)
    let roots = evidenceRoots.map { (try? RealPath.resolve($0)) ?? $0 }
    StagingFolder.removeStale(in: parent, keeping: roots)
    let written: ReportDigests
    switch state {
    case .absent:
      written = try StagingFolder.using(in: parent) { (staging) throws(StateProofError) in
        try fill(staging, locked: parent, beforePlacing: beforePlacing) { () throws(StateProofError) in
          try writeMarker(ReportMarker(version: StateProof.version, files: names), into: staging)
          try InterruptCleanup.shared.uninterrupted { () throws(StateProofError) in
            guard rename(staging, target) == 0 else {
              throw .write(path: target, reason: .moveReport(reason: String(cString: strerror(errno))))
            }
            InterruptCleanup.shared.unregister(staging)
          }
        }
      }
    case .report(let old):
      StagingFolder.removeStale(in: target, keeping: roots)
      try checkNoConflicts(names, old: old, in: target)
      written = try StagingFolder.using(in: target) { (staging) throws(StateProofError) in
        try fill(staging, locked: parent, beforePlacing: beforePlacing) { () throws(StateProofError) in
          try InterruptCleanup.shared.uninterrupted { () throws(StateProofError) in
            try replace(old: old, new: names, in: target, from: staging)
          }
        }
      }
    }
    digests = written
  }

  /// Writes every file into the staging folder, hashes them, runs `beforePlacing` on the
  /// folder as it will be placed (its marker included), then `place`.
  private func fill(
    _ staging: String, locked: String,
    beforePlacing: ((String, ReportDigests, String) throws(StateProofError) -> Void)?,
    place: () throws(StateProofError) -> Void
  ) throws(StateProofError) -> ReportDigests {
    do {
      for (name, data) in files {
        try makeFolders(for: name, in: staging)
        try data.write(to: URL(fileURLWithPath: staging + "/" + name))
      }
      for (name, write) in streamed {
        try makeFolders(for: name, in: staging)
        try Self.stream(to: staging + "/" + name, write)
      }
      for name in copies.map(\.name) { try makeFolders(for: name, in: staging) }
    } catch let error as StateProofError {
      throw error
    } catch {
      throw .write(path: destination.path, reason: .writeReport(reason: error.localizedDescription))
    }
    // Thousands of screenshots: copied on every core, the first failure (in list order) reported.
    let failures = ConcurrentMap.map(copies, cost: { _ in 0 }) { name, source, sha256 in
      Result { () throws(StateProofError) in
        try HashedCopy.copy(source, to: staging + "/" + name, expecting: sha256)
      }
    }
    for case .failure(let error) in failures { throw error }
    let digests = try digest(staging)
    if let beforePlacing {
      try writeMarker(ReportMarker(version: StateProof.version, files: names), into: staging)
      try beforePlacing(staging, digests, locked)
    }
    try place()
    return digests
  }

  /// Hashes what was written (bytes held in memory as they are, streamed files as staged, copies
  /// as they were copied), writes the files made from the digests, then `SHA256SUMS` listing
  /// every file but itself.
  private func digest(_ staging: String) throws(StateProofError) -> ReportDigests {
    var digests = ReportDigests([:])
    for (name, data) in files {
      digests.digests[name] = try Self.sha256(of: data, name)
    }
    for name in streamed.map(\.name) {
      switch SHA256.file(at: staging + "/" + name) {
      case .success(let digest): digests.digests[name] = digest.sha256
      case .failure(let error): throw .write(path: staging, reason: .hash(name: name, reason: "\(error)"))
      }
    }
    for copy in copies { digests.digests[copy.name] = copy.sha256 }
    for (name, write) in derived {
      try Self.stream(to: staging + "/" + name) { (writer: DescriptorWriter) throws(StateProofError) in
        try write(digests, writer)
      }
      switch SHA256.file(at: staging + "/" + name) {
      case .success(let digest): digests.digests[name] = digest.sha256
      case .failure(let error): throw .write(path: staging, reason: .hash(name: name, reason: "\(error)"))
      }
    }
    try write(digests.text, to: staging + "/" + ReportDigests.fileName)
    return digests
  }

  private static func sha256(of data: Data, _ name: String) throws(StateProofError) -> String {
    guard let sha256 = SHA256.hex(of: data) else { throw .hashFailed(file: name) }
    return sha256
  }

  private func write(_ data: Data, to path: String) throws(StateProofError) {
    do {
      try data.write(to: URL(fileURLWithPath: path))
    } catch {
      throw .write(path: path, reason: .write(reason: error.localizedDescription))
    }
  }

  /// Creates the new file `path` and lets `write` fill it.
  private static func stream(
    to path: String, _ write: (DescriptorWriter) throws(StateProofError) -> Void
  ) throws(StateProofError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .write(path: path, reason: .create(reason: String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    try write(DescriptorWriter(descriptor: descriptor, name: path))
  }

  /// The in-place update: the marker first lists old and new files (so a crash part-way leaves
  /// a folder the next run still recognises), then each new file replaces its old one, then the
  /// old files the new report lacks go, then the marker lists the new files alone.
  private func replace(old: Set<String>, new: [String], in target: String, from staging: String)
    throws(StateProofError)
  {
    try writeMarker(ReportMarker(version: StateProof.version, files: Array(old.union(new))), into: staging)
    try move(ReportMarker.fileName, from: staging, to: target)
    // In commit order (ReportFolder.CommitStep): assets first and the page last, so it never
    // refers to an image not yet there.
    for name in new.sorted(by: { placementOrder($0) < placementOrder($1) }) {
      try makeFolders(for: name, in: target)
      try move(name, from: staging, to: target)
    }
    for name in old.subtracting(new) {
      // Never through a link: `assets` replaced by a link to elsewhere keeps what it points at.
      let parts = PathBytes.components(name)
      let throughFolders = (1..<parts.count).allSatisfy { depth in
        var status = stat()
        return lstat(target + "/" + parts.prefix(depth).joined(separator: "/"), &status) == 0
          && (status.st_mode & S_IFMT) == S_IFDIR
      }
      var status = stat()
      let path = target + "/" + name
      if throughFolders, lstat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR { unlink(path) }
    }
    // Emptied by the removals above; kept when it holds anything else.
    rmdir(target + "/" + ReportMarker.assetsFolder)
    try writeMarker(ReportMarker(version: StateProof.version, files: new), into: staging)
    try move(ReportMarker.fileName, from: staging, to: target)
  }

  private func placementOrder(_ name: String) -> (Int, String) {
    (ReportFolder.commitStep(of: name).rawValue, name)
  }

  /// Refuses an in-place update that would overwrite a file the marker does not list, or write
  /// into something that is not a folder.
  private func checkNoConflicts(_ names: [String], old: Set<String>, in target: String) throws(StateProofError) {
    for name in names {
      let parts = PathBytes.components(name)
      for depth in 1...parts.count {
        let relative = parts.prefix(depth).joined(separator: "/")
        let isFile = depth == parts.count
        var status = stat()
        guard lstat(target + "/" + relative, &status) == 0 else { break }
        let isFolder = (status.st_mode & S_IFMT) == S_IFDIR
        if isFile ? (isFolder || !old.contains(relative)) : !isFolder {
          throw .outputFolder(path: destination.path, reason: .foreignFile(relative))
        }
      }
    }
  }

  private func move(_ name: String, from staging: String, to target: String) throws(StateProofError) {
    guard rename(staging + "/" + name, target + "/" + name) == 0 else {
      throw .write(path: target, reason: .move(name: name, reason: String(cString: strerror(errno))))
    }
  }

  /// Creates the folders `name` (a path relative to `base`) lies in, one level at a time, so a
  /// staging folder removed meanwhile (by a signal) is not created again.
  private func makeFolders(for name: String, in base: String) throws(StateProofError) {
    var path = base
    for part in PathBytes.components(name).dropLast() {
      path += "/" + part
      guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
        throw .write(path: path, reason: .create(reason: String(cString: strerror(errno))))
      }
    }
  }

  private func writeMarker(_ marker: ReportMarker, into folder: String) throws(StateProofError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      try (encoder.encode(marker) + Data("\n".utf8)).write(
        to: URL(fileURLWithPath: folder + "/" + ReportMarker.fileName))
    } catch {
      throw .write(path: folder, reason: .writeMarker(reason: error.localizedDescription))
    }
  }
}
