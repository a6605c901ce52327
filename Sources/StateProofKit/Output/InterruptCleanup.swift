import Foundation
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Removes the staging folders this run is writing when SIGINT, SIGTERM or SIGHUP ends it, then
/// lets the same signal end the process as it would have (exit status 128 + the signal).
///
/// A signal handler may do next to nothing safely, so the handler only writes the signal's number
/// to a pipe; a thread of its own reads the pipe, removes the registered folders and re-raises the
/// signal. A signal the process ignored when the handlers were installed (`nohup`) stays ignored.
package final class InterruptCleanup: @unchecked Sendable {
  package static let shared = InterruptCleanup()

  private static let signals = [SIGINT, SIGTERM, SIGHUP]
  /// Guards `folders` and `installed`.
  private let lock = NSLock()
  /// Held while a body of ``uninterrupted(_:)`` runs; the removal waits for it.
  private let removal = NSLock()
  private var folders: Set<String> = []
  private var installed = false

  private init() {}

  /// Removes `folder` (and all in it) if a signal ends the run before ``unregister(_:)``.
  package func register(_ folder: String) {
    locked {
      if !installed {
        installed = true
        install()
      }
      folders.insert(folder)
    }
  }

  package func unregister(_ folder: String) {
    locked { _ = folders.remove(folder) }
  }

  /// Runs `body` with removal held back: a signal that arrives meanwhile ends the process only
  /// once `body` is done, so a report is never left half moved into place.
  package func uninterrupted<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
    removal.lock()
    defer { removal.unlock() }
    return try body()
  }

  private func locked(_ body: () -> Void) {
    lock.lock()
    defer { lock.unlock() }
    body()
  }

  private func install() {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    signalPipe = ends[1]
    var handled: [Int32] = []
    for signal in Self.signals {
      var previous = sigaction()
      guard sigaction(signal, nil, &previous) == 0, !Self.isIgnored(previous) else { continue }
      handled.append(signal)
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = forwardSignal
      #elseif canImport(Darwin)
        action.__sigaction_u.__sa_handler = forwardSignal
      #endif
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(SA_RESTART)
      sigaction(signal, &action, nil)
    }
    let readEnd = ends[0]
    let ownSignals = handled
    let thread = Thread { [self] in
      guard let number = Self.nextSignal(from: readEnd) else {
        // The pipe cannot be read: nothing would act on a signal, so let each end the process
        // as it would have (without the cleanup) rather than be swallowed by the handler.
        for number in ownSignals { signal(number, SIG_DFL) }
        return
      }
      end(by: number)
    }
    thread.name = "stateproof-signals"
    thread.start()
  }

  /// The next signal number the handler wrote to `descriptor`, waiting for it: a read a signal
  /// interrupted (EINTR) is tried again; nil when the pipe is closed or fails otherwise, so the
  /// thread ends instead of spinning on a read that can never succeed.
  static func nextSignal(from descriptor: Int32) -> Int32? {
    var number: UInt8 = 0
    while true {
      switch read(descriptor, &number, 1) {
      case 1: return Int32(number)
      case -1 where errno == EINTR: continue
      default: return nil
      }
    }
  }

  private func end(by signalNumber: Int32) -> Never {
    // Never released: the process ends here. `removal` first, as in a body that registers.
    removal.lock()
    lock.lock()
    for folder in folders {
      // Renamed first: a thread still writing by the old path can add nothing more to it, so the
      // removal cannot trip over a file created meanwhile.
      let doomed = PathBytes.sibling(StagingFolder.newName(), of: folder)
      try? FileManager.default.removeItem(atPath: rename(folder, doomed) == 0 ? doomed : folder)
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
    // Only reached if the signal is blocked on this thread; end the process all the same.
    exit(128 + signalNumber)
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Glibc)
      let handler = action.__sigaction_handler.sa_handler
    #elseif canImport(Darwin)
      let handler = action.__sigaction_u.__sa_handler
    #endif
    return handler.map { unsafeBitCast($0, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) } ?? false
  }
}

/// The pipe's write end, for the handler (which can reach no object).
nonisolated(unsafe) private var signalPipe: Int32 = -1

/// The signal handler: writes the signal's number to the pipe, nothing else.
private func forwardSignal(_ signal: Int32) {
  var number = UInt8(truncatingIfNeeded: signal)
  _ = write(signalPipe, &number, 1)
}
