/// Buffers output lines and hands them to the console in large chunks, so streaming millions of
/// lines costs a few thousand writes, not millions. After a write fails it keeps the error and
/// drops further lines; ``finish()`` throws it.
final class LineWriter {
  private let console: Console
  private var buffer = ""
  private var failure: (any Error)?
  private static let chunk = 1 << 16

  init(console: Console) {
    self.console = console
  }

  /// Whether a write has failed, so the caller can stop producing lines.
  var failed: Bool { failure != nil }

  func line(_ text: String) {
    guard failure == nil else { return }
    buffer += text
    buffer += "\n"
    if buffer.utf8.count >= Self.chunk { flush() }
  }

  /// Writes what is buffered, then throws the first failed write, if any.
  func finish() throws {
    flush()
    if let failure { throw failure }
  }

  private func flush() {
    guard !buffer.isEmpty, failure == nil else { return }
    do {
      try console.write(buffer)
    } catch {
      failure = error
    }
    buffer = ""
  }
}
