/// What the read stage tells whoever watches it work, so a caller can show progress: the work
/// ahead, the bytes read, each file finished and the end of reading. The library shows nothing
/// itself; `stateproof report` draws these events on standard error (`--progress`, `--verbose`).
///
/// Reading runs on every core, so the methods are called from several threads at once, and files
/// finish in no fixed order.
public protocol ReadObserver: Sendable {
  /// The work ahead: `files` files of `bytes` bytes in all, before the first is read.
  func start(files: Int, bytes: Int)
  /// `count` more bytes read (a big JUnit file is told of as it streams).
  func read(bytes count: Int)
  /// One more file finished, as the report will list it.
  func finished(_ record: FileRecord)
  /// Reading is over, before matching starts; an error thrown here ends the run (the command
  /// line's progress throws a failed write to standard error).
  func end() throws(StateProofError)
}
