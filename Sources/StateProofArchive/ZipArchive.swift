import StateProofSystem

/// A zip archive (PKWARE's APPNOTE.TXT) read from its end, as APKs, App Bundles and IPAs are:
/// the end of central directory record (found in the last 64 KiB and 22 bytes, past a comment),
/// then the central directory streamed entry by entry, keeping only the entries the caller asks
/// for, then only those entries' bytes. Nothing else of the file is read: a 100 MB APK costs a few
/// reads and its manifest's inflation. Whatever lies between the entries and the central
/// directory (the APK signing block) is left alone.
///
/// Everything the archive says about itself is checked before it is trusted: Zip64 and split
/// archives are refused by name; each entry read must have a local header that agrees with the
/// central directory, data inside the file that overlaps no other entry, a declared size within
/// the caller's limit and within what DEFLATE can reach, output no longer or shorter than
/// declared, and its CRC-32.
package final class ZipArchive {
  /// The largest DEFLATE expansion: a 258-byte match in two bits.
  static let maxDeflateRatio = 1032
  private static let endRecordSize = 22
  private static let endSearch = 0xFFFF + endRecordSize

  private let source: any RandomAccessByteSource
  /// The entries the caller kept, in central-directory order.
  package let entries: [ZipEntry]
  /// How many entries the central directory lists.
  package let entryCount: Int
  private let centralDirectoryOffset: Int
  /// Every entry's local header offset, sorted, to find the one after an entry's data.
  private let localHeaderOffsets: [Int]

  /// Reads the end record and the central directory of `source`, handing each entry to `keep`
  /// (which may also note what it sees) and keeping those it accepts.
  package init(_ source: any RandomAccessByteSource, keeping keep: (ZipEntry) -> Bool) throws(ZipError) {
    self.source = source
    var window = ByteWindow(source, limit: source.size)
    let end = try Self.endRecord(&window, size: source.size)
    guard window.uint16(end + 4) == 0, window.uint16(end + 6) == 0, window.uint16(end + 8) == window.uint16(end + 10)
    else { throw .splitArchive }
    let count = window.uint16(end + 10)
    let size = window.uint32(end + 12)
    let offset = window.uint32(end + 16)
    if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF { throw .zip64 }
    // The Zip64 end record locator, when there is one, sits just before the end record.
    if end >= 20, try window.load(end - 20, count: 4), window.uint32(end - 20) == 0x0706_4B50 { throw .zip64 }
    guard offset <= end, size <= end - offset else { throw .centralDirectoryOutsideFile(offset: offset, size: size) }
    entryCount = count
    centralDirectoryOffset = offset
    var directory = ByteWindow(source, limit: offset + size)
    var kept: [ZipEntry] = []
    var offsets: [Int] = []
    offsets.reserveCapacity(count)
    var position = offset
    for index in 0..<count {
      guard try directory.load(position, count: 46), directory.uint32(position) == 0x0201_4B50 else {
        throw .damagedCentralDirectory(index: index)
      }
      let nameLength = directory.uint16(position + 28)
      let recordLength = 46 + nameLength + directory.uint16(position + 30) + directory.uint16(position + 32)
      let fields = (
        flags: directory.uint16(position + 8), method: directory.uint16(position + 10),
        crc: directory.uint32(position + 16), compressed: directory.uint32(position + 20),
        uncompressed: directory.uint32(position + 24), local: directory.uint32(position + 42)
      )
      if fields.compressed == 0xFFFF_FFFF || fields.uncompressed == 0xFFFF_FFFF || fields.local == 0xFFFF_FFFF {
        throw .zip64
      }
      guard recordLength <= offset + size - position, try directory.load(position + 46, count: nameLength) else {
        throw .damagedCentralDirectory(index: index)
      }
      let entry = ZipEntry(
        name: String(decoding: directory.slice(position + 46, count: nameLength), as: UTF8.self), index: index,
        flags: UInt16(fields.flags), method: UInt16(fields.method), crc32: UInt32(fields.crc),
        compressedSize: fields.compressed, uncompressedSize: fields.uncompressed, localHeaderOffset: fields.local)
      if keep(entry) { kept.append(entry) }
      offsets.append(fields.local)
      position += recordLength
    }
    entries = kept
    localHeaderOffsets = offsets.sorted()
  }

  /// Whether `head`, a file's first bytes, starts like a zip archive: a local file header, or the
  /// end record of an empty archive.
  package static func looksLikeZip(head: some Collection<UInt8>) -> Bool {
    let start = Array(head.prefix(4))
    return start == [0x50, 0x4B, 0x03, 0x04] || start == [0x50, 0x4B, 0x05, 0x06]
  }

  /// The kept entry named `name`: nil when there is none, ``ZipError/duplicate(_:)`` when there
  /// are several.
  package func entry(named name: String) throws(ZipError) -> ZipEntry? {
    let found = entries.filter { $0.name == name }
    guard found.count < 2 else { throw .duplicate(name) }
    return found.first
  }

  /// The bytes of `entry`, refused unless it declares at most `limit` of them and every check in
  /// the type's description passes.
  package func contents(of entry: ZipEntry, limit: Int) throws(ZipError) -> [UInt8] {
    let name = entry.name
    guard !entry.isEncrypted else { throw .encrypted(name) }
    guard entry.method == 0 || entry.method == 8 else { throw .unsupportedMethod(name, method: entry.method) }
    guard entry.uncompressedSize <= limit else { throw .tooLarge(name, declared: entry.uncompressedSize, limit: limit) }
    if entry.method == 8 && entry.uncompressedSize > Self.maxDeflateRatio * entry.compressedSize {
      throw .impossibleRatio(name, compressed: entry.compressedSize, uncompressed: entry.uncompressedSize)
    }
    if entry.method == 0 && entry.compressedSize != entry.uncompressedSize {
      throw .storedSizesDisagree(name, compressed: entry.compressedSize, uncompressed: entry.uncompressedSize)
    }
    let data = try dataRange(of: entry)
    var bytes: [UInt8]
    if entry.method == 0 {
      bytes = try ByteWindow.read(source, at: data.lowerBound, count: data.count)
      guard bytes.count == data.count else { throw .outsideFile(name) }
    } else {
      do {
        bytes = try Inflater.inflate(ZipRangeSource(source, data), limit: entry.uncompressedSize)
      } catch .outputLimit {
        throw .inflatesPastDeclared(name, declared: entry.uncompressedSize)
      } catch .unreadable(let reason) {
        throw .cannotRead(reason: reason)
      } catch {
        throw .corrupt(name, error)
      }
      guard bytes.count == entry.uncompressedSize else {
        throw .inflatesShort(name, declared: entry.uncompressedSize, actual: bytes.count)
      }
    }
    let crc = bytes.withUnsafeBytes { buffer in
      var checksum = CRC32()
      checksum.update(buffer)
      return checksum.value
    }
    guard crc == entry.crc32 else { throw .crcMismatch(name, expected: entry.crc32, actual: crc) }
    return bytes
  }

  /// Where `entry`'s compressed bytes are, once its local header agrees with the central
  /// directory and its data lies before the central directory, clear of every other entry.
  private func dataRange(of entry: ZipEntry) throws(ZipError) -> Range<Int> {
    let name = entry.name
    let header = entry.localHeaderOffset
    var window = ByteWindow(source, limit: centralDirectoryOffset)
    guard try window.load(header, count: 30) else { throw .outsideFile(name) }
    guard window.uint32(header) == 0x0403_4B50 else { throw .missingLocalHeader(name, offset: header) }
    let flags = window.uint16(header + 6)
    let nameLength = window.uint16(header + 26)
    guard try window.load(header + 30, count: nameLength) else { throw .outsideFile(name) }
    guard String(decoding: window.slice(header + 30, count: nameLength), as: UTF8.self) == name else {
      throw .localHeaderDisagrees(name, what: "name")
    }
    guard window.uint16(header + 8) == entry.method else {
      throw .localHeaderDisagrees(name, what: "compression method")
    }
    guard flags & 1 == Int(entry.flags & 1) else { throw .localHeaderDisagrees(name, what: "encryption") }
    // With bit 3 set the sizes and CRC follow the data, and the local header may hold zeros.
    let described = flags & 8 != 0
    for (what, field, expected) in [
      ("CRC-32", 14, Int(entry.crc32)), ("compressed size", 18, entry.compressedSize),
      ("uncompressed size", 22, entry.uncompressedSize),
    ] {
      let local = window.uint32(header + field)
      guard local == expected || (described && local == 0) else { throw .localHeaderDisagrees(name, what: what) }
    }
    let start = header + 30 + nameLength + window.uint16(header + 28)
    guard start <= centralDirectoryOffset, entry.compressedSize <= centralDirectoryOffset - start else {
      throw .outsideFile(name)
    }
    let end = start + entry.compressedSize
    // The first local header after this one must start at or after the data's end; two entries
    // naming the same local header share their bytes.
    var low = 0
    var high = localHeaderOffsets.count
    while low < high {
      let middle = (low + high) / 2
      if localHeaderOffsets[middle] <= header { low = middle + 1 } else { high = middle }
    }
    let sharing = low >= 2 && localHeaderOffsets[low - 2] == header
    guard !sharing, low == localHeaderOffsets.count || localHeaderOffsets[low] >= end else { throw .overlaps(name) }
    return start..<end
  }

  /// The end record's offset: the last signature in the file's tail whose comment fits the file.
  private static func endRecord(_ window: inout ByteWindow, size: Int) throws(ZipError) -> Int {
    let tailStart = max(0, size - endSearch)
    guard size >= endRecordSize, try window.load(tailStart, count: size - tailStart) else { throw .notAZip }
    var candidate = size - endRecordSize
    while candidate >= tailStart {
      if window.uint32(candidate) == 0x0605_4B50 && window.uint16(candidate + 20) <= size - candidate - endRecordSize {
        return candidate
      }
      candidate -= 1
    }
    throw .notAZip
  }
}
