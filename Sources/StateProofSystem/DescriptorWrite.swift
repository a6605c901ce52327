#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way StateProof writes to an open file descriptor: POSIX `write` in a loop, short
/// writes and `EINTR` retried, so a closed pipe, a full disk or a closed descriptor is an error
/// value, never a trap (as Foundation's `FileHandle.write` is on Linux). The library's own files
/// and the command line's streams both write through it; whoever opened the descriptor closes it.
public enum DescriptorWrite {
  /// Writes every byte of `bytes` to `descriptor`.
  public static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(DescriptorWriteError) {
    guard var cursor = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
      let written = systemWrite(descriptor, cursor, left)
      if written < 0 {
        if errno == EINTR { continue }
        throw DescriptorWriteError(code: errno)
      }
      cursor += written
      left -= written
    }
  }
}

/// `write(2)`, which ``DescriptorWrite`` names apart from its own methods.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
  #elseif canImport(Darwin)
    Darwin.write(descriptor, bytes, count)
  #endif
}
