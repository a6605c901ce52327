/// The header blocks before an entry's contents: POSIX ustar (IEEE 1003.1-2001), preceded by a
/// pax extended header (`x`) only when the name or size does not fit ustar. Every field that could
/// differ between machines is fixed: owner 0:0 with no owner names (so unpacking never maps
/// to a local account by name), mode 0644 for files and 0755 for folders, one given time.
enum TarHeader {
  static let blockSize = 512
  /// The largest size and time an 11-digit octal field holds (8 GiB - 1, the year 2242).
  static let largestSize = 0o77777777777
  static let largestTime = 0o77777777777
  /// Tar's end: two zero blocks; their prefixes pad an entry's contents to a whole block.
  static let zeros = [UInt8](repeating: 0, count: 2 * blockSize)

  /// What an entry is, as its `typeflag` byte.
  enum Kind: UInt8 {
    case file = 0x30  // "0"
    case directory = 0x35  // "5"
    case extendedHeader = 0x78  // "x"
  }

  /// The blocks for an entry named `path` (checked bytes; a folder's without its trailing `/`)
  /// holding `size` bytes.
  static func blocks(path: [UInt8], kind: Kind, size: Int, time: Int) -> [UInt8] {
    let name = kind == .directory ? path + [UInt8(ascii: "/")] : path
    var records: [UInt8] = []
    let split = name.allSatisfy { $0 < 0x80 } ? ustarSplit(name) : nil
    if split == nil { records += record("path", name) }
    if size > largestSize { records += record("size", Array(String(size).utf8)) }
    guard !records.isEmpty else {
      return block(name: split?.name ?? [], prefix: split?.prefix ?? [], kind: kind, size: size, time: time)
    }
    // The extended header is named as Python's tarfile names it (pax readers never unpack it);
    // readers without pax support see a shortened ASCII name, pax readers use the records.
    let fallback = name.prefix(100).map { $0 < 0x80 ? $0 : UInt8(ascii: "_") }
    var blocks = block(
      name: Array("././@PaxHeader".utf8), prefix: [], kind: .extendedHeader, size: records.count, time: time)
    blocks += records
    blocks += [UInt8](repeating: 0, count: padding(records.count))
    blocks += block(name: fallback, prefix: [], kind: kind, size: size > largestSize ? 0 : size, time: time)
    return blocks
  }

  /// The zero bytes that complete a block after `size` bytes of contents.
  static func padding(_ size: Int) -> Int {
    (blockSize - size % blockSize) % blockSize
  }

  /// `name` as ustar's 155-byte prefix and 100-byte name, split at a `/`; nil when it cannot be.
  private static func ustarSplit(_ name: [UInt8]) -> (prefix: [UInt8], name: [UInt8])? {
    if name.count <= 100 { return ([], name) }
    // The longest prefix leaves the shortest name; a folder's closing `/` stays in the name.
    let slashes = name.indices.dropLast().filter { name[$0] == UInt8(ascii: "/") && $0 <= 155 }
    guard let slash = slashes.last, name.count - slash - 1 <= 100 else { return nil }
    return (Array(name[..<slash]), Array(name[(slash + 1)...]))
  }

  /// One pax record, `LENGTH key=value\n`, where LENGTH counts the whole record, itself included.
  private static func record(_ key: String, _ value: [UInt8]) -> [UInt8] {
    let rest = key.utf8.count + value.count + 3  // " ", "=" and "\n"
    var length = rest + 1
    while String(length).utf8.count + rest != length { length = String(length).utf8.count + rest }
    return Array("\(length) \(key)=".utf8) + value + [UInt8(ascii: "\n")]
  }

  /// One 512-byte ustar header block.
  private static func block(name: [UInt8], prefix: [UInt8], kind: Kind, size: Int, time: Int) -> [UInt8] {
    var header = [UInt8](repeating: 0, count: blockSize)
    func put(_ bytes: [UInt8], at offset: Int) {
      header.replaceSubrange(offset..<offset + bytes.count, with: bytes)
    }
    func octal(_ value: Int, at offset: Int, width: Int) {
      let digits = Array(String(value, radix: 8).utf8)
      put([UInt8](repeating: UInt8(ascii: "0"), count: width - 1 - digits.count) + digits, at: offset)
    }
    put(name, at: 0)
    octal(kind == .directory ? 0o755 : 0o644, at: 100, width: 8)
    octal(0, at: 108, width: 8)  // uid
    octal(0, at: 116, width: 8)  // gid
    octal(size, at: 124, width: 12)
    octal(time, at: 136, width: 12)
    header[156] = kind.rawValue
    put(Array("ustar\0".utf8) + Array("00".utf8), at: 257)
    // uname and gname (265, 297) stay empty.
    octal(0, at: 329, width: 8)  // devmajor
    octal(0, at: 337, width: 8)  // devminor
    put(prefix, at: 345)
    // The checksum is the sum of the header's bytes with its own field read as eight spaces.
    let sum = header.reduce(0) { $0 + Int($1) } + 8 * Int(UInt8(ascii: " "))
    octal(sum, at: 148, width: 7)
    header[155] = UInt8(ascii: " ")
    return header
  }
}
