import Foundation
import StateProofSystem
import StateProofDiscover
import StateProofMatch
import StateProofModel
import StateProofEvidence
import StateProofRead

/// The discover and read stages over every evidence path: typed evidence plus the image files
/// the report needs to copy.
package enum EvidenceCollector {
  package struct Collected: Sendable {
    package var evidence = EvidenceSet()
    /// Where each screenshot's bytes are, by SHA-256.
    package var images: [String: URL] = [:]
    /// Temporary folders holding what xcresulttool exported from result bundles: screenshots are
    /// still copied from there, so they are removed (``removeTemporaryFolders(_:)``) only once
    /// the report is written.
    package var temporaryFolders: [URL] = []
  }

  /// Removes the folders an export wrote (``Collected/temporaryFolders``); until then a signal
  /// that ends the run removes them (``InterruptCleanup``).
  package static func removeTemporaryFolders(_ folders: [URL]) {
    for folder in folders {
      try? FileManager.default.removeItem(at: folder)
      InterruptCleanup.shared.unregister(folder.path)
    }
  }

  /// What one walked file (or result bundle) gave: its record (a bundle's exports have theirs
  /// too), where its screenshots are, its evidence without records or problems, and the
  /// temporary folder of an export. Kept per file until all are read, so an ordinary file,
  /// which gives nothing but its record, holds an empty array for the rest.
  private struct Piece: Sendable {
    var record: FileRecord
    /// The file itself, when it is a screenshot.
    var url: URL?
    private var more: [More] = []

    private struct More: Sendable {
      var set = EvidenceSet()
      var exported: [FileRecord] = []
      var exportedImages: [String: URL] = [:]
      var folder: URL?
    }

    init(record: FileRecord, url: URL? = nil, set: EvidenceSet, folder: URL? = nil) {
      self.record = record
      self.url = url
      if !set.isEmpty || folder != nil { more = [More(set: set, folder: folder)] }
    }

    var set: EvidenceSet {
      get { more.first?.set ?? EvidenceSet() }
      set { withMore { $0.set = newValue } }
    }
    var exported: [FileRecord] {
      get { more.first?.exported ?? [] }
      set { withMore { $0.exported = newValue } }
    }
    var exportedImages: [String: URL] {
      get { more.first?.exportedImages ?? [:] }
      set { withMore { $0.exportedImages = newValue } }
    }
    var folder: URL? { more.first?.folder }

    private mutating func withMore(_ change: (inout More) -> Void) {
      if more.isEmpty { more = [More()] }
      change(&more[0])
    }
  }

  /// Reads every file under `paths`, keeping only the test executions `matcher` can use (and a
  /// bounded sample of near misses, for hints), and joins attachments manifests to the
  /// screenshots they exported.
  ///
  /// Files are examined and read on every core at once, biggest first; what each yields is
  /// merged in the walk's order (root, then path), so the result is the same as one file after
  /// another. `progress` hears of every file and of big JUnit files' bytes as they stream.
  package static func collect(
    paths: [String], matcher: CoverageMatcher, progress: (any ReadObserver)? = nil, xcresultTool: XCResultTool? = nil,
    maxAttachmentBytes: Int = AttachmentBudget.defaultBytes
  ) -> Collected {
    // What killed runs left in StateProof's private temporary folder goes first; never evidence.
    ScratchFolder.removeStale(keeping: paths)
    let budget = AttachmentBudget(total: maxAttachmentBytes)
    let candidates = EvidenceDiscovery.candidates(roots: paths)
    progress?.start(files: candidates.count, bytes: candidates.reduce(0) { $0 + $1.bytes })
    var collected = Collected()
    collected.evidence.files.reserveCapacity(candidates.count)
    ConcurrentMap.forEach(candidates, cost: \.bytes) { candidate in
      let file = EvidenceDiscovery.examine(candidate, deferJUnitHashing: true)
      var piece: Piece
      var native: XCResultBundleEvidence.Read?
      var nearMisses = NearMissSample()
      // A bundle that could not be hashed (a link inside) is not read, by either reader.
      let readable = file.record.status != .unreadable
      if readable, file.record.kind == .xcresultBundle {
        native = XCResultBundleEvidence.read(file, budget: budget) {
          matcher.policy.relevance.keep($0, nearMisses: &nearMisses)
        }
      }
      let hasXcrun = xcresultTool?.xcrun != nil
      if let native, !(native.readNothing && hasXcrun) {
        // Read natively; its screenshots are listed and copied like exported ones.
        var set = native.set
        set.nearMisses = nearMisses.tests
        piece = Piece(record: set.files.first ?? file.record, set: set, folder: native.folder)
        piece.set.files = []
        piece.set.problems = []
        piece.exported = native.attachmentFiles
        piece.exportedImages = native.images
        if let folder = native.folder { InterruptCleanup.shared.register(folder.path) }
        // On a Mac, xcresulttool reads it too: a disagreement is a finding.
        if hasXcrun, !native.readNothing, let xcresultTool,
          let disagreement = Self.compare(file, native: native.executions, tool: xcresultTool)
        {
          piece.set.xcresultDisagreements.append(disagreement)
        }
      } else if readable, file.record.kind == .xcresultBundle, let xcresultTool {
        // A bundle's exports are read like files found beside it; the bundle is listed first.
        // (Also a bundle StateProof's own reader could read nothing from: it says why.)
        let export = xcresultTool.export(file)
        if let folder = export.folder { InterruptCleanup.shared.register(folder.path) }
        piece = Piece(record: export.record, set: EvidenceSet(), folder: export.folder)
        if let why = native?.set.files.first?.error, export.record.status == .read {
          piece.record.format = (piece.record.format ?? "Xcode result bundle") + " (StateProof's own reader: \(why))"
        }
        for exported in export.files {
          let part = self.piece(
            EvidenceDiscovery.examine(exported, deferJUnitHashing: true), matcher: matcher, progress: nil)
          piece.exported.append(part.record)
          for shot in part.set.screenshots { piece.exportedImages[shot.sha256] = part.url }
          piece.set.merge(part.set)
        }
      } else {
        piece = self.piece(file, matcher: matcher, progress: progress)
      }
      progress?.finished(piece.record)
      return piece
    } consume: { piece in
      collected.evidence.files.append(piece.record)
      collected.evidence.files += piece.exported
      if let url = piece.url {
        for shot in piece.set.screenshots where collected.images[shot.sha256] == nil {
          collected.images[shot.sha256] = url
        }
      }
      for (sha, url) in piece.exportedImages.sorted(by: { $0.key < $1.key }) where collected.images[sha] == nil {
        collected.images[sha] = url
      }
      if let folder = piece.folder { collected.temporaryFolders.append(folder) }
      collected.evidence.merge(piece.set)
    }
    collected.evidence.nearMisses = matcher.policy.relevance.sample(nearMisses: collected.evidence.nearMisses)
    // Marathon's report per pool names no device; its records beside it do.
    collected.evidence.tests = MarathonJoin.join(collected.evidence)
    // Spoon's files name a device by its serial; its result.json beside them names it fully.
    collected.evidence = SpoonJoin.join(collected.evidence)
    // Attempts of one test on one device written to several files (Test Lab's `-rerun_N`
    // folders) are one execution, like retries within a file.
    collected.evidence.tests = RetryFolding.foldAcrossFiles(collected.evidence.tests)
    collected.evidence = AttachmentJoin.join(collected.evidence)
    return collected
  }

  /// xcresulttool's `tests` of a bundle StateProof read itself, compared with that reading.
  private static func compare(_ file: DiscoveredFile, native: [TestExecution], tool: XCResultTool)
    -> XCResultDisagreement?
  {
    let export = tool.export(file)
    defer { if let folder = export.folder { try? FileManager.default.removeItem(at: folder) } }
    // The export lists tests.json first.
    guard export.record.status == .read, let tests = export.files.first else { return nil }
    let json = EvidenceReader.read(EvidenceDiscovery.examine(tests, deferJUnitHashing: true)).tests
    return XCResultBundleEvidence.disagreement(native: native, tool: json, bundle: file.location())
  }

  /// Reads one examined file. Kept per file until all are read, so kept small: the record on its
  /// own, no problems (the record's `error` holds them, and that is what the report shows), and
  /// a URL only for images, which are copied later.
  private static func piece(_ file: DiscoveredFile, matcher: CoverageMatcher, progress: (any ReadObserver)?) -> Piece {
    let set = read(file, matcher: matcher, progress: progress)
    var kept = set
    kept.problems = []
    kept.files = []
    return Piece(record: set.files.first ?? file.record, url: set.screenshots.isEmpty ? nil : file.url, set: kept)
  }

  /// Every file under `paths` in the walk's order, each examined (hashed and classified) only
  /// when the sequence reaches it, so just the walk's list is held: the discovery
  /// ``collect(paths:matcher:progress:)`` runs on every core, one file at a time. With
  /// `deferJUnitHashing`, a long JUnit file is left for ``read(_:matcher:progress:)`` to hash as
  /// it streams.
  package static func files(paths: [String], deferJUnitHashing: Bool) -> some Sequence<DiscoveredFile> {
    EvidenceDiscovery.candidates(roots: paths).lazy.map {
      EvidenceDiscovery.examine($0, deferJUnitHashing: deferJUnitHashing)
    }
  }

  /// Reads one examined file as every command does: an unreadable one is not opened again; a
  /// JUnit file discovery left unhashed is hashed as it streams; with a `matcher`, only the test
  /// executions it can use are kept (and a sample of near misses), else every one.
  package static func read(_ file: DiscoveredFile, matcher: CoverageMatcher? = nil, progress: (any ReadObserver)? = nil)
    -> EvidenceSet
  {
    if file.record.status == .unreadable { return EvidenceSet(files: [file.record]) }
    if file.record.kind == .junit, file.record.sha256 == nil {
      return readHashing(file, matcher: matcher, progress: progress)
    }
    var nearMisses = NearMissSample()
    let relevance = matcher?.policy.relevance
    var set = EvidenceReader.read(
      file, keepTest: { relevance?.keep($0, nearMisses: &nearMisses) ?? true }, mayKeep: relevance?.mayBeRelevant)
    set.nearMisses = nearMisses.tests
    progress?.read(bytes: file.record.bytes)
    return set
  }

  /// Reads a JUnit file discovery left unhashed, hashing it on a second thread as it streams. The
  /// hash is kept only when every byte discovery counted was read; otherwise the record keeps no
  /// hash.
  private static func readHashing(
    _ file: DiscoveredFile, matcher: CoverageMatcher?, progress: (any ReadObserver)?
  ) -> EvidenceSet {
    let hasher = BackgroundHasher()
    var bytes = 0
    var nearMisses = NearMissSample()
    let relevance = matcher?.policy.relevance
    var set = EvidenceReader.read(
      file, keepTest: { relevance?.keep($0, nearMisses: &nearMisses) ?? true }, mayKeep: relevance?.mayBeRelevant,
      observingBytes: { chunk in
        hasher.update(chunk)
        bytes += chunk.count
        progress?.read(bytes: chunk.count)
      })
    set.nearMisses = nearMisses.tests
    switch hasher.finalize() {
    case let digest? where bytes == file.record.bytes:
      for index in set.files.indices { set.files[index].sha256 = digest }
    case nil:
      for index in set.files.indices {
        set.files[index].status = .unreadable
        set.files[index].error = .notOpened(EvidenceDiscovery.hashFailure)
      }
    default:
      break
    }
    return set
  }
}
