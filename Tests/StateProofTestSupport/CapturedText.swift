import Foundation

/// Text written from any thread (a console's standard output or error in a test), read back
/// whole.
public final class CapturedText: @unchecked Sendable {
  private let lock = NSLock()
  private var buffer = ""

  public init() {}

  public func append(_ text: String) { lock.withLock { buffer += text } }

  public var text: String { lock.withLock { buffer } }
}
