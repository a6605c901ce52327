import Foundation
import StateProofModel

/// Reads one discovered file into typed evidence, by the kind discovery gave it. Problems become
/// values in the result and mark the file unreadable; nothing here throws or prints.
package enum EvidenceReader {
  /// The most of an image read to check its header.
  static let imageHeaderBytes = 64 * 1024
  /// The largest attachments manifest read; xcresulttool writes a few hundred bytes per attachment.
  static let manifestBytes = 64 << 20

  /// Reads `file`; of its test executions only those `keepTest` accepts are kept, and retries are
  /// folded as they stream, so a huge JUnit file reads in flat memory. `keepTest` decides from a
  /// test's classname and name alone: it is asked once for a run of executions of the same test
  /// (retries, repetitions). `mayKeep`, when given, rules test cases out from the bytes of their
  /// classname and name before any string is made (it must accept every case `keepTest` would
  /// keep). A JUnit file's bytes are also handed, chunk by chunk and all of them, to
  /// `observingBytes` (to hash the file in the same pass).
  package static func read(
    _ file: DiscoveredFile, defaultDevice: String? = nil,
    keepTest: @escaping (TestExecution) -> Bool = { _ in true },
    mayKeep: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil,
    observingBytes: ((UnsafeRawBufferPointer) -> Void)? = nil
  ) -> EvidenceSet {
    var set = EvidenceSet()
    var record = file.record
    switch record.kind {
    case .junit:
      var folding = RetryFolding()
      var last: (classname: String, name: String, kept: Bool)?
      let summary = JUnitReader.read(
        file, defaultDevice: defaultDevice, observingBytes: observingBytes, mayKeep: mayKeep
      ) { execution in
        let kept: Bool
        if let last, last.name == execution.name, last.classname == execution.classname {
          kept = last.kept
        } else {
          kept = keepTest(execution)
          last = (execution.classname, execution.name, kept)
        }
        if kept { folding.add(execution) }
      }
      if !summary.isTestReport { record.status = .ignored }
      set.tests = folding.executions
      set.incompleteRuns = summary.incompleteRuns
      set.problems = summary.problems
      record.devices = summary.devices
    case .seedLog, .seedRecord:
      switch contents(of: file) {
      case .success(let data):
        let result =
          record.kind == .seedLog
          ? SeedLogReader.read(data, from: file) : SeedRecordReader.read(data, from: file)
        set.seeds = result.seeds
        set.problems = result.problems
      case .failure(let problem): set.problems.append(problem)
      }
    case .screenshot:
      switch contents(of: file, limit: imageHeaderBytes).flatMap({ data in
        ImageHeader.read(data).mapError { ReadProblem(location: file.location(), message: "\($0)") }
      }) {
      case .success(let header):
        set.screenshots.append(
          Screenshot(
            location: file.location(), format: header.format, width: header.width,
            height: header.height, sha256: record.sha256, bytes: record.bytes,
            device: AndroidScreenshotPath.device(in: record.path)))
      case .failure(let problem): set.problems.append(problem)
      }
    case .attachmentManifest:
      switch contents(of: file, limit: manifestBytes + 1) {
      case .success(let data) where data.count > manifestBytes:
        set.problems.append(
          ReadProblem(location: file.location(), message: "larger than \(manifestBytes >> 20) MiB; not read"))
      case .success(let data):
        let manifest = AttachmentManifestReader.read(data, from: file)
        if !manifest.isManifest { record.status = .ignored }
        set.attachments = manifest.attachments
        set.problems = manifest.problems
      case .failure(let problem): set.problems.append(problem)
      }
    case .config, .other:
      break
    }
    if let problem = set.problems.first {
      record.status = .unreadable
      record.error = problem.description
    }
    set.files = [record]
    return set
  }

  private static func contents(of file: DiscoveredFile, limit: Int? = nil) -> Result<
    Data, ReadProblem
  > {
    do {
      let handle = try FileHandle(forReadingFrom: file.url)
      defer { try? handle.close() }
      let data = try limit.map { try handle.read(upToCount: $0) } ?? handle.readToEnd()
      return .success(data ?? Data())
    } catch {
      return .failure(
        ReadProblem(location: file.location(), message: "cannot read the file: \(error.localizedDescription)"))
    }
  }
}
