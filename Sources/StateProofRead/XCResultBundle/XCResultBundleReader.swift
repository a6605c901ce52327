import Foundation
import StateProofModel
import StateProofSystem

/// Reads a `*.xcresult` folder as one piece of evidence, without Apple's tools: `Info.plist`
/// (format version, root id), then the object graph in `Data/` (``XCResultGraphReader``), and
/// the Xcode version its session log names. A version or shape the reader does not know is a
/// problem naming it, never a silent zero. The graph needs libzstd and the database SQLite, both
/// opened at run time: a bundle is read through whichever store this machine can read, or not at
/// all, naming what to install (``XCResultBundleYield/missingLibraries``).
package enum XCResultBundleReader {

  /// Reads the bundle at `bundle`; `location` is the bundle as evidence (root and path).
  package static func read(bundle: String, location: EvidenceLocation) -> XCResultBundleYield {
    var yield = XCResultBundleYield(store: .objectGraph)
    let info: XCResultInfo
    switch XCResultInfo.read(bundle: bundle, location: location) {
    case .success(let read): info = read
    case .failure(let problem):
      yield.problems.append(problem)
      return yield
    }
    yield.formatVersion = info.version
    if !info.isKnown {
      yield.problems.append(
        ReadProblem(
          location: location,
          message:
            "format version \(info.version), which the reader does not know (it knows \(XCResultInfo.known.major).\(XCResultInfo.known.minor.lowerBound) to \(XCResultInfo.known.major).\(XCResultInfo.known.minor.upperBound)); what it read is listed, but check it with `xcrun xcresulttool`"
        ))
    }
    guard let rootID = info.rootID else {
      yield.problems.append(ReadProblem(location: location, message: "Info.plist names no root object (rootId)"))
      return yield
    }
    let store = XCResultStore(bundle: bundle)
    let hasDatabase = FileManager.default.fileExists(atPath: bundle + "/database.sqlite3")
    guard Zstd.isAvailable else {
      // Without libzstd the object graph cannot be read: the database, where there is one.
      guard hasDatabase, SQLiteDatabase.isAvailable else {
        yield.missingLibraries = hasDatabase ? [.zstd, .sqlite] : [.zstd]
        return yield
      }
      var read = fromDatabase(bundle: bundle, location: location, version: yield)
      read.note = "libzstd is not installed here, so the tests were read from database.sqlite3"
      return read
    }
    guard store.contains(rootID) else {
      guard hasDatabase else {
        yield.problems.append(
          ReadProblem(
            location: location,
            message:
              "Data/ lacks the root object Data/data.\(rootID.prefix(24))… and the bundle has no database.sqlite3: there is nothing to read"
          ))
        return yield
      }
      // The record's format says the tests came from the database.
      guard SQLiteDatabase.isAvailable else {
        yield.missingLibraries = [.sqlite]
        return yield
      }
      return fromDatabase(bundle: bundle, location: location, version: yield)
    }
    var graph = XCResultGraphReader(store: store, location: location, formatVersion: info.version)
    graph.read(rootID: rootID)
    // A graph that refers to records `Data/` lacks is cut short; the database xcresulttool
    // built holds the whole run, and is read instead when it reads cleanly.
    if let first = graph.missing.first, hasDatabase, SQLiteDatabase.isAvailable {
      var fromDatabase = fromDatabase(bundle: bundle, location: location, version: yield)
      if fromDatabase.problems.count == yield.problems.count, !fromDatabase.attempts.isEmpty {
        let more = graph.missing.count > 1 ? " and \(graph.missing.count - 1) more" : ""
        fromDatabase.note =
          "its object graph refers to Data/data.\(first.prefix(24))…\(more), which the bundle lacks, so the tests were read from database.sqlite3"
        return fromDatabase
      }
    }
    var read = graph.yield
    read.problems = yield.problems + read.problems
    // Xcode 16 and later write the run twice, as the graph and as the database: both are
    // the bundle's word, so where they differ on a test's result, the worse one counts. A
    // database that could not be checked leaves the graph's word unconfirmed: a problem, since
    // the database may hold the failure the graph lacks.
    if hasDatabase {
      if SQLiteDatabase.isAvailable {
        let database = XCResultDatabaseReader.read(bundle: URL(fileURLWithPath: bundle), location: location)
        if let problem = database.problems.first {
          read.problems.append(
            ReadProblem(
              location: location,
              message:
                "its database.sqlite3 could not be read to check the object graph's results (\(problem.message)), so neither store proves anything"
            ))
        } else {
          read.reconcile(withDatabase: database.attempts)
        }
      } else {
        read.problems.append(
          ReadProblem(
            location: location,
            message:
              "its database.sqlite3 was not checked against the object graph: that needs SQLite (\(OptionalLibrary.sqlite.package)), which is not installed here, and the database may hold a failure the graph lacks; install it and run again"
          ))
      }
    }
    read.xcodeVersion = XCResultXcodeVersion.find(in: store, diagnostics: graph.diagnostics)
    return read
  }

  /// A bundle whose `Data/` lacks its root, read from the `database.sqlite3` xcresulttool built.
  private static func fromDatabase(bundle: String, location: EvidenceLocation, version: XCResultBundleYield)
    -> XCResultBundleYield
  {
    let reading = XCResultDatabaseReader.read(bundle: URL(fileURLWithPath: bundle), location: location)
    var yield = XCResultBundleYield(store: .database, formatVersion: version.formatVersion)
    yield.problems = version.problems + reading.problems
    yield.xcodeVersion = reading.xcodeVersion
    yield.attempts = reading.attempts
    yield.devices = reading.devices.map(\.device)
    yield.incompleteRuns = reading.incompleteRuns
    yield.attachments = reading.attachments
    return yield
  }

  /// Why an attachment's bytes could not be read.
  package struct PayloadError: Error, Sendable, CustomStringConvertible {
    package var description: String
    /// The bundle has no such file (one kept with only its database has none).
    package var isMissing = false
    /// More than the limit came out.
    package var isTooLarge = false
  }

  /// Streams the bytes of the attachment payload `id` (`Data/data.<id>` in `bundle`), decoded, to
  /// `sink`, never more than `limit`, telling `compressed` first whether the file holds them as a
  /// zstd frame (else the file itself is the attachment); returns how many bytes came out.
  package static func payload(
    bundle: String, id: String, limit: Int, compressed: (Bool) -> Void = { _ in },
    sink: (UnsafeRawBufferPointer) -> Void
  ) -> Result<Int, PayloadError> {
    XCResultStore(bundle: bundle).stream(id, limit: limit, compressed: compressed, sink: sink)
      .mapError { failure in
        if case .missing = failure { return PayloadError(description: "\(failure)", isMissing: true) }
        if case .zstd(_, .tooLarge) = failure { return PayloadError(description: "\(failure)", isTooLarge: true) }
        return PayloadError(description: "\(failure)")
      }
  }
}
