import StateProofModel

/// Everything the read stage produced: typed evidence plus every file and problem met.
package struct EvidenceSet: Sendable {
  package var files: [FileRecord] = []
  package var seeds: [SeedRecord] = []
  /// iOS Simulator stores read back after seeding (`seed-check --ios` records).
  package var simulatorSeeds: [SimulatorSeed] = []
  /// The package blocks each seed log prints (for logs that name packages at all).
  package var seedPackageBlocks: [SeedPackageBlocks] = []
  package var tests: [TestExecution] = []
  package var screenshots: [Screenshot] = []
  /// Attachment manifest entries; they name, place and date the exported screenshot files.
  package var attachments: [AttachmentRecord] = []
  /// Attachments xcresulttool's `activities` files tie to the run they were taken in.
  package var activityAttachments: [ActivityAttachment] = []
  /// Test counts from xcresulttool's `tests` and `summary` files, to check one against the other.
  package var resultTotals: [ResultTotals] = []
  /// Test runs that stopped before they finished, as the JUnit files record them.
  package var incompleteRuns: [IncompleteRun] = []
  package var problems: [ReadProblem] = []
  /// Tests that matched no selector, kept (a bounded few) because they miss one only by spelling
  /// (case, `.` for `#`, an argument list, a module prefix): hints for a `missing-test`, never proof.
  package var nearMisses: [TestExecution] = []
  /// Result bundles whose native reading and xcresulttool's disagree (macOS with `xcrun`).
  package var xcresultDisagreements: [XCResultDisagreement] = []
  /// What the readers know of each device spelling they wrote, by its producer's rule; a spelling
  /// missing here is one no rule read (a seed record's own field, a device property of a JUnit
  /// dialect the table has no producer for, a result bundle read natively).
  package var deviceIdentities: [String: DeviceIdentity] = [:]
  /// What each app file found declares (manifests, APKs, `Info.plist`s, read-backs'
  /// `requested permissions:`).
  package var declarations: [AppDeclarations] = []
  /// Devices a runner's summary names by the serial its other files are named for (Spoon's
  /// `result.json`), to name those files' devices fully.
  package var runnerSerials: [RunnerSerial] = []

  package init(
    files: [FileRecord] = [], seeds: [SeedRecord] = [], tests: [TestExecution] = [],
    screenshots: [Screenshot] = [], attachments: [AttachmentRecord] = [],
    incompleteRuns: [IncompleteRun] = [], problems: [ReadProblem] = [],
    nearMisses: [TestExecution] = [], activityAttachments: [ActivityAttachment] = [],
    resultTotals: [ResultTotals] = []
  ) {
    self.files = files
    self.seeds = seeds
    self.tests = tests
    self.screenshots = screenshots
    self.attachments = attachments
    self.incompleteRuns = incompleteRuns
    self.problems = problems
    self.nearMisses = nearMisses
    self.activityAttachments = activityAttachments
    self.resultTotals = resultTotals
  }

  /// Whether it holds nothing at all.
  package var isEmpty: Bool {
    files.isEmpty && seeds.isEmpty && simulatorSeeds.isEmpty && seedPackageBlocks.isEmpty && tests.isEmpty
      && screenshots.isEmpty
      && attachments.isEmpty && activityAttachments.isEmpty && resultTotals.isEmpty && incompleteRuns.isEmpty
      && problems.isEmpty && nearMisses.isEmpty && xcresultDisagreements.isEmpty && deviceIdentities.isEmpty
      && declarations.isEmpty
      && runnerSerials.isEmpty
  }

  /// Adds another set's contents (e.g. from one more file).
  package mutating func merge(_ other: EvidenceSet) {
    files += other.files
    seeds += other.seeds
    simulatorSeeds += other.simulatorSeeds
    seedPackageBlocks += other.seedPackageBlocks
    tests += other.tests
    screenshots += other.screenshots
    attachments += other.attachments
    incompleteRuns += other.incompleteRuns
    problems += other.problems
    nearMisses += other.nearMisses
    activityAttachments += other.activityAttachments
    resultTotals += other.resultTotals
    xcresultDisagreements += other.xcresultDisagreements
    declarations += other.declarations
    deviceIdentities.merge(other.deviceIdentities, uniquingKeysWith: DeviceIdentity.kept)
    runnerSerials += other.runnerSerials
  }

  /// Adds the identity a reader hands over for a device it wrote.
  package mutating func hand(_ identity: DeviceIdentity?) {
    guard let identity else { return }
    deviceIdentities[identity.spelling] =
      deviceIdentities[identity.spelling].map { DeviceIdentity.kept($0, identity) } ?? identity
  }
}
