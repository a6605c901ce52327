import Foundation
import StateProofArchive
import Testing
import StateProofSystem
import StateProofTestSupport

/// Archives read back by the system's own tools: every name, size, mode, time, owner and byte as
/// written, and nothing else.
@Suite(.temporaryFolders) struct TarRoundTripTests {
  static let time = 1_764_500_000

  /// Entries of every awkward shape, with the pax keys each one needs.
  static func entries() -> [(entry: ArchiveTesting.Entry, pax: [String])] {
    var random = SeededRandom(seed: 17)
    let longFolder = String(repeating: "f", count: 150)
    return [
      (.directory("report"), []),
      (.file("report/index.html", Array("<!doctype html><title>r</title>\n".utf8)), []),
      (.directory("report/assets"), []),
      (.file("report/assets/empty.png", []), []),
      (.file("report/one", [0x2A]), []),
      (.file("report/block", random.bytes(512)), []),
      (.file("report/block+1", random.bytes(513)), []),
      (.file("report/random.bin", random.bytes(300_000)), []),
      (.file("report/repeat.txt", Array(repeating: Array("granted ".utf8), count: 40_000).flatMap { $0 }), []),
      (.file("report/log.txt", random.text(200_000)), []),
      // 100 bytes fits ustar's name field; 101 with a slash goes to its prefix field.
      (.file(String(repeating: "n", count: 100), [1]), []),
      (.file("\(longFolder)/\(String(repeating: "x", count: 99))", [2]), []),
      // Neither fits ustar: 101 bytes without a slash, and a 300-byte path.
      (.file(String(repeating: "m", count: 101), [3]), ["path"]),
      (.file("\(longFolder)/\(longFolder)", [4]), ["path"]),
      (.directory("evidence/Fotos/\(String(repeating: "d", count: 120))"), ["path"]),
      (.file("evidence/Fotos/Ärger 📷.png", [5]), ["path"]),
      (.file("evidence/a\\b c\t\"q\".txt", [6]), []),
    ]
  }

  @Test func pythonReadsBackEveryEntryAsWritten() throws {
    let cases = Self.entries()
    let listing = try TarListing.read(try ArchiveTesting.pack(cases.map(\.entry), time: Self.time))
    try #require(listing.members.count == cases.count)
    for (member, (entry, pax)) in zip(listing.members, cases) {
      #expect(member.mtime == Self.time)
      #expect(member.uid == 0)
      #expect(member.gid == 0)
      #expect(member.uname == "")
      #expect(member.gname == "")
      #expect(member.pax == pax, "\(member.name)")
      switch entry {
      case .directory(let name):
        #expect(member.name == name)
        #expect(member.type == "5")
        #expect(member.mode == 0o755)
        #expect(member.size == 0)
      case .file(let name, let bytes):
        #expect(member.name == name)
        #expect(member.type == "0")
        #expect(member.mode == 0o644)
        #expect(member.size == bytes.count)
        #expect(member.bytes == bytes, "\(name)")
      }
    }
    #expect(listing.endZeroBytes == 1024)
    #expect(listing.globalRecords == 0)
  }

  @Test func systemToolsAcceptTheArchive() throws {
    let cases = Self.entries()
    let archive = try ArchiveTesting.file(try ArchiveTesting.pack(cases.map(\.entry)))
    #expect(try ArchiveTesting.run("gzip", ["-t", archive.path]).status == 0)
    let (status, listing) = try ArchiveTesting.run("tar", ["-tzf", archive.path])
    #expect(status == 0)
    let names = cases.map { entry, _ in
      switch entry {
      case .directory(let name): name + "/"
      case .file(let name, _): name
      }
    }
    let lines = listing.split(separator: "\n").map(String.init)
    #expect(lines.count == names.count)
    // tar escapes or re-encodes unusual bytes as it lists them (differently on Linux and macOS);
    // the plain names must come back exactly.
    let plain = names.filter { $0.utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") } }
    #expect(plain.count >= 10)
    for name in plain { #expect(lines.contains(name), "\(name)") }
  }

  @Test func theSameEntriesGiveTheSameBytes() throws {
    let entries = Self.entries().map(\.entry)
    // Read in different pieces, the bytes still match.
    let first = try ArchiveTesting.pack(entries, step: 1 << 20)
    let second = try ArchiveTesting.pack(entries, step: 4093)
    #expect(first == second)
    #expect(try ArchiveTesting.pack(entries, time: Self.time + 1) != first)
  }

  @Test func anEmptyArchiveIsTwoZeroBlocks() throws {
    let listing = try TarListing.read(try ArchiveTesting.pack([]))
    #expect(listing.members.isEmpty)
    #expect(listing.length == 1024)
    #expect(listing.endZeroBytes == 1024)
  }

  @Test func anOpenFileIsArchivedFromItsDescriptor() throws {
    var random = SeededRandom(seed: 4)
    let bytes = random.bytes(2_500_000)
    let url = try ArchiveTesting.file(bytes, named: "screen.png")
    let file = try #require(try? RegularFile.open(url.path).get())
    let writer = try ArchiveWriter(sink: CollectedBytes(), modificationTime: 0)
    try writer.addFile("evidence/screen.png", from: file)
    let sink = try writer.finish()
    // Contents pass through in chunks: the sink never gets anything near the whole file at once.
    #expect(sink.chunks > 4)
    #expect(sink.largestChunk <= 512 << 10)
    let listing = try TarListing.read(sink.bytes)
    #expect(listing.members.map(\.name) == ["evidence/screen.png"])
    #expect(listing.members.first?.bytes == bytes)
  }
}
