import Foundation
import StateProofKit
import StateProofSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the command line writes standard output, standard error, and the files it appends to (the
/// job summary, the step outputs, a seed record): ``DescriptorWrite``'s whole writes, so a
/// closed pipe, a full disk or a closed descriptor is an error value that ends the run with exit
/// status 2.
struct StreamWriter: Sendable {
  /// Where it writes; whoever opened it closes it.
  private let descriptor: Int32
  /// What the user knows the target as, for messages: `standard output`, `the job summary X`.
  private let name: String

  static let standardOutput = StreamWriter(descriptor: STDOUT_FILENO, name: "standard output")
  static let standardError = StreamWriter(descriptor: STDERR_FILENO, name: "standard error")

  /// Makes a write to a pipe nobody reads fail with `EPIPE` instead of killing the process with
  /// SIGPIPE, and a write past the file size limit (`ulimit -f`) fail with `EFBIG` instead of
  /// SIGXFSZ: both are write errors then, with a message; the executable calls it once at start.
  static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
  }

  /// Writes every byte of `text`.
  func write(_ text: String) throws(StateProofError) {
    try write(Data(text.utf8))
  }

  /// Writes every byte of `data`.
  func write(_ data: Data) throws(StateProofError) {
    let result = data.withUnsafeBytes { bytes in
      Result { () throws(DescriptorWriteError) in try DescriptorWrite.all(bytes, to: descriptor) }
    }
    if case .failure(let error) = result { throw failure(error) }
  }

  /// Appends `data` to the file at `path` (created when missing), as one `O_APPEND` writer among
  /// the others a CI job may have; `name` is what messages call the file.
  static func append(_ data: Data, toFileAt path: String, name: String) throws(StateProofError) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .write(path: path, reason: .open(name: name, reason: String(cString: strerror(errno))))
    }
    let writer = StreamWriter(descriptor: descriptor, name: "\(name) \(path)")
    do {
      try writer.write(data)
    } catch {
      close(descriptor)
      throw error
    }
    // NFS and some FUSE file systems report a failed write only when the file is closed.
    if close(descriptor) != 0 && errno != EINTR { throw writer.failure(DescriptorWriteError(code: errno)) }
  }

  private func failure(_ error: DescriptorWriteError) -> StateProofError {
    .write(path: name, reason: .writeTo(reason: error.reason, hint: error.hint))
  }
}
