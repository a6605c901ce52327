/// What a HEIF file's first boxes (ISO/IEC 23008-12, ISO BMFF) say: whether its brands make it
/// HEIC, and the size of its primary image from the `ispe` property `ipma` gives that item (the
/// whole grid, not a tile). Every read is bounds-checked; a box that lies ends the walk.
enum HEIFBoxes {
  /// Brands of HEVC-coded HEIF images; `mif1`/`msf1` alone are HEIF of any codec (AVIF is not
  /// HEIC, so `avif` among them decides against).
  static let hevcBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]
  static let structuralBrands: Set<String> = ["mif1", "msf1"]

  /// Whether the `ftyp` box at the start names HEIC.
  static func isHEIC(_ bytes: [UInt8]) -> Bool {
    guard let ftyp = box(in: bytes, at: 0, end: bytes.count), ftyp.type == "ftyp", ftyp.end - ftyp.content >= 8
    else { return false }
    var brands = [fourCC(bytes, ftyp.content)]
    var offset = ftyp.content + 8
    while offset + 4 <= ftyp.end {
      brands.append(fourCC(bytes, offset))
      offset += 4
    }
    if brands.contains(where: hevcBrands.contains) { return true }
    return brands.contains(where: structuralBrands.contains) && !brands.contains("avif") && !brands.contains("avis")
  }

  /// The primary image's width and height, or nil when the boxes do not say (or lie).
  static func primarySize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard let meta = child("meta", in: bytes, from: 0, end: bytes.count) else { return nil }
    let start = meta.content + 4  // meta is a full box: version and flags first.
    var primary: Int?
    if let pitm = child("pitm", in: bytes, from: start, end: meta.end), pitm.content + 6 <= pitm.end {
      primary = bytes[pitm.content] == 0 ? integer(bytes, pitm.content + 4, 2) : integer(bytes, pitm.content + 4, 4)
    }
    guard let iprp = child("iprp", in: bytes, from: start, end: meta.end),
      let ipco = child("ipco", in: bytes, from: iprp.content, end: iprp.end)
    else { return nil }
    // Properties by their 1-based index in ipco.
    var sizes: [Int: (width: Int, height: Int)] = [:]
    var index = 0
    var offset = ipco.content
    while let property = box(in: bytes, at: offset, end: ipco.end) {
      index += 1
      if property.type == "ispe", property.content + 12 <= property.end {
        sizes[index] = (integer(bytes, property.content + 4, 4), integer(bytes, property.content + 8, 4))
      }
      offset = property.end
    }
    if let primary, let ipma = child("ipma", in: bytes, from: iprp.content, end: iprp.end),
      let size = associated(primary, ipma: ipma, bytes: bytes, sizes: sizes)
    {
      return size
    }
    // No association read: the largest size is the whole image's, tiles and thumbnails are smaller.
    return sizes.values.max { $0.width * $0.height < $1.width * $1.height }
  }

  /// The `ispe` size `ipma` associates with `item`.
  private static func associated(
    _ item: Int, ipma: Box, bytes: [UInt8], sizes: [Int: (width: Int, height: Int)]
  ) -> (width: Int, height: Int)? {
    guard ipma.content + 8 <= ipma.end else { return nil }
    let version = bytes[ipma.content]
    let wideIndex = bytes[ipma.content + 3] & 1 == 1
    let count = integer(bytes, ipma.content + 4, 4)
    var offset = ipma.content + 8
    for _ in 0..<min(count, 1 << 16) {
      let idBytes = version < 1 ? 2 : 4
      guard offset + idBytes + 1 <= ipma.end else { return nil }
      let id = integer(bytes, offset, idBytes)
      let associations = Int(bytes[offset + idBytes])
      offset += idBytes + 1
      let entryBytes = wideIndex ? 2 : 1
      guard offset + associations * entryBytes <= ipma.end else { return nil }
      if id == item {
        for association in 0..<associations {
          let at = offset + association * entryBytes
          let property = wideIndex ? integer(bytes, at, 2) & 0x7FFF : Int(bytes[at] & 0x7F)
          if let size = sizes[property] { return size }
        }
        return nil
      }
      offset += associations * entryBytes
    }
    return nil
  }

  struct Box {
    var type: String
    /// Where its content starts and where the box ends.
    var content: Int
    var end: Int
  }

  /// The box at `offset`, if it lies wholly before `end`.
  static func box(in bytes: [UInt8], at offset: Int, end: Int) -> Box? {
    guard offset >= 0, offset + 8 <= end, end <= bytes.count else { return nil }
    var size = integer(bytes, offset, 4)
    var content = offset + 8
    if size == 1 {
      guard offset + 16 <= end else { return nil }
      let large = integer(bytes, offset + 8, 8)
      guard large >= 16, large <= end - offset else { return nil }
      size = large
      content = offset + 16
    } else if size == 0 {
      size = end - offset
    }
    guard size >= content - offset, size <= end - offset else { return nil }
    return Box(type: fourCC(bytes, offset + 4), content: content, end: offset + size)
  }

  /// The first box of `type` among the boxes from `offset` to `end`.
  static func child(_ type: String, in bytes: [UInt8], from offset: Int, end: Int) -> Box? {
    var offset = offset
    while let box = box(in: bytes, at: offset, end: end) {
      if box.type == type { return box }
      offset = box.end
    }
    return nil
  }

  private static func fourCC(_ bytes: [UInt8], _ offset: Int) -> String {
    String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
  }

  /// A big-endian unsigned integer of `count` bytes (at most 8; larger than Int's range reads as 0).
  private static func integer(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
    var value: UInt64 = 0
    for byte in bytes[offset..<(offset + count)] { value = value << 8 | UInt64(byte) }
    return value > UInt64(Int.max) ? 0 : Int(value)
  }
}
