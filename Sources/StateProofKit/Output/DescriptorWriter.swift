import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way StateProof writes to standard output, standard error, the job summary and a seed
/// record: POSIX `write` in a loop (short writes and `EINTR` retried), so a closed pipe, a full
/// disk or a closed descriptor is an error value that ends the run with exit status 2. Foundation's
/// `FileHandle.write` traps on the same errors on Linux. SPI: the command line writes its streams
/// and seed records with it.
@_spi(CLI) public struct DescriptorWriter: Sendable {
  private let descriptor: Int32
  /// What the user knows the target as, for messages: `standard output`, `the job summary X`.
  private let name: String

  public static let standardOutput = DescriptorWriter(descriptor: STDOUT_FILENO, name: "standard output")
  public static let standardError = DescriptorWriter(descriptor: STDERR_FILENO, name: "standard error")

  /// A writer to `descriptor`, which messages call `name`; the caller closes it.
  init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  /// Makes a write to a pipe nobody reads fail with `EPIPE` instead of killing the process with
  /// SIGPIPE, and a write past the file size limit (`ulimit -f`) fail with `EFBIG` instead of
  /// SIGXFSZ: both are write errors then, with a message; the executable calls it once at start.
  public static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
  }

  /// Writes every byte of `text`.
  public func write(_ text: String) throws(StateProofError) {
    try write(Data(text.utf8))
  }

  /// Writes every byte of `data`.
  package func write(_ data: Data) throws(StateProofError) {
    let result = data.withUnsafeBytes { bytes in Result { () throws(StateProofError) in try write(bytes) } }
    try result.get()
  }

  func write(_ bytes: UnsafeRawBufferPointer) throws(StateProofError) {
    guard var cursor = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let written = systemWrite(descriptor, cursor, left)
      if written < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      cursor += written
      left -= written
    }
  }

  /// Appends `data` to the file at `path` (created when missing), as one `O_APPEND` writer among
  /// the others a CI job may have; `name` is what messages call the file.
  public static func append(_ data: Data, toFileAt path: String, name: String) throws(StateProofError) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .write(path: path, reason: .open(name: name, reason: String(cString: strerror(errno))))
    }
    let writer = DescriptorWriter(descriptor: descriptor, name: "\(name) \(path)")
    do {
      try writer.write(data)
    } catch {
      close(descriptor)
      throw error
    }
    // NFS and some FUSE file systems report a failed write only when the file is closed.
    if close(descriptor) != 0 && errno != EINTR { throw writer.failure(errno) }
  }

  private func failure(_ code: Int32) -> StateProofError {
    let reason = String(cString: strerror(code))
    let hint =
      switch code {
      case EPIPE: " (whatever read it has stopped reading)"
      case ENOSPC: " (the disk is full)"
      default: ""
      }
    return .write(path: name, reason: .writeTo(reason: reason, hint: hint))
  }
}

/// `write(2)`, which the struct's own `write` methods hide by name.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #elseif canImport(Darwin)
    Darwin.write(descriptor, bytes, count)
  #endif
}
