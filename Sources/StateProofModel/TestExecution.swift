/// One execution of one test on one device, as a JUnit file reports it.
package struct TestExecution: Codable, Sendable, Hashable {
  public var location: EvidenceLocation
  public var classname: String
  public var name: String
  public var device: String?
  public var outcome: TestOutcome
  /// Seconds, when the file gave a number that made sense.
  public var time: Double?
  /// The failure, error or skip message, whole up to the JUnit reader's message limit: the
  /// `message` attribute, and the element's text when that is missing or a one-line header.
  public var message: String?
  public var repetition: String?

  public init(
    location: EvidenceLocation, classname: String, name: String, device: String? = nil,
    outcome: TestOutcome, time: Double? = nil, message: String? = nil, repetition: String? = nil
  ) {
    self.location = location
    self.classname = classname
    self.name = name
    self.device = device
    self.outcome = outcome
    self.time = time
    self.message = message
    self.repetition = repetition
  }

  /// `classname#name`, the identity selectors match against.
  public var id: String { "\(classname)#\(name)" }
}
