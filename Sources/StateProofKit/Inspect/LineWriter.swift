/// Buffers output lines and hands them to the console in large chunks, so streaming millions of
/// lines costs a few thousand writes, not millions.
final class LineWriter {
  private let console: Console
  private var buffer = ""
  private static let chunk = 1 << 16

  init(console: Console) {
    self.console = console
  }

  func line(_ text: String) {
    buffer += text
    buffer += "\n"
    if buffer.utf8.count >= Self.chunk { flush() }
  }

  func flush() {
    guard !buffer.isEmpty else { return }
    console.write(buffer)
    buffer = ""
  }
}
