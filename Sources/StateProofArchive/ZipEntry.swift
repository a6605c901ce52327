/// One file of a zip archive as its central directory lists it (APPNOTE.TXT, section 4.3.12):
/// what ``ZipArchive/contents(of:limit:)`` checks its local header and its data against.
package struct ZipEntry: Sendable, Hashable {
  /// The name as stored, read as UTF-8 (a byte that is not becomes U+FFFD).
  package var name: String
  /// Its place in the central directory, from 0.
  package var index: Int
  /// General purpose bit flags: bit 0 encrypted, bit 3 sizes and CRC in a data descriptor.
  package var flags: UInt16
  /// 0 stored, 8 deflated; anything else is refused when read.
  package var method: UInt16
  package var crc32: UInt32
  package var compressedSize: Int
  package var uncompressedSize: Int
  /// Where its local file header starts.
  package var localHeaderOffset: Int

  package init(
    name: String, index: Int, flags: UInt16, method: UInt16, crc32: UInt32, compressedSize: Int,
    uncompressedSize: Int, localHeaderOffset: Int
  ) {
    self.name = name
    self.index = index
    self.flags = flags
    self.method = method
    self.crc32 = crc32
    self.compressedSize = compressedSize
    self.uncompressedSize = uncompressedSize
    self.localHeaderOffset = localHeaderOffset
  }

  /// Whether bit 0 of its flags says it is encrypted.
  package var isEncrypted: Bool { flags & 1 != 0 }
}
