#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file descriptor as a ``ByteSource``. It reads from where the descriptor stands
/// and never opens or closes it: whoever opened the file decides how, and closes it.
public struct FileDescriptorSource: ByteSource {
  public let descriptor: Int32

  public init(_ descriptor: Int32) {
    self.descriptor = descriptor
  }

  public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(ByteSourceError) -> Int {
    while true {
      #if canImport(Glibc)
        let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      #else
        let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
      #endif
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw ByteSourceError(reason: String(cString: strerror(errno)))
    }
  }
}
