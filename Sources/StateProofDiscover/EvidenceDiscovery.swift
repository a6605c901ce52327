import Foundation
import StateProofModel
import StateProofSystem
import StateProofEvidence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// system gives and no `sha256`, for the caller to fill as it reads the file.
  package static func discover(roots: [String], deferJUnitHashing: Bool = false) -> [DiscoveredFile] {
    candidates(roots: roots).map { examine($0, deferJUnitHashing: deferJUnitHashing) }
  }

  /// Walks `roots` like ``discover(roots:deferJUnitHashing:)`` without opening any file: the
  /// files in the same stable order, each to be examined (on any thread) or settled already.
  /// Each costs a few short strings, so 100,000 files stay a few megabytes.
  package static func candidates(roots: [String]) -> [DiscoveryCandidate] {
    var files: [DiscoveryCandidate] = []
    for root in roots {
      let rootURL = URL(fileURLWithPath: root).standardizedFileURL
      let resolvedRoot = rootURL.resolvingSymlinksInPath().path
      let location = rootURL.path
      let name = PathBytes.lastComponent(of: location)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: location, isDirectory: &isDirectory) else {
        files.append(refused(root: root, path: "", location: location, error: "no such file or folder"))
        continue
      }
      if isDirectory.boolValue, XCResultBundle.isBundle(at: location, name: name) {
        files.append(.settled(XCResultBundle.discovered(root: root, path: name, location: location)))
      } else if isDirectory.boolValue {
        walk(resolvedRoot, relative: "", root: root, resolvedRoot: resolvedRoot, into: &files)
      } else {
        files.append(
          .toExamine(
            folder: PathBytes.parent(of: location), name: name, root: root, path: name, bytes: size(of: location)))
      }
    }
    return files
  }

  /// Lists the files under `folder` (a file-system path), recursively. StateProof's own output is
  /// listed without being opened: every file under a folder holding its marker (`marked`, the
  /// reason, is passed down), and the screenshot copies named by their SHA-256 in `assets/`
  /// beside an `index.html` and a `report.json` (`inReportAssets`). The report's `report.json` and
  /// `junit.xml` themselves are recognised by their content wherever they lie.
  private static func walk(
    _ folder: String, relative: String, root: String, resolvedRoot: String,
    into files: inout [DiscoveryCandidate], marked: String? = nil, inReportAssets: Bool = false
  ) {
    guard let entries = DirectoryEntries.list(folder) else {
      files.append(refused(root: root, path: relative, location: folder, error: "cannot list the folder"))
      return
    }
    let names = Set(entries.map(\.name))
    let marked =
      marked
      ?? (names.contains(ReportMarker.fileName)
        ? "in a report folder StateProof wrote (it holds \(ReportMarker.fileName)); StateProof's own output is never evidence"
        : nil)
    let isReportFolder = names.isSuperset(of: ReportFolder.recognisedBy)
    for entry in entries {
      let name = entry.name
      let location = PathBytes.appending(name, to: folder)
      let path = relative.isEmpty ? name : relative + "/" + name
      guard entry.isUTF8 else {
        files.append(
          refused(
            root: root, path: path, location: location,
            error: "the file name is not valid UTF-8, so StateProof cannot open it by name; rename it"))
        continue
      }
      var status = stat()
      guard lstat(location, &status) == 0 else {
        files.append(refused(root: root, path: path, location: location, error: "cannot read the folder entry"))
        continue
      }
      switch status.st_mode & S_IFMT {
      case S_IFDIR where XCResultBundle.isBundle(at: location, name: name):
        // An Xcode result bundle (by its name, or by its files when an artifact download lost
        // the name) is read as one piece, never file by file.
        files.append(.settled(XCResultBundle.discovered(root: root, path: path, location: location)))
      case S_IFDIR:
        walk(
          location, relative: path, root: root, resolvedRoot: resolvedRoot, into: &files, marked: marked,
          inReportAssets: isReportFolder && name == ReportMarker.assetsFolder)
      case S_IFREG:
        if let reason = marked
          ?? (inReportAssets && ReportMarker.isAssetName(name)
            ? "a screenshot copy in a StateProof report's assets folder; StateProof's own output is never evidence"
            : nil)
        {
          files.append(
            .settled(
              DiscoveredFile(
                record: FileRecord(
                  root: root, path: path, kind: .stateproofReport, bytes: Int(status.st_size), sha256: nil,
                  status: .ignored, error: .notEvidence(reason)),
                url: URL(fileURLWithPath: location))))
        } else {
          files.append(.toExamine(folder: folder, name: name, root: root, path: path, bytes: Int(status.st_size)))
        }
      case S_IFLNK:
        let target = URL(fileURLWithPath: location).resolvingSymlinksInPath().path
        var isDirectory: ObjCBool = false
        if !PathBytes.isSame(target, orInside: resolvedRoot) {
          files.append(
            refused(root: root, path: path, location: location, error: "a link that points outside the evidence root"))
        } else if !FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) {
          files.append(refused(root: root, path: path, location: location, error: "a link that leads nowhere"))
        } else if !isDirectory.boolValue {
          // Whatever the link leads to, only a regular file is opened: `examine` checks the
          // opened descriptor, so a FIFO or device behind the link is refused, never read.
          files.append(
            .toExamine(
              folder: PathBytes.parent(of: target), name: PathBytes.lastComponent(of: target), root: root, path: path,
              bytes: size(of: target)))
        } else {
          // Linked folders inside the root are reached by their own path; following them too
          // would read files twice or loop.
          files.append(
            .settled(
              DiscoveredFile(
                record: FileRecord(
                  root: root, path: path, kind: .other, bytes: 0, sha256: nil, status: .ignored,
                  error: .notEvidence(
                    "a link to a folder inside the evidence root; its files are listed by their own path")),
                url: URL(fileURLWithPath: location))))
        }
      default:
        files.append(
          refused(
            root: root, path: path, location: location,
            error: RegularFileError.notRegular(kind: RegularFile.kind(of: status.st_mode)).description))
      }
    }
  }

  private static func refused(root: String, path: String, location: String, error: String)
    -> DiscoveryCandidate
  {
    .settled(unreadable(root: root, path: path, location: location, error: error))
  }

  private static func unreadable(root: String, path: String, location: String, error: String)
    -> DiscoveredFile
  {
    DiscoveredFile(
      record: FileRecord(
        root: root, path: path, kind: .other, bytes: 0, sha256: nil, status: .unreadable,
        error: .notOpened(error)),
      url: URL(fileURLWithPath: location))
  }

  /// The size `stat` gives (following links), or 0.
  private static func size(of location: String) -> Int {
    var status = stat()
    return stat(location, &status) == 0 ? Int(status.st_size) : 0
  }

  /// How much of a file is read at a time.
  package static let chunkSize = 1 << 20

  /// Hashes the candidate's file in chunks (flat memory) while looking at its content to classify
  /// it; stops after the first chunk of a longer JUnit file when its hashing is deferred (see
  /// ``discover(roots:deferJUnitHashing:)``). A settled candidate is returned as it is, but for
  /// a result bundle, given its tree's digest.
  package static func examine(_ candidate: DiscoveryCandidate, deferJUnitHashing: Bool)
    -> DiscoveredFile
  {
    switch candidate {
    case .settled(var file) where file.record.kind == .xcresultBundle:
      // Cited by its tree's digest. A bundle that has none (a link inside, a file that cannot be
      // read) is not read at all: what it holds could not be cited, and a link may lead anywhere.
      switch ResultBundleTree.digest(of: file.url.path) {
      case .success(let tree):
        (file.record.bytes, file.record.sha256) = (tree.bytes, tree.sha256)
      case .failure(let problem):
        file.record.status = .unreadable
        file.record.error = .notOpened(Self.unhashable(problem))
      }
      return file
    case .settled(let file): return file
    case .toExamine(let folder, let name, let root, let path, _):
      return examine(
        location: PathBytes.appending(name, to: folder), root: root, path: path,
        deferJUnitHashing: deferJUnitHashing)
    }
  }

  /// Why a result bundle is not read: the entry inside it that could not be hashed, named.
  static func unhashable(_ problem: ResultBundleTree.Problem) -> String {
    let entry = problem.path.isEmpty ? "the bundle" : "\(problem.path) inside the bundle"
    return
      "\(entry) cannot be hashed (\(problem.reason)); a result bundle is read only when every file in it is its own bytes, so it is not read"
  }

  /// Why a file has no hash when the crypto library failed on it: an auditor's inventory needs one.
  package static let hashFailure = "the crypto library failed to compute its SHA-256, so it cannot be cited"

  private static func examine(location: String, root: String, path: String, deferJUnitHashing: Bool)
    -> DiscoveredFile
  {
    let url = URL(fileURLWithPath: location)
    let file: RegularFile
    switch RegularFile.open(location) {
    case .success(let opened): file = opened
    case .failure(let error): return unreadable(root: root, path: path, location: location, error: "\(error)")
    }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    let hasher = SHA256()
    var sniffer = ContentSniffer(fileName: PathBytes.lastComponent(of: location))
    var bytes = 0
    while true {
      let count: Int
      switch file.read(into: buffer) {
      case .success(let read): count = read
      case .failure(let error):
        return unreadable(root: root, path: path, location: location, error: "\(error)")
      }
      if count == 0 { break }
      let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
      sniffer.feed(Data(chunk))
      if deferJUnitHashing, bytes == 0, count == chunkSize, sniffer.kind == .junit {
        let record = FileRecord(root: root, path: path, kind: .junit, bytes: file.size, sha256: nil)
        return DiscoveredFile(record: record, url: url)
      }
      bytes += count
      hasher.update(chunk)
    }
    guard let digest = hasher.finalize() else {
      return unreadable(root: root, path: path, location: location, error: Self.hashFailure)
    }
    sniffer.finish()
    let kind = sniffer.kind
    let reason = sniffer.otherReason
    let record = FileRecord(
      root: root, path: path, kind: kind, bytes: bytes, sha256: digest, status: reason == nil ? .read : .ignored,
      error: reason.map(FileError.notEvidence), format: sniffer.format)
    return DiscoveredFile(record: record, url: url)
  }
}
