import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofArchive

/// The gzip member around the tar: fixed header fields, and a trailer that matches the data.
@Suite(.temporaryFolders) struct GzipFramingTests {
  @Test func theHeaderCarriesNoNameTimeOrHostDetail() throws {
    let archive = try ArchiveTesting.pack([.file("a.txt", Array("hello\n".utf8))])
    // ID1 ID2, CM 8 (deflate), FLG 0 (no name, comment or extra field), MTIME 0, XFL 0, OS 255.
    #expect(Array(archive.prefix(10)) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255])
  }

  @Test func aCommentIsTheOnlyOptionalFieldAndGzipReadsPastIt() throws {
    let writer = try ArchiveWriter(sink: CollectedBytes(), modificationTime: 0, comment: "StateProof evidence bundle")
    try writer.addDirectory("report")
    let archive = try writer.finish().bytes
    let header = ArchiveWriter<CollectedBytes>.header(comment: "StateProof evidence bundle")
    // FLG 0x10: FCOMMENT alone; the comment ends with a zero byte.
    #expect(Array(archive.prefix(header.count)) == header)
    #expect(header.count == 10 + 26 + 1 && header[3] == 0x10 && header.last == 0)
    let listing = try TarListing.read(archive)
    #expect(listing.members.map(\.name) == ["report"])
    #expect(try ArchiveTesting.run("gzip", ["-t", try ArchiveTesting.file(archive).path]).status == 0)
  }

  @Test func theTrailerHoldsTheCRCAndLengthZlibComputes() throws {
    var random = SeededRandom(seed: 9)
    let archive = try ArchiveTesting.pack([.file("log", random.text(150_000)), .file("noise", random.bytes(90_000))])
    let listing = try TarListing.read(archive)
    let trailer = archive.suffix(8).map(UInt32.init)
    let crc = trailer[0] | trailer[1] << 8 | trailer[2] << 16 | trailer[3] << 24
    let length = trailer[4] | trailer[5] << 8 | trailer[6] << 16 | trailer[7] << 24
    #expect(crc == listing.crc32)
    #expect(Int(length) == listing.length)
    #expect(listing.length == 512 + 150_016 + 512 + 90_112 + 1024)
  }
}
