import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofArchive

/// Header fields at ustar's limits, where a pax record must take over, read by Python's tarfile.
@Suite(.temporaryFolders) struct TarHeaderTests {
  /// Python's view of the first entry of `blocks` (headers alone, the contents need not follow).
  static func firstEntry(_ blocks: [UInt8]) throws -> TarMember {
    let script = #"""
      import io, json, sys, tarfile
      data = open(sys.argv[1], "rb").read()
      m = tarfile.open(fileobj=io.BytesIO(data), mode="r:").firstmember
      print(json.dumps({"name": m.name, "type": m.type.decode(), "size": m.size, "mode": m.mode,
          "mtime": m.mtime, "uid": m.uid, "gid": m.gid, "uname": m.uname, "gname": m.gname,
          "pax": sorted(m.pax_headers)}))
      """#
    return try ArchiveTesting.python(
      script, [try ArchiveTesting.file(blocks, named: "headers.tar").path], as: TarMember.self)
  }

  @Test func aSizeOverEightGiBGoesInAPaxRecord() throws {
    let size = 1 << 33 + 5
    let blocks = TarHeader.blocks(path: Array("evidence/huge.mov".utf8), kind: .file, size: size, time: 99)
    let entry = try Self.firstEntry(blocks)
    #expect(entry.size == size)
    #expect(entry.pax == ["size"])
    #expect(entry.name == "evidence/huge.mov")
    #expect(String(decoding: blocks[512..<531], as: UTF8.self) == "19 size=8589934597\n")
  }

  @Test func theLargestUstarSizeNeedsNoPaxRecord() throws {
    let blocks = TarHeader.blocks(path: Array("a".utf8), kind: .file, size: 1 << 33 - 1, time: 0)
    #expect(blocks.count == 512)
    let entry = try Self.firstEntry(blocks)
    #expect(entry.size == 1 << 33 - 1)
    #expect(entry.pax.isEmpty)
  }

  @Test(arguments: [
    // A 155-byte prefix and a 100-byte name: the longest path ustar holds.
    (String(repeating: "p", count: 155) + "/" + String(repeating: "n", count: 100), [String]()),
    // One byte more either side, and it needs a pax record.
    (String(repeating: "p", count: 156) + "/" + String(repeating: "n", count: 99), ["path"]),
    (String(repeating: "p", count: 100) + "/" + String(repeating: "n", count: 101), ["path"]),
    // The last usable slash is taken when there are several.
    ("a/" + String(repeating: "b", count: 150) + "/" + String(repeating: "c", count: 90), []),
  ])
  func pathsAtUstarsLimits(path: String, pax: [String]) throws {
    let entry = try Self.firstEntry(TarHeader.blocks(path: Array(path.utf8), kind: .file, size: 0, time: 0))
    #expect(entry.name == path)
    #expect(entry.pax == pax)
  }

  @Test func theChecksumIsReadBackByGNUAndBSDTar() throws {
    // tar refuses a header whose checksum does not add up ("checksum error", "Damaged tar archive").
    let blocks =
      TarHeader.blocks(path: Array("ü/x".utf8), kind: .directory, size: 0, time: 12345) + TarHeader.zeros
    let url = try ArchiveTesting.file(blocks, named: "one.tar")
    let (status, listing) = try ArchiveTesting.run("tar", ["-tf", url.path])
    #expect(status == 0)
    #expect(listing.split(separator: "\n").count == 1)
  }

  @Test func namesSortByTheirBytes() {
    #expect(
      ArchiveName.sorted(["b", "a/b", "a.txt", "a", "Z", "\u{E9}", "e\u{301}", "a-b", "a/"])
        == ["Z", "a", "a-b", "a.txt", "a/", "a/b", "b", "e\u{301}", "\u{E9}"])
  }
}
