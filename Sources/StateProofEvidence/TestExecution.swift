import StateProofModel

/// One execution of one test on one device, as a JUnit file or xcresulttool's JSON reports it.
package struct TestExecution: Codable, Sendable, Hashable {
  package var location: EvidenceLocation
  package var classname: String
  package var name: String
  package var device: String?
  package var outcome: TestOutcome
  /// Seconds, when the file gave a number that made sense.
  package var time: Double?
  /// The failure, error or skip message, whole up to the JUnit reader's message limit: the
  /// `message` attribute, and the element's text when that is missing or a one-line header.
  package var message: String?
  package var repetition: String?
  /// The test-plan configuration it ran in (xcresulttool's `Test Plan Configuration`), when the
  /// evidence names one: the same test in two configurations is two executions.
  package var configuration: String?
  /// A parameterised test's arguments for this execution (Swift Testing's `Arguments`, a UI test's
  /// appearance and orientation): each set of arguments is an execution of its own.
  package var arguments: String?
  /// The device's system as xcresulttool describes it, e.g. `iOS Simulator 18.6 (22G86)`.
  package var os: String?
  /// When it ran: its suite's (or its own) `timestamp`.
  package var startedAt: EvidenceTime?
  /// Which attempt of the test this was, where the producer numbers them in its output
  /// (Firebase Test Lab's `-rerun_N` folders: 0 is the first run); nil when it does not. Retries
  /// are ordered by it, then by ``startedAt``, then as written.
  package var attempt: Int?
  /// The build its path names (AGP's `connected/release/`, Gradle's `testReleaseUnitTest/`).
  package var build: BuildIdentity?

  package init(
    location: EvidenceLocation, classname: String, name: String, device: String? = nil,
    outcome: TestOutcome, time: Double? = nil, message: String? = nil, repetition: String? = nil,
    configuration: String? = nil, arguments: String? = nil, os: String? = nil
  ) {
    self.location = location
    self.classname = classname
    self.name = name
    self.device = device
    self.outcome = outcome
    self.time = time
    self.message = message
    self.repetition = repetition
    self.configuration = configuration
    self.arguments = arguments
    self.os = os
  }

  /// `classname#name`, the identity selectors match against.
  package var id: String { "\(classname)#\(name)" }
}
