import Foundation
import StateProofJSON
import StateProofModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one discovered file into typed evidence, by the kind discovery gave it. Problems become
/// values in the result and mark the file unreadable; nothing here throws or prints.
package enum EvidenceReader {
  /// The most of an image read to check its header.
  static let imageHeaderBytes = 64 * 1024

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
      switch withDescriptor(of: file, { AttachmentManifestReader.read(JSONFileDescriptor($0), from: file) }) {
      case .success(let manifest):
        if !manifest.isManifest { record.status = .ignored }
        set.attachments = manifest.attachments
        set.problems = manifest.problems
        record.devices = manifest.devices
      case .failure(let problem): set.problems.append(problem)
      }
    case .stateproofReport:
      record.status = .ignored
      record.error = record.error ?? "StateProof's own report output (a report.json or junit.xml it wrote), never evidence"
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

  /// Opens `file` read-only for `body`, which streams it, and closes it after.
  private static func withDescriptor<T>(of file: DiscoveredFile, _ body: (Int32) -> T) -> Result<T, ReadProblem> {
    let descriptor = open(file.url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      return .failure(ReadProblem(location: file.location(), message: "cannot read the file: \(reason)"))
    }
    defer { close(descriptor) }
    return .success(body(descriptor))
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
