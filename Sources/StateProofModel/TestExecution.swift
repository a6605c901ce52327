/// One execution of one test on one device, as a JUnit file reports it.
public struct TestExecution: Codable, Sendable, Hashable {
  public var location: EvidenceLocation
  public var classname: String
  public var name: String
  public var device: String?
  public var outcome: TestOutcome
  /// Seconds, when the file gave a number that made sense.
  public var time: Double?
  /// The first line of the failure, error or skip message.
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
