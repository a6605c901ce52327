/// Why a ``ByteSource`` could not deliver its next bytes (an I/O error, not bad content); each
/// reader says which file or entry it concerns.
public struct ByteSourceError: Error, Sendable, Hashable {
  /// What went wrong, worded for the user: "Input/output error".
  public var reason: String

  public init(reason: String) {
    self.reason = reason
  }
}
