import StateProofModel
import StateProofEvidence
import StateProofSystem

/// What reading one `*.xcresult` bundle gives, whichever store it came from: the object graph in
/// `Data/` (``XCResultGraphReader``) or, for a bundle whose `Data/` lacks its root, the
/// `database.sqlite3` xcresulttool builds. Its executions are spelled as the xcresulttool JSON
/// reader spells them, so one selector matches a run whether it arrives as bundle, JSON or JUnit.
package struct XCResultBundleYield: Sendable {
  /// Where the bundle's tests were read from.
  package enum Store: String, Sendable {
    case objectGraph = "object graph"
    case database = "database.sqlite3"
  }

  package var store: Store
  /// `Info.plist`'s `version`, e.g. `3.56`.
  package var formatVersion: String?
  /// The Xcode version the bundle's logs name, e.g. `26.1.1 (17B100)`; nil when none does.
  package var xcodeVersion: String?
  /// Every attempt of every test, one execution each (repetitions and retries not yet folded:
  /// ``executions`` folds them by ``RetryFolding``'s rules).
  package var attempts: [TestExecution] = []
  /// The run destinations, as xcresulttool's `devices` would list them.
  package var devices: [XCResultDevice] = []
  /// Every attachment of every test, with its payload's place in `Data/`.
  package var attachments: [XCResultBundleAttachment] = []
  /// Session-level issues: the run stopped or broke outside any test (`run-incomplete`).
  package var incompleteRuns: [IncompleteRun] = []
  /// Shapes or versions the reader does not know, objects it could not read: each names itself.
  package var problems: [ReadProblem] = []
  /// Why the tests came from this store when the bundle has both, for the record's format.
  package var note: String?
  /// The libraries this machine lacks that the bundle needs: any one of them would read it.
  /// Nothing was read when this is not empty.
  package var missingLibraries: [OptionalLibrary] = []

  /// Why nothing was read, naming what to install; nil when no library was missing.
  package var missingLibrariesReason: String? {
    let names = missingLibraries.map { library in
      switch library {
      case .zstd: "libzstd (\(library.package))"
      case .sqlite: "SQLite (\(library.package))"
      case .heif: "libheif (\(library.package))"
      }
    }
    switch names.count {
    case 0: return nil
    case 1: return "it needs \(names[0]), which is not installed here"
    default:
      let all = names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
      return "it needs \(all), and neither is installed here"
    }
  }

  package init(store: Store, formatVersion: String? = nil) {
    self.store = store
    self.formatVersion = formatVersion
  }

  /// Tests the object graph and `database.sqlite3` give different results, one line each
  /// (`Suite#test() on device: passed in the object graph, failed in database.sqlite3`).
  package var storeDisagreements: [String] = []

  /// The attempts folded: one execution per test, device, configuration and set of arguments.
  package var executions: [TestExecution] { RetryFolding.fold(attempts) }

  /// One execution's identity across readings of a run: test, arguments, configuration, device.
  package static func key(_ test: TestExecution) -> String {
    [test.id, test.arguments.map { "[\($0)]" }, test.configuration.map { "{\($0)}" }, test.device.map { "on \($0)" }]
      .compactMap(\.self).joined(separator: " ")
  }

  /// How bad an outcome is: where two stores of one bundle disagree, the worse one counts.
  private static func badness(_ outcome: TestOutcome) -> Int {
    switch outcome {
    case .error: 4
    case .failed: 3
    case .flaky: 2
    case .skipped: 1
    case .passed: 0
    }
  }

  /// Compares these attempts (read from the object graph) with `database`'s, the same bundle's
  /// `database.sqlite3`: each test both list with another result is named in
  /// ``storeDisagreements``, and the worse of the two results counts (its attempts replace these).
  package mutating func reconcile(withDatabase database: [TestExecution]) {
    let mine = Dictionary(executions.map { (Self.key($0), $0.outcome) }, uniquingKeysWith: { first, _ in first })
    let theirs = Dictionary(
      RetryFolding.fold(database).map { (Self.key($0), $0.outcome) }, uniquingKeysWith: { first, _ in first })
    var worseInDatabase: Set<String> = []
    for (key, own) in mine.sorted(by: { $0.key < $1.key }) {
      guard let other = theirs[key], other != own else { continue }
      storeDisagreements.append("\(key): \(own.rawValue) in the object graph, \(other.rawValue) in database.sqlite3")
      if Self.badness(other) > Self.badness(own) { worseInDatabase.insert(key) }
    }
    guard !worseInDatabase.isEmpty else { return }
    attempts.removeAll { worseInDatabase.contains(Self.key($0)) }
    attempts += database.filter { worseInDatabase.contains(Self.key($0)) }
  }
}
