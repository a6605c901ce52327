import Foundation
import StateProofDiscover
import StateProofModel
import StateProofEvidence
import StateProofRead
import StateProofSystem

/// A result bundle read by StateProof itself: its tests (``EvidenceReader/readBundle(_:keepTest:)``)
/// and its attachments. Each attachment's bytes are streamed from `Data/` (never held whole),
/// hashed and recognised by their magic bytes, since the name and type a bundle gives lie (HEIC
/// labelled PNG). An image becomes a screenshot attached to its test, with the run's device and
/// the time it was taken, listed in the inventory under the bundle (`….xcresult/Data/data.<id>`);
/// any other attachment is listed with its test and why it proves nothing. An image stored
/// zstd-compressed is written, decoded, into a temporary folder for the report to copy; one
/// stored as is is copied from the bundle.
enum XCResultBundleEvidence {
  struct Read {
    /// The bundle's tests, screenshots, stops and problems; `files` holds the bundle's record.
    var set: EvidenceSet
    /// The attachments' records, after the bundle's.
    var attachmentFiles: [FileRecord] = []
    /// Where each screenshot's bytes are, by SHA-256.
    var images: [String: URL] = [:]
    /// The temporary folder holding decoded images, when one was needed.
    var folder: URL?
    /// Every execution read, kept or not (to compare with xcresulttool's reading).
    var executions: [TestExecution] = []
    /// Whether the bundle gave nothing but problems (no Info.plist, no store it could read).
    var readNothing: Bool { executions.isEmpty && !(set.files.first?.error == nil) }
  }

  /// The most an attachment may decode to.
  static let payloadLimit = 1 << 30

  static func read(
    _ file: DiscoveredFile, budget: AttachmentBudget = AttachmentBudget(), keepTest: @escaping (TestExecution) -> Bool
  ) -> Read {
    var (set, yield) = EvidenceReader.readBundle(file, keepTest: keepTest)
    if let reason = yield.missingLibrariesReason {
      // What to install, or what to run on a Mac instead.
      let path = XCResultBundle.displayPath(root: file.record.root, path: file.record.path)
      set.files[0].error = .notEvidence(XCResultBundle.notRead(path: path, reason: reason))
    }
    var read = Read(set: set)
    read.executions = yield.executions
    if !yield.storeDisagreements.isEmpty {
      read.set.xcresultDisagreements.append(
        XCResultDisagreement(
          bundle: file.location(), tests: Array(yield.storeDisagreements.prefix(10)),
          count: yield.storeDisagreements.count,
          withDatabase: true))
    }
    var done: [String: Payload?] = [:]
    let bundle = file.url.path
    for attachment in yield.attachments {
      guard let id = attachment.payloadID else { continue }
      let payload: Payload?
      if let known = done[id] {
        payload = known
      } else {
        payload = Self.payload(id, bundle: bundle, budget: budget, into: &read)
        done[id] = payload
        read.attachmentFiles.append(Self.record(for: attachment, payload: payload, id: id, bundle: file.record))
      }
      guard let payload, let header = payload.header,
        !AttachmentRecord.automaticNames.contains(attachment.name ?? "")
      else { continue }
      var shot = Screenshot(
        location: EvidenceLocation(root: file.record.root, path: Self.path(of: id, in: file.record)),
        format: header.format, width: header.width, height: header.height, sha256: payload.sha256,
        bytes: payload.bytes, device: attachment.device, attachmentName: attachment.name,
        testIdentifier: attachment.testIdentifier)
      shot.time = attachment.time
      read.set.screenshots.append(shot)
    }
    return read
  }

  /// What one payload held.
  struct Payload {
    var sha256: String
    var bytes: Int
    /// Its image header, when it is an image.
    var header: ImageHeader?
    var problem: String?
    /// Why what looks like an image is not taken as one (its size says otherwise).
    var implausible: String?
    /// The bundle lacks the bytes altogether (kept with only its database).
    var isMissing = false
  }

  /// Whether an image of `header`'s size can take `bytes`: at most 8 bytes a pixel (16-bit RGBA,
  /// uncompressed) and 16 MiB of metadata. A small image claiming more is a bomb or a lie.
  static func isPlausible(_ header: ImageHeader, bytes: Int) -> Bool {
    bytes <= header.width * header.height * 8 + (16 << 20)
  }

  /// `….xcresult/Data/data.<id>`: where an attachment lies, relative to the evidence root.
  static func path(of id: String, in bundle: FileRecord) -> String {
    bundle.path + "/Data/data." + id
  }

  /// Streams payload `id` once: hashes it, reads its header from the first 64 KiB, and writes a
  /// compressed image decoded into the temporary folder.
  private static func payload(_ id: String, bundle: String, budget: AttachmentBudget, into read: inout Read) -> Payload?
  {
    let hasher = SHA256()
    var head = Data()
    var compressed = false
    var output: FileHandle?
    var outputURL: URL?
    var folder = read.folder
    // Decoded bytes come out of the run's budget, chunk by chunk; past it nothing more is
    // decoded (the limit) or written, and the attachment is left out.
    let available = budget.remaining
    var overBudget = false
    let result = XCResultBundleReader.payload(
      bundle: bundle, id: id, limit: min(payloadLimit, available), compressed: { compressed = $0 },
      sink: { chunk in
        if compressed, !overBudget, !budget.take(chunk.count) { overBudget = true }
        if overBudget {
          try? output?.close()
          output = nil
          return
        }
        hasher.update(chunk)
        if head.count < EvidenceReader.imageHeaderBytes {
          head.append(contentsOf: chunk.prefix(EvidenceReader.imageHeaderBytes - head.count))
        }
        guard compressed, Self.mayBeImage(head) else { return }
        if output == nil {
          if folder == nil { folder = Self.makeFolder() }
          guard let folder else { return }
          let url = folder.appendingPathComponent(id)
          guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: url)
          else { return }
          output = handle
          outputURL = url
          // What came before this chunk is in `head`, all of it (an image's start is small).
          let before = head.count - min(chunk.count, head.count)
          if before > 0 { handle.write(head.prefix(before)) }
        }
        output?.write(Data(chunk))
      })
    try? output?.close()
    read.folder = folder
    let cutShort = if case .failure(let error) = result { error.isTooLarge } else { false }
    if overBudget || (cutShort && available < payloadLimit) {
      if let outputURL { try? FileManager.default.removeItem(at: outputURL) }
      return Payload(
        sha256: "", bytes: 0, header: nil,
        problem:
          "left out: decoding it would pass the run's budget of \(budget.total) bytes of decoded attachments (--max-attachment-bytes); nothing of it was written"
      )
    }
    guard case .success(let bytes) = result, let sha256 = hasher.finalize() else {
      if let outputURL { try? FileManager.default.removeItem(at: outputURL) }
      let reason = if case .failure(let error) = result { error.description } else { "it could not be hashed" }
      let missing = if case .failure(let error) = result { error.isMissing } else { false }
      return Payload(sha256: "", bytes: 0, header: nil, problem: reason, isMissing: missing)
    }
    var header = try? ImageHeader.read(head)
    // A screenshot is an image of the size it declares: a 100×100 "PNG" of a gigabyte is not one.
    var implausible: String?
    if let declared = header, !isPlausible(declared, bytes: bytes) {
      implausible =
        "its header declares a \(declared.format.rawValue) image of \(declared.width)×\(declared.height) pixels, which cannot take \(bytes) bytes: not a screenshot"
      header = nil
    }
    if header != nil, read.images[sha256] == nil {
      read.images[sha256] = compressed ? outputURL : URL(fileURLWithPath: bundle + "/Data/data." + id)
    } else if let outputURL, header == nil || read.images[sha256] != nil {
      try? FileManager.default.removeItem(at: outputURL)
    }
    return Payload(sha256: sha256, bytes: bytes, header: header, implausible: implausible)
  }

  /// PNG, JPEG or an ISO media file (HEIC): worth writing out while it streams.
  private static func mayBeImage(_ head: Data) -> Bool {
    guard head.count >= 12 else { return true }
    let bytes = [UInt8](head.prefix(12))
    return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) || bytes.starts(with: [0xFF, 0xD8, 0xFF])
      || bytes[4..<8].elementsEqual("ftyp".utf8)
  }

  private static func makeFolder() -> URL? {
    // In this run's locked scratch folder, so a later run removes it if this one is killed.
    guard let folder = try? ScratchFolder.make("xcresult") else { return nil }
    InterruptCleanup.shared.register(folder.path)
    return folder
  }

  /// The inventory entry of one attachment: an image read as a screenshot, or anything else
  /// listed with its test and why it proves nothing.
  private static func record(
    for attachment: XCResultBundleAttachment, payload: Payload?, id: String, bundle: FileRecord
  ) -> FileRecord {
    let path = path(of: id, in: bundle)
    let what = [
      attachment.name.map { "attachment \"\($0)\"" } ?? "an attachment",
      attachment.testIdentifier.map { "of \($0)" }, attachment.device.map { "on \($0)" },
      attachment.time.map { "at \($0)" },
    ].compactMap(\.self).joined(separator: " ")
    if let payload, payload.isMissing {
      return FileRecord(
        root: bundle.root, path: path, kind: .other, bytes: 0, sha256: nil, status: .ignored,
        error: .notEvidence(
          "\(what), whose bytes the bundle does not keep (\(payload.problem ?? "missing")): it proves nothing"),
        devices: attachment.device.map { [$0] } ?? [])
    }
    guard let payload, payload.problem == nil else {
      return FileRecord(
        root: bundle.root, path: path, kind: .screenshot, bytes: 0, sha256: nil, status: .unreadable,
        error: .notOpened("\(what), whose bytes could not be read: \(payload?.problem ?? "unknown")"),
        devices: attachment.device.map { [$0] } ?? [])
    }
    guard let header = payload.header else {
      if let implausible = payload.implausible {
        return FileRecord(
          root: bundle.root, path: path, kind: .other, bytes: payload.bytes, sha256: payload.sha256, status: .ignored,
          error: .notEvidence("\(what) in the result bundle: \(implausible); it proves nothing"),
          devices: attachment.device.map { [$0] } ?? [])
      }
      return FileRecord(
        root: bundle.root, path: path, kind: .other, bytes: payload.bytes, sha256: payload.sha256, status: .ignored,
        error: .notEvidence(
          "\(what) in the result bundle, \(attachment.uniformType.map { "typed \($0), " } ?? "")not an image: it proves nothing"
        ),
        devices: attachment.device.map { [$0] } ?? [], format: attachment.uniformType)
    }
    var record = FileRecord(
      root: bundle.root, path: path, kind: .screenshot, bytes: payload.bytes, sha256: payload.sha256,
      devices: attachment.device.map { [$0] } ?? [], format: header.format.rawValue)
    if AttachmentRecord.automaticNames.contains(attachment.name ?? "") {
      record.status = .ignored
      record.error = .notEvidence("\(what): XCTest's automatic attachment, never evidence")
    }
    record.time = attachment.time.map { EvidenceSpan(from: $0, to: $0) }
    return record
  }

  /// How `native` (this reader's executions of a bundle) and `tool` (xcresulttool's `tests` of the
  /// same bundle) differ, test by test: one without the other, or another outcome. Nil when they
  /// agree.
  static func disagreement(native: [TestExecution], tool: [TestExecution], bundle: EvidenceLocation)
    -> XCResultDisagreement?
  {
    let key = XCResultBundleYield.key
    let mine = Dictionary(native.map { (key($0), $0.outcome) }, uniquingKeysWith: { first, _ in first })
    let theirs = Dictionary(tool.map { (key($0), $0.outcome) }, uniquingKeysWith: { first, _ in first })
    var differing: [String] = []
    for name in Set(mine.keys).union(theirs.keys).sorted() where mine[name] != theirs[name] {
      let own = mine[name].map(\.rawValue) ?? "absent"
      let tool = theirs[name].map(\.rawValue) ?? "absent"
      differing.append("\(name): \(own) in the bundle, \(tool) by xcresulttool")
    }
    guard !differing.isEmpty else { return nil }
    return XCResultDisagreement(bundle: bundle, tests: Array(differing.prefix(10)), count: differing.count)
  }
}
