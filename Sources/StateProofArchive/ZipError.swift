/// Why a zip archive, or one entry of it, was not read, worded for the user: the caller names the
/// file (an APK, an App Bundle, an IPA), each entry case names the entry. Every lie an archive
/// can tell about itself that would make a reader work, allocate or trust more than it should is
/// one of these, refused before the bytes are trusted.
package enum ZipError: Error, Sendable, Hashable, CustomStringConvertible {
  case cannotRead(reason: String)
  /// No end of central directory record in the last 64 KiB (and 22 bytes) of the file.
  case notAZip
  /// The archive is Zip64 (a Zip64 end record locator, or an end record or entry field at its
  /// maximum, which means "see the Zip64 record").
  case zip64
  /// The end record names another disk: part of a split archive.
  case splitArchive
  /// The central directory the end record points to does not lie inside the file before it.
  case centralDirectoryOutsideFile(offset: Int, size: Int)
  /// The central directory's entry `index` (from 0) has no signature or runs past its end.
  case damagedCentralDirectory(index: Int)
  /// Bit 0 of the entry's flags.
  case encrypted(String)
  case unsupportedMethod(String, method: UInt16)
  /// The entry declares more inflated bytes than the caller reads of it.
  case tooLarge(String, declared: Int, limit: Int)
  /// The entry declares more inflated bytes than DEFLATE can make from its compressed bytes.
  case impossibleRatio(String, compressed: Int, uncompressed: Int)
  /// A stored entry whose compressed and uncompressed sizes differ.
  case storedSizesDisagree(String, compressed: Int, uncompressed: Int)
  /// No local file header where the central directory says the entry starts.
  case missingLocalHeader(String, offset: Int)
  /// The local header says otherwise than the central directory about `what`.
  case localHeaderDisagrees(String, what: String)
  /// The entry's header or data runs past the start of the central directory.
  case outsideFile(String)
  /// The entry's data runs into another entry's local header, or shares its header.
  case overlaps(String)
  case inflatesPastDeclared(String, declared: Int)
  case inflatesShort(String, declared: Int, actual: Int)
  case crcMismatch(String, expected: UInt32, actual: UInt32)
  case corrupt(String, InflateError)
  /// More than one entry has the name asked for.
  case duplicate(String)

  package var description: String {
    switch self {
    case .cannotRead(let reason): "cannot read the archive: \(reason)"
    case .notAZip:
      "not a zip archive: no end of central directory record in its last 64 KiB (or the file is cut short)"
    case .zip64:
      "a Zip64 archive (over 4 GiB or 65,535 entries), which StateProof does not read"
    case .splitArchive: "one part of a split (multi-disk) zip archive, which StateProof does not read"
    case .centralDirectoryOutsideFile(let offset, let size):
      "its end record places the central directory (\(Self.bytes(size)) at offset \(offset)) outside the file"
    case .damagedCentralDirectory(let index):
      "the central directory's entry \(index + 1) is damaged or cut short"
    case .encrypted(let name): "\(name) is encrypted; StateProof reads no encrypted entry"
    case .unsupportedMethod(let name, let method):
      "\(name) is compressed with method \(method); StateProof reads stored (0) and deflated (8) entries"
    case .tooLarge(let name, let declared, let limit):
      "\(name) declares \(Self.bytes(declared)) uncompressed, more than the \(Self.bytes(limit)) StateProof reads of it; "
        + "not read (a zip bomb, or not the file it should be)"
    case .impossibleRatio(let name, let compressed, let uncompressed):
      "\(name) declares \(Self.bytes(uncompressed)) from \(Self.bytes(compressed)) compressed, more than DEFLATE "
        + "can reach (1,032 to 1); not read (a zip bomb's lie)"
    case .storedSizesDisagree(let name, let compressed, let uncompressed):
      "\(name) is stored uncompressed but declares \(Self.bytes(compressed)) stored and \(Self.bytes(uncompressed)) "
        + "uncompressed"
    case .missingLocalHeader(let name, let offset):
      "\(name): no local file header at offset \(offset), where the central directory says it starts"
    case .localHeaderDisagrees(let name, let what):
      "\(name): its local header and the central directory disagree about its \(what); "
        + "which one is true is unknown, so it is not read"
    case .outsideFile(let name):
      "\(name): its data runs past the entries into the central directory or past the end of the file"
    case .overlaps(let name):
      "\(name): its data overlaps another entry's (entries sharing bytes are a zip bomb's trick); not read"
    case .inflatesPastDeclared(let name, let declared):
      "\(name) inflates to more than the \(Self.bytes(declared)) it declares; not read"
    case .inflatesShort(let name, let declared, let actual):
      "\(name) inflates to \(Self.bytes(actual)), not the \(Self.bytes(declared)) it declares"
    case .crcMismatch(let name, let expected, let actual):
      "\(name) is damaged: its CRC-32 is \(Self.hex(actual)), not the \(Self.hex(expected)) the archive records"
    case .corrupt(let name, let error): "\(name) is damaged: \(error)"
    case .duplicate(let name):
      "the archive holds more than one entry named \(name); which one counts is ambiguous, so none is read"
    }
  }

  /// "812 bytes", "16 MiB", "3.5 MiB", "3 GiB".
  private static func bytes(_ count: Int) -> String {
    if count < 1 << 20 { return count == 1 ? "1 byte" : "\(count) bytes" }
    let (unit, shift) = count < 1 << 30 ? ("MiB", 20) : ("GiB", 30)
    let tenths = (count * 10) >> shift
    return tenths % 10 == 0 ? "\(tenths / 10) \(unit)" : "\(tenths / 10).\(tenths % 10) \(unit)"
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
  }
}
