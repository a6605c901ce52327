import COptionalLibraries
import StateProofSystem

/// The one boundary to libzstd (opened at run time, ``ZstdLibrary``): decodes a zstd stream in
/// fixed 128 KiB buffers, refusing a window larger than ``maxWindowLog`` (so no frame can make
/// libzstd allocate more) and stopping as soon as more than a caller's limit has come out (a zstd
/// bomb ends there, whatever its frame header claims).
package enum Zstd {
  /// A zstd frame starts with these bytes.
  package static let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
  /// 2^24: a 16 MiB window, the most a frame may ask for.
  package static let maxWindowLog: Int32 = 24

  /// Whether this machine has libzstd (else every decode fails with ``Failure/libraryMissing``).
  package static var isAvailable: Bool { ZstdLibrary.shared != nil }

  package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// libzstd refused the bytes, with its reason.
    case corrupt(String)
    /// More than `limit` bytes came out.
    case tooLarge(limit: Int)
    /// The input ended inside a frame.
    case truncated
    /// The source could not be read.
    case unreadable(String)
    /// The machine has no libzstd (or `STATEPROOF_DISABLE_LIBRARIES` names it).
    case libraryMissing

    package var description: String {
      switch self {
      case .corrupt(let reason): "not a valid zstd stream (\(reason))"
      case .tooLarge(let limit): "decompresses to more than \(limit) bytes"
      case .truncated: "the zstd stream ends in the middle of a frame"
      case .unreadable(let reason): reason
      case .libraryMissing: "libzstd is not installed (install \(OptionalLibrary.zstd.package))"
      }
    }
  }

  /// Decodes what `read` supplies (it fills the buffer it is given and returns how many bytes,
  /// 0 at the end) and hands every decoded chunk to `sink`; returns how many bytes came out.
  package static func decode(
    limit: Int, read: (UnsafeMutableRawBufferPointer) -> Result<Int, Failure>,
    sink: (UnsafeRawBufferPointer) -> Void
  ) -> Result<Int, Failure> {
    guard isAvailable else { return .failure(.libraryMissing) }
    guard let decoder = Decoder() else { return .failure(.corrupt("libzstd could not start")) }
    return decoder.decode(limit: limit, read: read, sink: sink)
  }

  /// A decoding context and its two buffers, kept for one stream after another (a bundle's
  /// records are many and small): used by one thread at a time.
  package final class Decoder {
    private let zstd: ZstdLibrary
    private let stream: UnsafeMutableRawPointer
    private let input: UnsafeMutableRawBufferPointer
    private let output: UnsafeMutableRawBufferPointer

    /// Nil when the machine has no libzstd or it cannot start a stream.
    package init?() {
      guard let zstd = ZstdLibrary.shared, let stream = zstd.createDStream() else { return nil }
      self.zstd = zstd
      self.stream = stream
      _ = zstd.setParameter(stream, Int32(sp_zstd_d_windowLogMax), maxWindowLog)
      input = UnsafeMutableRawBufferPointer.allocate(byteCount: zstd.inputSize(), alignment: 16)
      output = UnsafeMutableRawBufferPointer.allocate(byteCount: zstd.outputSize(), alignment: 16)
    }

    deinit {
      _ = zstd.freeDStream(stream)
      input.deallocate()
      output.deallocate()
    }

    /// As ``Zstd/decode(limit:read:sink:)``, on this context.
    package func decode(
      limit: Int, read: (UnsafeMutableRawBufferPointer) -> Result<Int, Failure>,
      sink: (UnsafeRawBufferPointer) -> Void
    ) -> Result<Int, Failure> {
      _ = zstd.reset(stream, Int32(sp_zstd_reset_session_only))
      var total = 0
      var pending = 0  // libzstd's hint: 0 once a frame is complete
      var sawInput = false
      while true {
        let count: Int
        switch read(input) {
        case .success(let read): count = read
        case .failure(let failure): return .failure(failure)
        }
        if count == 0 { break }
        sawInput = true
        var inBuffer = sp_zstd_in_buffer(src: input.baseAddress, size: count, pos: 0)
        var mayGiveMore = true
        while inBuffer.pos < inBuffer.size || mayGiveMore {
          var outBuffer = sp_zstd_out_buffer(dst: output.baseAddress, size: output.count, pos: 0)
          let result = zstd.decompressStream(stream, &outBuffer, &inBuffer)
          if zstd.isError(result) != 0 {
            return .failure(.corrupt(zstd.errorName(result).map { String(cString: $0) } ?? "error \(result)"))
          }
          pending = result
          total += outBuffer.pos
          guard total <= limit else { return .failure(.tooLarge(limit: limit)) }
          if outBuffer.pos > 0 { sink(UnsafeRawBufferPointer(rebasing: output[..<outBuffer.pos])) }
          // libzstd may return with room left and bytes still to give (one block at a time):
          // it is asked again while it gives any and the frame is not done, not only while full.
          mayGiveMore = outBuffer.pos > 0 && result != 0
          if !mayGiveMore, inBuffer.pos == inBuffer.size { break }
        }
      }
      guard sawInput, pending == 0 else { return .failure(.truncated) }
      return .success(total)
    }
  }

  /// Decodes `bytes` whole (tests, small records).
  package static func decode(_ bytes: [UInt8], limit: Int) -> Result<[UInt8], Failure> {
    var out: [UInt8] = []
    var offset = 0
    let result = bytes.withUnsafeBytes { source in
      decode(
        limit: limit,
        read: { buffer in
          let count = min(buffer.count, source.count - offset)
          buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<(offset + count)]))
          offset += count
          return .success(count)
        },
        sink: { out.append(contentsOf: $0) })
    }
    return result.map { _ in out }
  }
}
