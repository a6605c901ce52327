import Foundation
import StateProofSystem
import StateProofTestSupport
import Testing

@testable import StateProofArchive

/// The zip reader: entries found from the end record (past a comment, past an APK signing block)
/// and only the ones asked for read; and every lie an archive can tell refused with its reason.
@Suite(.temporaryFolders) struct ZipArchiveTests {
  static let manifest = Array("<manifest package=\"org.example\"/>\n".utf8) + [UInt8](repeating: 0x41, count: 3000)

  static func deflated(_ name: String, _ bytes: [UInt8]) -> ZipBuilder.Entry {
    var random = SeededRandom(seed: 1)
    return ZipBuilder.Entry(name, deflated: DeflateEncoderTests.deflate(bytes, random: &random), original: bytes)
  }

  static func open(_ bytes: [UInt8], keeping names: Set<String>? = nil) throws(ZipError) -> ZipArchive {
    try ZipArchive(MemoryBytes(bytes)) { names?.contains($0.name) ?? true }
  }

  /// The contents of the one entry named `name`, as read with `limit`.
  static func read(_ bytes: [UInt8], _ name: String, limit: Int = 1 << 24) throws(ZipError) -> [UInt8] {
    let archive = try open(bytes)
    guard let entry = try archive.entry(named: name) else { throw .notAZip }
    return try archive.contents(of: entry, limit: limit)
  }

  static var sample: ZipBuilder {
    ZipBuilder([
      deflated("AndroidManifest.xml", manifest), ZipBuilder.Entry("classes.dex", Array("dex\n035\0".utf8)),
      deflated("res/raw/big.bin", [UInt8](repeating: 9, count: 100_000)),
    ])
  }

  @Test func readsTheEntriesAskedForAndOnlyKeepsThose() throws {
    let archive = try Self.open(Self.sample.bytes(), keeping: ["AndroidManifest.xml", "classes.dex"])
    #expect(archive.entryCount == 3)
    #expect(archive.entries.map(\.name) == ["AndroidManifest.xml", "classes.dex"])
    let manifest = try #require(try archive.entry(named: "AndroidManifest.xml"))
    #expect(manifest.method == 8)
    #expect(try archive.contents(of: manifest, limit: 1 << 20) == Self.manifest)
    let dex = try #require(try archive.entry(named: "classes.dex"))
    #expect(try archive.contents(of: dex, limit: 100) == Array("dex\n035\0".utf8))
    #expect(try archive.entry(named: "res/raw/big.bin") == nil)
  }

  @Test func findsTheEndRecordPastACommentAndEntriesPastASigningBlock() throws {
    var builder = Self.sample
    builder.gap = Array("APK Sig Block 42".utf8) + [UInt8](repeating: 0, count: 4096)
    for comment in [[], Array("built by CI".utf8), [UInt8](repeating: 0x50, count: 0xFFFF)] {
      builder.comment = comment
      #expect(try Self.read(builder.bytes(), "AndroidManifest.xml") == Self.manifest, "comment of \(comment.count)")
    }
  }

  @Test func readsWhatPythonsZipfileWrites() throws {
    let url = try ArchiveTesting.file([], named: "python.zip")
    let script = #"""
      import sys, zipfile
      with zipfile.ZipFile(sys.argv[1], "w") as archive:
          archive.comment = b"x" * 300
          archive.writestr(zipfile.ZipInfo("AndroidManifest.xml"), b"<manifest/>" * 500, zipfile.ZIP_DEFLATED)
          archive.writestr("stored.txt", b"plain", zipfile.ZIP_STORED)
      print(1)
      """#
    _ = try ArchiveTesting.python(script, [url.path], as: Int.self)
    let bytes = [UInt8](try Data(contentsOf: url))
    #expect(try Self.read(bytes, "AndroidManifest.xml") == Array(String(repeating: "<manifest/>", count: 500).utf8))
    #expect(try Self.read(bytes, "stored.txt") == Array("plain".utf8))
    #expect(ZipArchive.looksLikeZip(head: bytes.prefix(64)))
    #expect(!ZipArchive.looksLikeZip(head: Array("<?xml".utf8)))
    #expect(ZipArchive.looksLikeZip(head: ZipBuilder([]).bytes()))
  }

  @Test func readsThroughAFile() throws {
    let url = try ArchiveTesting.file(Self.sample.bytes(), named: "app.apk")
    guard case .success(let file) = RegularFile.open(url.path) else { throw ZipError.notAZip }
    let archive = try ZipArchive(file) { $0.name == "AndroidManifest.xml" }
    #expect(try archive.contents(of: archive.entries[0], limit: 1 << 20) == Self.manifest)
  }

  // MARK: Lies about sizes

  @Test func refusesAnEntryDeclaredLargerThanTheLimit() {
    #expect(throws: ZipError.tooLarge("AndroidManifest.xml", declared: Self.manifest.count, limit: 1000)) {
      try Self.read(Self.sample.bytes(), "AndroidManifest.xml", limit: 1000)
    }
    #expect(
      ZipError.tooLarge("AndroidManifest.xml", declared: 3 << 30, limit: 16 << 20).description
        == "AndroidManifest.xml declares 3 GiB uncompressed, more than the 16 MiB StateProof reads of it; "
        + "not read (a zip bomb, or not the file it should be)")
  }

  /// `builder`'s archive with entry `index`'s `field` (an offset in both headers' common layout:
  /// CRC 16/14, compressed 20/18, uncompressed 24/22 in the central/local header) set to `value`.
  static func lying(_ builder: ZipBuilder, entry index: Int, central: Int, local: Int?, _ value: [UInt8]) -> [UInt8] {
    let layout = builder.layout()
    var bytes = ZipBuilder.patch(layout.bytes, at: layout.centralEntries[index] + central, value)
    if let local { bytes = ZipBuilder.patch(bytes, at: layout.localHeaders[index] + local, value) }
    return bytes
  }

  @Test func refusesAnEntryThatInflatesPastOrShortOfItsDeclaredSize() {
    let smaller = Self.lying(Self.sample, entry: 0, central: 24, local: 22, ZipBuilder.uint32(Self.manifest.count - 1))
    #expect(throws: ZipError.inflatesPastDeclared("AndroidManifest.xml", declared: Self.manifest.count - 1)) {
      try Self.read(smaller, "AndroidManifest.xml")
    }
    let larger = Self.lying(Self.sample, entry: 0, central: 24, local: 22, ZipBuilder.uint32(Self.manifest.count + 1))
    #expect(
      throws: ZipError.inflatesShort(
        "AndroidManifest.xml", declared: Self.manifest.count + 1, actual: Self.manifest.count)
    ) { try Self.read(larger, "AndroidManifest.xml") }
  }

  @Test func refusesARatioNoDeflateStreamReaches() throws {
    let layout = Self.sample.layout()
    let compressed = layout.bytes[layout.centralEntries[2] + 20..<layout.centralEntries[2] + 24]
      .reversed().reduce(0) { $0 << 8 | Int($1) }
    let bomb = Self.lying(Self.sample, entry: 2, central: 24, local: 22, ZipBuilder.uint32(compressed * 1033))
    #expect(
      throws: ZipError.impossibleRatio("res/raw/big.bin", compressed: compressed, uncompressed: compressed * 1033)
    ) {
      try Self.read(bomb, "res/raw/big.bin", limit: 1 << 30)
    }
  }

  @Test func refusesAStoredEntryWhoseSizesDiffer() {
    let bytes = Self.lying(Self.sample, entry: 1, central: 24, local: 22, ZipBuilder.uint32(9))
    #expect(throws: ZipError.storedSizesDisagree("classes.dex", compressed: 8, uncompressed: 9)) {
      try Self.read(bytes, "classes.dex")
    }
  }

  // MARK: Local headers that disagree, and misplaced data

  @Test func refusesALocalHeaderThatDisagreesWithTheCentralDirectory() {
    let layout = Self.sample.layout()
    let header = layout.localHeaders[0]
    let cases: [(String, [UInt8])] = [
      ("name", ZipBuilder.patch(layout.bytes, at: header + 30, Array("B".utf8))),
      ("compression method", ZipBuilder.patch(layout.bytes, at: header + 8, ZipBuilder.uint16(0))),
      ("CRC-32", ZipBuilder.patch(layout.bytes, at: header + 14, ZipBuilder.uint32(7))),
      ("compressed size", ZipBuilder.patch(layout.bytes, at: header + 18, ZipBuilder.uint32(7))),
      ("uncompressed size", ZipBuilder.patch(layout.bytes, at: header + 22, ZipBuilder.uint32(7))),
      ("encryption", ZipBuilder.patch(layout.bytes, at: header + 6, ZipBuilder.uint16(1))),
    ]
    for (what, bytes) in cases {
      #expect(throws: ZipError.localHeaderDisagrees("AndroidManifest.xml", what: what)) {
        try Self.read(bytes, "AndroidManifest.xml")
      }
    }
    let noHeader = ZipBuilder.patch(layout.bytes, at: header, ZipBuilder.uint32(0x1234_5678))
    #expect(throws: ZipError.missingLocalHeader("AndroidManifest.xml", offset: header)) {
      try Self.read(noHeader, "AndroidManifest.xml")
    }
  }

  @Test func acceptsZerosInALocalHeaderWhoseSizesFollowTheData() throws {
    var builder = Self.sample
    builder.entries[0].flags = 8
    let layout = builder.layout()
    var bytes = layout.bytes
    for field in [14, 18, 22] {
      bytes = ZipBuilder.patch(bytes, at: layout.localHeaders[0] + field, ZipBuilder.uint32(0))
    }
    #expect(try Self.read(bytes, "AndroidManifest.xml") == Self.manifest)
  }

  @Test func refusesOverlappingEntries() {
    // The manifest's data declared long enough to run into the next entry's local header.
    let layout = Self.sample.layout()
    let longer = layout.localHeaders[1] - layout.localHeaders[0]
    let overlapping = Self.lying(Self.sample, entry: 0, central: 20, local: 18, ZipBuilder.uint32(longer))
    #expect(throws: ZipError.overlaps("AndroidManifest.xml")) { try Self.read(overlapping, "AndroidManifest.xml") }
    // Two central entries naming the same local header.
    let shared = ZipBuilder.patch(
      layout.bytes, at: layout.centralEntries[1] + 42, ZipBuilder.uint32(layout.localHeaders[0]))
    #expect(throws: ZipError.overlaps("AndroidManifest.xml")) { try Self.read(shared, "AndroidManifest.xml") }
    #expect(throws: ZipError.localHeaderDisagrees("classes.dex", what: "name")) { try Self.read(shared, "classes.dex") }
  }

  @Test func refusesAnEntryOutsideTheFile() {
    let layout = Self.sample.layout()
    for offset in [layout.centralDirectory, layout.bytes.count + 100, 0x7FFF_FFFF] {
      let moved = ZipBuilder.patch(layout.bytes, at: layout.centralEntries[0] + 42, ZipBuilder.uint32(offset))
      #expect(throws: ZipError.outsideFile("AndroidManifest.xml"), "offset \(offset)") {
        try Self.read(moved, "AndroidManifest.xml")
      }
    }
    let pastDirectory = Self.lying(Self.sample, entry: 2, central: 20, local: 18, ZipBuilder.uint32(10_000_000))
    #expect(throws: ZipError.outsideFile("res/raw/big.bin")) { try Self.read(pastDirectory, "res/raw/big.bin") }
  }

  // MARK: Entries StateProof does not read

  @Test func refusesEncryptedEntriesAndUnknownMethods() {
    var encrypted = Self.sample
    encrypted.entries[0].flags = 1
    #expect(throws: ZipError.encrypted("AndroidManifest.xml")) {
      try Self.read(encrypted.bytes(), "AndroidManifest.xml")
    }
    var bzip2 = Self.sample
    bzip2.entries[0].method = 12
    #expect(throws: ZipError.unsupportedMethod("AndroidManifest.xml", method: 12)) {
      try Self.read(bzip2.bytes(), "AndroidManifest.xml")
    }
  }

  @Test func refusesACRCMismatchAndDamagedData() {
    let crc = CRC32.checksum(Self.manifest)
    let wrong = Self.lying(Self.sample, entry: 0, central: 16, local: 14, ZipBuilder.uint32(Int(crc ^ 1)))
    #expect(throws: ZipError.crcMismatch("AndroidManifest.xml", expected: crc ^ 1, actual: crc)) {
      try Self.read(wrong, "AndroidManifest.xml")
    }
    let layout = Self.sample.layout()
    let data = layout.localHeaders[0] + 30 + "AndroidManifest.xml".utf8.count
    let damaged = ZipBuilder.patch(layout.bytes, at: data, [0x07])
    #expect(throws: ZipError.corrupt("AndroidManifest.xml", .reservedBlockType)) {
      try Self.read(damaged, "AndroidManifest.xml")
    }
  }

  @Test func refusesToChooseBetweenEntriesOfTheSameName() throws {
    var builder = Self.sample
    builder.entries.append(ZipBuilder.Entry("AndroidManifest.xml", Array("<manifest package=\"evil\"/>".utf8)))
    let archive = try Self.open(builder.bytes())
    #expect(throws: ZipError.duplicate("AndroidManifest.xml")) {
      try archive.entry(named: "AndroidManifest.xml")
    }
  }

  // MARK: Archives StateProof does not read

  @Test func refusesZip64AndSplitArchives() {
    let layout = Self.sample.layout()
    let full = ZipBuilder.patch(
      layout.bytes, at: layout.endRecord + 8, ZipBuilder.uint16(0xFFFF) + ZipBuilder.uint16(0xFFFF))
    #expect(throws: ZipError.zip64) { try Self.open(full) }
    let offset = ZipBuilder.patch(layout.bytes, at: layout.endRecord + 16, ZipBuilder.uint32(0xFFFF_FFFF))
    #expect(throws: ZipError.zip64) { try Self.open(offset) }
    // A Zip64 end record locator just before the end record.
    var located = Array(layout.bytes[..<layout.endRecord])
    located += ZipBuilder.uint32(0x0706_4B50) + [UInt8](repeating: 0, count: 16) + layout.bytes[layout.endRecord...]
    #expect(throws: ZipError.zip64) { try Self.open(located) }
    let entrySize = ZipBuilder.patch(layout.bytes, at: layout.centralEntries[1] + 24, ZipBuilder.uint32(0xFFFF_FFFF))
    #expect(throws: ZipError.zip64) { try Self.open(entrySize) }
    let split = ZipBuilder.patch(layout.bytes, at: layout.endRecord + 4, ZipBuilder.uint16(1))
    #expect(throws: ZipError.splitArchive) { try Self.open(split) }
    #expect(ZipError.zip64.description.contains("Zip64"))
  }

  @Test func refusesWhatIsNoZipArchive() {
    var random = SeededRandom(seed: 11)
    #expect(throws: ZipError.notAZip) { try Self.open([]) }
    #expect(throws: ZipError.notAZip) { try Self.open(Array("PK".utf8)) }
    #expect(throws: ZipError.notAZip) { try Self.open(random.bytes(100_000)) }
    // Cut short: the end record is gone.
    #expect(throws: ZipError.notAZip) { try Self.open(Array(Self.sample.bytes().dropLast(30))) }
  }

  @Test func refusesACentralDirectoryOutsideTheFileOrDamaged() {
    let layout = Self.sample.layout()
    let size = layout.endRecord - layout.centralDirectory
    let outside = ZipBuilder.patch(layout.bytes, at: layout.endRecord + 16, ZipBuilder.uint32(layout.endRecord))
    #expect(throws: ZipError.centralDirectoryOutsideFile(offset: layout.endRecord, size: size)) {
      try Self.open(outside)
    }
    let signature = ZipBuilder.patch(layout.bytes, at: layout.centralEntries[1], ZipBuilder.uint32(0))
    #expect(throws: ZipError.damagedCentralDirectory(index: 1)) { try Self.open(signature) }
    let moreEntries = ZipBuilder.patch(
      layout.bytes, at: layout.endRecord + 8, ZipBuilder.uint16(4) + ZipBuilder.uint16(4))
    #expect(throws: ZipError.damagedCentralDirectory(index: 3)) { try Self.open(moreEntries) }
    let longName = ZipBuilder.patch(layout.bytes, at: layout.centralEntries[2] + 28, ZipBuilder.uint16(0xFFF0))
    #expect(throws: ZipError.damagedCentralDirectory(index: 2)) { try Self.open(longName) }
  }

  @Test func damagedArchivesNeverCrashOrPassTheLimit() {
    var random = SeededRandom.printed()
    let bytes = Self.sample.bytes()
    for _ in 0..<500 {
      var damaged = bytes
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        // Mostly the headers and the central directory, where the lies are.
        let index =
          Bool.random(using: &random)
          ? Int.random(in: 0..<damaged.count, using: &random)
          : damaged.count - 1 - Int.random(in: 0..<min(300, damaged.count), using: &random)
        damaged[index] = UInt8.random(in: 0...255, using: &random)
      }
      guard let archive = try? Self.open(damaged) else { continue }
      for entry in archive.entries {
        if let contents = try? archive.contents(of: entry, limit: 200_000) { #expect(contents.count <= 200_000) }
      }
    }
  }
}
