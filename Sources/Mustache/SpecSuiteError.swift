/// A spec directory that cannot be used: a file is missing or does not decode.
public struct SpecSuiteError: Error, CustomStringConvertible {
  public let message: String

  public var description: String { message }
}
