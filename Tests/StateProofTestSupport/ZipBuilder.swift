import StateProofSystem

/// Writes zip archives byte by byte for the readers' tests, with every offset it used, so a test
/// can then make the archive lie in exactly one field (a size, a method, a name, an offset).
public struct ZipBuilder {
  /// One entry: its name and the bytes stored for it (already compressed when `method` is 8).
  public struct Entry {
    public var name: String
    public var method: UInt16
    public var stored: [UInt8]
    public var crc32: UInt32
    public var uncompressedSize: Int
    public var flags: UInt16 = 0

    /// An entry stored uncompressed.
    public init(_ name: String, _ bytes: [UInt8]) {
      self.name = name
      method = 0
      stored = bytes
      crc32 = CRC32.checksum(bytes)
      uncompressedSize = bytes.count
    }

    /// An entry whose `original` bytes were deflated into `deflated`.
    public init(_ name: String, deflated: [UInt8], original: [UInt8]) {
      self.name = name
      method = 8
      stored = deflated
      crc32 = CRC32.checksum(original)
      uncompressedSize = original.count
    }
  }

  /// Where each part of the written archive starts.
  public struct Layout {
    public var bytes: [UInt8]
    public var localHeaders: [Int]
    public var centralEntries: [Int]
    public var centralDirectory: Int
    public var endRecord: Int
  }

  public var entries: [Entry]
  /// Bytes between the last entry and the central directory (an APK signing block's place).
  public var gap: [UInt8] = []
  public var comment: [UInt8] = []

  public init(_ entries: [Entry]) {
    self.entries = entries
  }

  /// The archive and its offsets.
  public func layout() -> Layout {
    var bytes: [UInt8] = []
    var locals: [Int] = []
    for entry in entries {
      locals.append(bytes.count)
      bytes +=
        Self.uint32(0x0403_4B50) + Self.uint16(20) + Self.uint16(Int(entry.flags)) + Self.uint16(Int(entry.method))
      bytes += Self.uint16(0) + Self.uint16(0x21) + Self.uint32(Int(entry.crc32)) + Self.uint32(entry.stored.count)
      bytes += Self.uint32(entry.uncompressedSize) + Self.uint16(entry.name.utf8.count) + Self.uint16(0)
      bytes += Array(entry.name.utf8) + entry.stored
    }
    bytes += gap
    let directory = bytes.count
    var centrals: [Int] = []
    for (entry, local) in zip(entries, locals) {
      centrals.append(bytes.count)
      bytes += Self.uint32(0x0201_4B50) + Self.uint16(20) + Self.uint16(20) + Self.uint16(Int(entry.flags))
      bytes += Self.uint16(Int(entry.method)) + Self.uint16(0) + Self.uint16(0x21) + Self.uint32(Int(entry.crc32))
      bytes += Self.uint32(entry.stored.count) + Self.uint32(entry.uncompressedSize)
      bytes += Self.uint16(entry.name.utf8.count) + Self.uint16(0) + Self.uint16(0) + Self.uint16(0) + Self.uint16(0)
      bytes += Self.uint32(0) + Self.uint32(local) + Array(entry.name.utf8)
    }
    let end = bytes.count
    bytes += Self.uint32(0x0605_4B50) + Self.uint16(0) + Self.uint16(0) + Self.uint16(entries.count)
    bytes += Self.uint16(entries.count) + Self.uint32(end - directory) + Self.uint32(directory)
    bytes += Self.uint16(comment.count) + comment
    return Layout(
      bytes: bytes, localHeaders: locals, centralEntries: centrals, centralDirectory: directory, endRecord: end)
  }

  /// The archive's bytes.
  public func bytes() -> [UInt8] { layout().bytes }

  /// `value`'s low 16 bits, little-endian.
  public static func uint16(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
  }

  /// `value`'s low 32 bits, little-endian.
  public static func uint32(_ value: Int) -> [UInt8] { uint16(value) + uint16(value >> 16) }

  /// `bytes` with `replacement` written over them from `offset`.
  public static func patch(_ bytes: [UInt8], at offset: Int, _ replacement: [UInt8]) -> [UInt8] {
    var patched = bytes
    patched.replaceSubrange(offset..<offset + replacement.count, with: replacement)
    return patched
  }
}
