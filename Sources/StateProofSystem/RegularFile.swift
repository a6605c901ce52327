import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one way StateProof opens a file to read it: only a regular file, checked on the opened
/// descriptor and never by its name first, so a FIFO or a device (reached through a link, or given
/// as a path) is refused at once instead of blocking the run or streaming forever.
///
/// The descriptor is closed when the value goes away.
package final class RegularFile: RandomAccessByteSource {
  public let descriptor: Int32
  /// The size `fstat` gave when the file was opened.
  public let size: Int

  private init(descriptor: Int32, size: Int) {
    self.descriptor = descriptor
    self.size = size
  }

  deinit {
    close(descriptor)
  }

  /// Opens `path` for reading. `O_NONBLOCK` keeps the open itself from waiting for a FIFO's
  /// writer, `O_NOCTTY` keeps a terminal from becoming the process's, `O_CLOEXEC` keeps the
  /// descriptor out of child processes; then `fstat` on the descriptor decides, and reads block
  /// again as usual.
  public static func open(_ path: String) -> Result<RegularFile, RegularFileError> {
    var descriptor: Int32
    repeat {
      descriptor = systemOpen(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { return .failure(.cannotOpen(reason: lastError())) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = lastError()
      close(descriptor)
      return .failure(.cannotOpen(reason: reason))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      return .failure(.notRegular(kind: kind(of: status.st_mode)))
    }
    let flags = fcntl(descriptor, F_GETFL)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
      let reason = lastError()
      close(descriptor)
      return .failure(.cannotOpen(reason: reason))
    }
    return .success(RegularFile(descriptor: descriptor, size: Int(status.st_size)))
  }

  /// Reads the next bytes into `buffer` from its start; 0 at the end of the file.
  public func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, RegularFileError> {
    guard buffer.baseAddress != nil, !buffer.isEmpty else { return .success(0) }
    var source = FileDescriptorSource(descriptor)
    return Result { () throws(ByteSourceError) in try source.read(into: buffer) }
      .mapError { .cannotRead(reason: $0.reason) }
  }

  /// The next bytes of the file, at most `limit` of them (fewer only at its end).
  public func read(upTo limit: Int) -> Result<Data, RegularFileError> {
    var data = Data()
    data.reserveCapacity(min(limit, size + 1))
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)
    defer { chunk.deallocate() }
    while data.count < limit {
      let wanted = min(chunk.count, limit - data.count)
      switch read(into: UnsafeMutableRawBufferPointer(rebasing: chunk[..<wanted])) {
      case .success(0): return .success(data)
      case .success(let count): data.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
      case .failure(let error): return .failure(error)
      }
    }
    return .success(data)
  }

  /// Fills `buffer` with the bytes from `offset` on (`pread`, so the descriptor's position stays
  /// where it is); fewer only at the end of the file.
  public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int {
    guard let base = buffer.baseAddress, offset >= 0 else { return 0 }
    var filled = 0
    while filled < buffer.count {
      let count = pread(descriptor, base + filled, buffer.count - filled, off_t(offset + filled))
      if count > 0 {
        filled += count
      } else if count == 0 {
        break
      } else if errno != EINTR {
        throw ByteSourceError(reason: Self.lastError())
      }
    }
    return filled
  }

  /// What a file of mode `mode` is, for a message: "a FIFO (named pipe)", "a character device", ….
  public static func kind(of mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFREG: "a regular file"
    case S_IFDIR: "a folder"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "of an unknown type"
    }
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }

  private static func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.open(path, flags)
    #else
      Darwin.open(path, flags)
    #endif
  }
}
