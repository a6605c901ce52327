/// A reader's complaint about a file: the file stays listed, the rest of the evidence is still read.
public struct ReadProblem: Codable, Sendable, Hashable, Error, CustomStringConvertible {
  public var location: EvidenceLocation
  public var message: String

  public init(location: EvidenceLocation, message: String) {
    self.location = location
    self.message = message
  }

  public var description: String { "\(location.display): \(message)" }
}
