import Foundation
import StateProofSystem
import StateProofTestSupport
import Testing

/// The one CRC-32 (gzip's trailer, PNG's chunks) against published check values and zlib's.
@Suite(.temporaryFolders) struct CRC32Tests {
  @Test(arguments: [
    ("", UInt32(0)), ("a", 0xE8B7_BE43), ("123456789", 0xCBF4_3926),
    ("The quick brown fox jumps over the lazy dog", 0x414F_A339),
  ])
  func crc32MatchesKnownValues(text: String, expected: UInt32) {
    #expect(CRC32.checksum(Array(text.utf8)) == expected)
  }

  @Test func crc32InPiecesEqualsCRC32WholeAndZlib() throws {
    var random = SeededRandom(seed: 3)
    let bytes = random.bytes(100_000)
    var pieces = CRC32()
    var start = 0
    for size in [0, 1, 7, 4096, 33, 60_000, 100_000] {
      let end = min(start + size, bytes.count)
      bytes[start..<end].withUnsafeBytes { pieces.update($0) }
      start = end
    }
    #expect(pieces.value == CRC32.checksum(bytes))
    // A slice that does not start at index 0, as a PNG header's IHDR chunk is checked.
    #expect(pieces.value == CRC32.checksum(Data([0xFF] + bytes)[1...]))
    let url = try TemporaryFolder.make().appendingPathComponent("bytes")
    try Data(bytes).write(to: url)
    #expect(pieces.value == (try Self.zlibCRC32(of: url)))
  }

  /// zlib's `crc32` of the file at `url`, through Python's binding of it: the independent reference.
  private static func zlibCRC32(of url: URL) throws -> UInt32 {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = [
      "python3", "-c", "import sys, zlib; print(zlib.crc32(open(sys.argv[1], 'rb').read()))", url.path,
    ]
    let printed = Pipe()
    python.standardOutput = printed
    try python.run()
    let text = String(decoding: printed.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    python.waitUntilExit()
    try #require(python.terminationStatus == 0, "python3 with zlib is needed to check CRC-32 independently")
    return try #require(UInt32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
  }
}
