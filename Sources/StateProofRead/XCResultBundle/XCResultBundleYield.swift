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
    default: return "it needs \(names.dropLast().joined(separator: ", ")) or \(names.last!), and neither is installed here"
    }
  }

  package init(store: Store, formatVersion: String? = nil) {
    self.store = store
    self.formatVersion = formatVersion
  }

  /// The attempts folded: one execution per test, device, configuration and set of arguments.
  package var executions: [TestExecution] { RetryFolding.fold(attempts) }
}
