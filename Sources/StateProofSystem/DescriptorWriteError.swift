#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A write through ``DescriptorWrite`` (or the closing after it) failed: the system's message,
/// and what usually causes it when that is known.
public struct DescriptorWriteError: Error, Sendable {
  /// The `errno` the system set.
  public let code: Int32

  public init(code: Int32) {
    self.code = code
  }

  /// The system's message for ``code`` (`Broken pipe`).
  public var reason: String { String(cString: strerror(code)) }

  /// `" (the disk is full)"`, `" (whatever read it has stopped reading)"`, or empty.
  public var hint: String {
    switch code {
    case EPIPE: " (whatever read it has stopped reading)"
    case ENOSPC: " (the disk is full)"
    default: ""
    }
  }
}
