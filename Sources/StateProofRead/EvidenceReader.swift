import Foundation
import StateProofJSON
import StateProofModel

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
      switch open(file) {
      case .success(let opened):
        let result =
          record.kind == .seedLog
          ? SeedLogReader.read(opened, from: file) : SeedRecordReader.read(opened, from: file)
        set.seeds = result.seeds
        set.problems = result.problems
      case .failure(let problem): set.problems.append(problem)
      }
      // The device its AGP folder names (as its records do), whether or not it held a line.
      record.devices = AndroidScreenshotPath.device(in: record.path).map { [$0] } ?? []
    case .screenshot:
      let device = AndroidScreenshotPath.device(in: record.path)
      switch contents(of: file, limit: imageHeaderBytes).flatMap({ data in
        ImageHeader.read(data).mapError { ReadProblem(location: file.location(), message: "\($0)") }
      }) {
      case .success(let header):
        // Discovery hashes every image whole; one without a hash could not be shown by it.
        guard let sha256 = record.sha256 else {
          set.problems.append(ReadProblem(location: file.location(), message: "the image was not hashed"))
          break
        }
        set.screenshots.append(
          Screenshot(
            location: file.location(), format: header.format, width: header.width,
            height: header.height, sha256: sha256, bytes: record.bytes, device: device))
      case .failure(let problem): set.problems.append(problem)
      }
      // The device its AGP folder names, whether or not the image could be read.
      record.devices = device.map { [$0] } ?? []
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
      record.error = record.error ?? .notEvidence("StateProof's own report output (a report.json or junit.xml it wrote), never evidence")
    case .config, .other:
      break
    }
    if let problem = set.problems.first {
      record.status = .unreadable
      record.error = .problem(problem)
    }
    set.files = [record]
    return set
  }

  /// Opens the file through the one boundary that admits only regular files.
  private static func open(_ file: DiscoveredFile) -> Result<RegularFile, ReadProblem> {
    RegularFile.open(file.url.path).mapError {
      ReadProblem(location: file.location(), message: "\($0)")
    }
  }

  /// Opens `file` through that boundary for `body`, which streams its descriptor; closed after.
  private static func withDescriptor<T>(of file: DiscoveredFile, _ body: (Int32) -> T) -> Result<T, ReadProblem> {
    open(file).map { opened in body(opened.descriptor) }
  }

  /// The first `limit` bytes of the file.
  private static func contents(of file: DiscoveredFile, limit: Int) -> Result<Data, ReadProblem> {
    open(file).flatMap { opened in
      opened.read(upTo: limit).mapError {
        ReadProblem(location: file.location(), message: "\($0)")
      }
    }
  }
}
