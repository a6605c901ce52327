/// Why a ``JSONByteSource`` could not deliver its next bytes (an I/O error, not bad JSON).
public struct JSONSourceError: Error, Sendable, Hashable {
  public var message: String

  public init(message: String) {
    self.message = message
  }
}
