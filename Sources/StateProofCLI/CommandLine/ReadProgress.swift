import Foundation
import Mustache
import StateProofKit
import StateProofRender

/// What the read stage tells a person on standard error while it works: a status line with the
/// files read of all, the bytes and the rate, and with `verbose` each file as it is read.
///
/// On a terminal the status line rewrites itself in place at most ten times a second; elsewhere
/// (`--progress` in CI) it is a plain line at most once a second. Safe to call from the reading
/// threads at once; files are listed in the order they finish. The library's ``ReadObserver``
/// events, drawn: `report` passes it when `--progress`, `--verbose` or a terminal asks for it.
final class ReadProgress: ReadObserver, @unchecked Sendable {
  /// How the status line is shown.
  enum Display: Sendable {
    /// No status line (`--verbose` alone still lists the files).
    case none
    /// Rewritten in place with a carriage return: standard error is a terminal.
    case terminal
    /// A line of its own now and then: standard error is a log.
    case lines
  }

  private let display: Display
  private let verbose: Bool
  private let writer: @Sendable (String) throws -> Void
  /// The first failed write; after it nothing more is written.
  private var failure: (any Error)?
  private let now: @Sendable () -> UInt64
  private let lock = NSLock()
  private var totalFiles = 0
  private var totalBytes = 0
  private var files = 0
  private var bytes = 0
  private var started: UInt64 = 0
  private var lastShown: UInt64?
  private var showedStatus = false

  /// - Parameters:
  ///   - display: How to show the status line.
  ///   - verbose: Also list every file as it is read.
  ///   - write: Writes to standard error; after a write fails, nothing more is written and
  ///     ``end()`` throws the error.
  ///   - now: A monotonic clock in nanoseconds (tests pass their own).
  init(
    display: Display, verbose: Bool, write: @escaping @Sendable (String) throws -> Void,
    now: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
  ) {
    self.display = display
    self.verbose = verbose
    self.writer = write
    self.now = now
  }

  /// Whether anything would ever be written.
  var isActive: Bool { display != .none || verbose }

  /// The work ahead: `files` files of `bytes` bytes in all.
  func start(files: Int, bytes: Int) {
    locked {
      totalFiles = files
      totalBytes = bytes
      started = now()
    }
  }

  /// Counts `count` more bytes read.
  func read(bytes count: Int) {
    locked {
      bytes += count
      showIfDue()
    }
  }

  /// Counts one more file finished.
  func finished(_ record: FileRecord) {
    locked {
      files += 1
      if verbose {
        let line =
          Escaping.terminal.escape(
            "stateproof: read \(record.path) (\(record.kind.rawValue), \(Self.size(record.bytes))"
              + (record.status == .read ? "" : ", \(record.status.rawValue)") + ")") + "\n"
        write(display == .terminal && showedStatus ? "\r\u{1B}[K" + line : line)
        showedStatus = false
      }
      showIfDue()
    }
  }

  /// Shows the final status line, ended with a newline; throws the first write that failed.
  func end() throws(StateProofError) {
    try locked { () throws(StateProofError) -> Void in
      if display != .none {
        show()
        write("\n")
      }
      guard let failure else { return }
      throw failure as? StateProofError ?? .write(path: "standard error", reason: .progress(reason: "\(failure)"))
    }
  }

  private func write(_ text: String) {
    guard failure == nil else { return }
    do {
      try writer(text)
    } catch {
      failure = error
    }
  }

  private func locked<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
    lock.lock()
    defer { lock.unlock() }
    try body()
  }

  private func showIfDue() {
    guard display != .none else { return }
    let interval: UInt64 = display == .terminal ? 100_000_000 : 1_000_000_000
    let time = now()
    if let lastShown, time - lastShown < interval { return }
    show()
    if display == .lines { write("\n") }
  }

  private func show() {
    let time = now()
    lastShown = time
    let seconds = Double(time - started) / 1e9
    let rate = seconds > 0 ? "\(Self.size(Int(Double(bytes) / seconds)))/s" : "-"
    let status =
      "stateproof: read \(files) of \(totalFiles) file\(totalFiles == 1 ? "" : "s"), \(Self.size(bytes)) of \(Self.size(totalBytes)), \(rate)"
    write(display == .terminal ? "\r" + status + "\u{1B}[K" : status)
    showedStatus = true
  }

  /// `12 B`, `3.4 MB`, `1.2 GB`: decimal units, one decimal place above a kilobyte.
  static func size(_ bytes: Int) -> String {
    let units = ["kB", "MB", "GB", "TB"]
    guard bytes >= 1000 else { return "\(bytes) B" }
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 1000, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }
}
