/// One thing ``StateProof/inspect(_:device:hashing:environment:_:)`` found: a file and what it
/// was recognised as, a test execution, a seed line, an image, an attachment, a run that stopped
/// early, a problem. Encoded, it is one line of `stateproof inspect --format json`; ``text`` is
/// its line in text.
public struct InspectEntry: Encodable {
  /// What an entry describes, as its JSON `type` says.
  public enum Kind: String, Sendable, CaseIterable {
    case file, junit, test, seed, image, attachment, xcresult
    /// An iOS Simulator's store read back (a `seed-check --ios` record).
    case simulatorSeed = "simulator-seed"
    case activityAttachment = "activity-attachment"
    case incompleteRun = "incomplete-run"
    case problem
  }

  package let item: InspectItem
  private let describe: (() -> String)?

  package init(_ item: InspectItem, text describe: (() -> String)?) {
    self.item = item
    self.describe = describe
  }

  public var kind: Kind {
    switch item {
    case .file: .file
    case .junit: .junit
    case .test: .test
    case .seed: .seed
    case .simulatorSeed: .simulatorSeed
    case .image: .image
    case .attachment: .attachment
    case .xcresult: .xcresult
    case .activityAttachment: .activityAttachment
    case .incompleteRun: .incompleteRun
    case .problem: .problem
    }
  }

  /// The line `stateproof inspect` prints for it (made only when asked for); nil for what only
  /// JSON lists (each test execution). Text from evidence is in it as read: escape it for where
  /// it is shown.
  public var text: String? { describe?() }

  /// The file, for a `.file` entry: its kind, format, size, SHA-256 and whether it was read.
  public var file: FileRecord? {
    if case .file(let record) = item { record } else { nil }
  }

  /// The problem, for a `.problem` entry: what could not be read, with its file, line and column.
  public var problem: ReadProblem? {
    if case .problem(let problem) = item { problem } else { nil }
  }

  public func encode(to encoder: any Encoder) throws {
    try item.encode(to: encoder)
  }
}
