import Foundation
import StateProofJSON
import StateProofModel
import StateProofSystem
import StateProofEvidence

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads one discovered file into typed evidence, by the kind discovery gave it. Problems become
/// values in the result and mark the file unreadable; nothing here throws or prints.
package enum EvidenceReader {
  /// The most of an image read to check its header.
  package static let imageHeaderBytes = 64 * 1024

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
      let kept = KeptTests(keep: keepTest)
      let summary = JUnitReader.read(
        file, defaultDevice: defaultDevice, observingBytes: observingBytes, mayKeep: mayKeep, onExecution: kept.add)
      if summary.isTestReport {
        record.format = summary.dialect.rawValue
      } else {
        listAsNoTestReport(&record, summary)
      }
      // AGP and Spoon (ddmlib), Gradle and Marathon format their `timestamp` in UTC and write no zone.
      let utc = [.androidConnected, .spoon, .gradle, .marathon].contains(summary.dialect)
      let build = AndroidVariantPath.build(in: record.path)
      // Test Lab's retried attempt sits in a `-rerun_N` folder beside the first.
      let attempt = DevicePath.farmDevice(in: record.path).map { $0.attempt ?? 0 }
      set.tests = kept.executions.map { test in
        var test = test
        if utc { test.startedAt = test.startedAt?.readingNoZoneAsUTC() }
        test.build = build
        test.attempt = attempt
        return test
      }
      set.incompleteRuns = summary.incompleteRuns
      set.problems = summary.problems
      record.devices = summary.devices
      for identity in summary.deviceIdentities { set.hand(identity) }
      if summary.isTestReport {
        record.time =
          utc ? summary.time.flatMap { EvidenceSpan($0.times.map { $0.readingNoZoneAsUTC() }) } : summary.time
        record.builds = build.map { [$0] } ?? []
      }
    case .xcresultJSON:
      let kept = KeptTests(keep: keepTest)
      (set, _) = readXCResult(file, defaultDevice: defaultDevice, onExecution: kept.add)
      record = set.files[0]
      set.tests = kept.executions
    case .runnerRecord where record.format == RunnerRecordFormat.spoonResult:
      switch withDescriptor(of: file, { SpoonResultReader.read(FileDescriptorSource($0), from: file) }) {
      case .success(.devices(let devices)):
        record.devices = Array(Set(devices.map(\.device))).sorted()
        set.runnerSerials = devices
        for device in devices { set.hand(DeviceRule.of(.spoon).identity(spelled: device.device)) }
      case .success(.notSummary(let why)):
        record.kind = .other
        record.status = .ignored
        record.format = nil
        record.error = .notEvidence(why)
      case .success(.problem(let problem)), .failure(let problem): set.problems.append(problem)
      }
    case .runnerRecord:
      switch text(of: file, limit: MarathonRecordReader.maxBytes + 1) {
      case .success(let data) where data.count > MarathonRecordReader.maxBytes:
        set.problems.append(
          ReadProblem(
            location: file.location(),
            message: "larger than \(MarathonRecordReader.maxBytes >> 20) MiB; not a Marathon record"))
      case .success(let data):
        switch MarathonRecordReader.read(data, from: file) {
        case .record(let read):
          record.format = read.format
          record.devices = read.device.map { [$0] } ?? []
          set.hand(read.device.map { DeviceRule.of(.marathon).identity(spelled: $0) })
          if let execution = read.execution, keepTest(execution) { set.tests = [execution] }
        case .notRecord(let why):
          record.kind = .other
          record.status = .ignored
          record.error = .notEvidence(why)
        case .problem(let problem): set.problems.append(problem)
        }
      case .failure(let problem): set.problems.append(problem)
      }
    case .appManifest:
      // What the app declares: read whole or not at all (half a list would pass what it should not).
      let reading = AppFileReader.read(file)
      set.problems = reading.problems
      if let declared = reading.declarations {
        set.declarations = [declared]
        record.format =
          declared.source.rawValue + (reading.notes.isEmpty ? "" : " (\(reading.notes.joined(separator: "; ")))")
        record.builds = declared.build.map { [$0] } ?? []
      } else if reading.problems.isEmpty {
        record.status = .ignored
        record.error = .notEvidence(reading.notDeclarations ?? "no app declarations")
      }
    case .unsupported:
      record.status = .ignored
      record.error =
        record.error
        ?? .notEvidence("a known format StateProof does not read" + (record.format.map { " (\($0))" } ?? ""))
    case .xcresultBundle:
      // Nor is one discovery could not hash (a link inside) opened.
      guard record.status != .unreadable else { break }
      let (bundle, _) = readBundle(file, keepTest: keepTest)
      set = bundle
      record = bundle.files[0]
    case .seedLog, .seedRecord:
      switch open(file) {
      case .success(let opened):
        let result =
          record.kind == .seedLog
          ? SeedLogReader.read(opened, from: file) : SeedRecordReader.read(opened, from: file)
        set.seeds = result.seeds
        set.simulatorSeeds = result.simulatorSeeds
        // A file of iOS read-backs alone is the iOS platform's evidence.
        if !result.simulatorSeeds.isEmpty, result.seeds.isEmpty { record.format = SimulatorSeed.fileFormat }
        set.declarations = result.declarations
        set.problems = result.problems
        if !result.packages.isEmpty || !result.notFound.isEmpty {
          set.seedPackageBlocks = [
            SeedPackageBlocks(location: file.location(), packages: result.packages, notFound: result.notFound)
          ]
        }
      case .failure(let problem): set.problems.append(problem)
      }
      // The device its AGP folder names (as its records do), whether or not it held a line.
      let identity = AndroidScreenshotPath.identity(in: record.path)
      record.devices = identity.map { [$0.spelling] } ?? []
      set.hand(identity)
    case .screenshot:
      let identity = AndroidScreenshotPath.identity(in: record.path)
      let device = identity?.spelling
      set.hand(identity)
      switch contents(of: file, limit: imageHeaderBytes).flatMap({ data in
        Result { () throws(ImageHeader.Problem) in try ImageHeader.read(data) }
          .mapError { ReadProblem(location: file.location(), message: "\($0)") }
      }) {
      case .success(let header):
        record.format = header.format.rawValue
        // Discovery hashes every image whole; one without a hash could not be shown by it.
        guard let sha256 = record.sha256 else {
          set.problems.append(ReadProblem(location: file.location(), message: "the image was not hashed"))
          break
        }
        var shot = Screenshot(
          location: file.location(), format: header.format, width: header.width,
          height: header.height, sha256: sha256, bytes: record.bytes, device: device)
        shot.build = AndroidVariantPath.build(in: record.path)
        record.builds = shot.build.map { [$0] } ?? []
        set.screenshots.append(shot)
      case .failure(let problem): set.problems.append(problem)
      }
      // The device its AGP folder names, whether or not the image could be read.
      record.devices = device.map { [$0] } ?? []
    case .attachmentManifest:
      switch withDescriptor(of: file, { AttachmentManifestReader.read(textSource($0), from: file) }) {
      case .success(let manifest):
        if let why = manifest.notManifest {
          record.kind = .other
          record.status = .ignored
          record.error = .notEvidence(NotEvidenceReason.notAttachmentManifest(why))
        } else {
          record.format = "xcresulttool export attachments manifest"
        }
        set.attachments = manifest.attachments
        record.time = EvidenceSpan(manifest.attachments.compactMap(\.time))
        set.problems = manifest.problems
        record.devices = manifest.devices
        for device in manifest.devices { set.hand(DeviceRule.of(.xcresulttool).identity(spelled: device)) }
      case .failure(let problem): set.problems.append(problem)
      }
    case .stateproofReport:
      record.status = .ignored
      record.error =
        record.error
        ?? .notEvidence("StateProof's own report output (a report.json or junit.xml it wrote), never evidence")
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

  /// Lists a JUnit file that turned out to be no test report as ignored, with the reason: one
  /// with another root element is `other`, fastlane's lane report stays JUnit in its own format.
  package static func listAsNoTestReport(_ record: inout FileRecord, _ summary: JUnitFileSummary) {
    record.status = .ignored
    record.error = summary.notTestReport.map(FileError.notEvidence)
    if summary.notTestReport == NotEvidenceReason.fastlaneLanes {
      record.format = "fastlane-lanes"
    } else {
      record.kind = .other
    }
  }

  /// Reads a result bundle itself (``XCResultBundleReader``): the tests `keepTest` accepts, folded,
  /// its session-level stops and problems, and its record saying the format version, the Xcode
  /// version and the store it was read from; with the whole yield (its attachments, for the
  /// screenshots).
  package static func readBundle(_ file: DiscoveredFile, keepTest: @escaping (TestExecution) -> Bool = { _ in true })
    -> (set: EvidenceSet, yield: XCResultBundleYield)
  {
    var set = EvidenceSet()
    var record = file.record
    let yield = XCResultBundleReader.read(bundle: file.url.path, location: file.location())
    let kept = KeptTests(keep: keepTest)
    for attempt in yield.attempts { kept.add(attempt) }
    set.tests = kept.executions
    set.incompleteRuns = yield.incompleteRuns
    set.problems = yield.problems
    record.status = .read
    record.error = nil
    record.format = bundleFormat(yield)
    record.devices = yield.devices.compactMap(\.display)
    record.time = EvidenceSpan(yield.attachments.compactMap(\.time))
    if let problem = set.problems.first {
      record.status = .unreadable
      record.error = .problem(problem)
    } else if let reason = yield.missingLibrariesReason {
      record.status = .ignored
      record.error = .notEvidence("an Xcode result bundle, not read: \(reason)")
      record.format = "Xcode result bundle"
    }
    set.files = [record]
    return (set, yield)
  }

  /// `Xcode result bundle 3.56 (Xcode 26.1.1 (17B100)), read from its object graph`.
  static func bundleFormat(_ yield: XCResultBundleYield) -> String {
    "Xcode result bundle" + (yield.formatVersion.map { " \($0)" } ?? "")
      + (yield.xcodeVersion.map { " (Xcode \($0))" } ?? "") + ", read from its \(yield.store.rawValue)"
      + (yield.note.map { " (\($0))" } ?? "")
  }

  /// Reads an xcresulttool JSON file, handing every test execution to `onExecution` as its test
  /// case ends (none kept here): the evidence besides the tests, with the file's record (read,
  /// ignored as unsupported or as no xcresulttool output, or unreadable, saying why), and what
  /// the reader counted when the file could be opened.
  package static func readXCResult(
    _ file: DiscoveredFile, defaultDevice: String? = nil, onExecution: @escaping (TestExecution) -> Void
  ) -> (set: EvidenceSet, summary: XCResultFileSummary?) {
    var set = EvidenceSet()
    var record = file.record
    var read: XCResultFileSummary?
    let outcome = withDescriptor(of: file) { descriptor in
      XCResultReader.read(
        file, source: { rewind(descriptor) ? textSource(descriptor) : nil }, defaultDevice: defaultDevice,
        onExecution: onExecution)
    }
    switch outcome {
    case .success(let summary):
      apply(summary, to: &record, set: &set)
      read = summary
    case .failure(let problem): set.problems.append(problem)
    }
    if let problem = set.problems.first {
      record.status = .unreadable
      record.error = .problem(problem)
    }
    set.files = [record]
    return (set, read)
  }

  /// What an xcresulttool JSON file gave, into its record and the evidence: an unsupported
  /// command's output is listed with what to give instead, JSON that is no xcresulttool output
  /// after all is `other`.
  private static func apply(_ summary: XCResultFileSummary, to record: inout FileRecord, set: inout EvidenceSet) {
    set.problems = summary.problems
    guard let command = summary.command else {
      if summary.problems.isEmpty {
        record.kind = .other
        record.status = .ignored
        record.error = .notEvidence(NotEvidenceReason.notXCResultJSON)
      }
      return
    }
    record.xcresultCommand = command
    if let reason = command.unsupportedReason {
      record.kind = .unsupported
      record.status = .ignored
      record.error = .notEvidence(reason)
      set.problems = []
      return
    }
    record.devices = summary.devices
    for device in summary.devices { set.hand(DeviceRule.of(.xcresulttool).identity(spelled: device)) }
    record.time = summary.time
    set.activityAttachments = summary.attachments
    set.resultTotals = summary.totals.map { [$0] } ?? []
    if summary.strayRuns > 0 {
      set.problems.append(
        ReadProblem(
          location: EvidenceLocation(root: record.root, path: record.path),
          message:
            "\(summary.strayRuns) runs (Device, Arguments, Repetition … nodes) lie outside any test case; they prove nothing"
        ))
    }
  }

  /// Puts the descriptor back at the file's start, for a second pass.
  private static func rewind(_ descriptor: Int32) -> Bool {
    lseek(descriptor, 0, SEEK_SET) == 0
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

  /// The text of the open file `descriptor`, as UTF-8 (``TranscodedSource``).
  private static func textSource(_ descriptor: Int32) -> TranscodedSource<FileDescriptorSource> {
    TranscodedSource(FileDescriptorSource(descriptor))
  }

  /// The first `limit` bytes of the file's text, as UTF-8.
  private static func text(of file: DiscoveredFile, limit: Int) -> Result<Data, ReadProblem> {
    open(file).flatMap { opened in
      var source = textSource(opened.descriptor)
      var text = Data()
      var chunk = [UInt8](repeating: 0, count: 64 << 10)
      while text.count < limit {
        let wanted = min(chunk.count, limit - text.count)
        do throws(ByteSourceError) {
          let count = try chunk.withUnsafeMutableBytes { bytes in
            Result { () throws(ByteSourceError) in
              try source.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[..<wanted]))
            }
          }.get()
          if count == 0 { break }
          text.append(contentsOf: chunk[..<count])
        } catch {
          let problem = RegularFileError.cannotRead(reason: error.reason)
          return .failure(ReadProblem(location: file.location(), message: "\(problem)"))
        }
      }
      return .success(text)
    }
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
