import Foundation
import StateProofSystem
import StateProofTestSupport
import Testing

/// The one way a file is opened to read: regular files only, decided on the opened descriptor.
@Suite(.temporaryFolders) struct RegularFileTests {
  @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
    let fifo = try TemporaryFolder.make().appendingPathComponent("pipe")
    try #require(mkfifo(fifo.path, 0o600) == 0)
    #expect(throws: RegularFileError.notRegular(kind: "a FIFO (named pipe)")) { try RegularFile.open(fifo.path).get() }
    #expect(throws: RegularFileError.notRegular(kind: "a FIFO (named pipe)")) { try SHA256.file(at: fifo.path).get() }
  }

  @Test func aFolderOrNothingIsRefused() throws {
    let folder = try TemporaryFolder.make()
    #expect(throws: RegularFileError.notRegular(kind: "a folder")) { try RegularFile.open(folder.path).get() }
    let missing = folder.appendingPathComponent("missing").path
    #expect(throws: RegularFileError.cannotOpen(reason: String(cString: strerror(ENOENT)))) {
      try RegularFile.open(missing).get()
    }
  }

  @Test func readsAtAnyOffsetAsMemoryDoes() throws {
    var random = SeededRandom(seed: 6)
    let bytes = random.bytes(200_000)
    let url = try TemporaryFolder.make().appendingPathComponent("data")
    try Data(bytes).write(to: url)
    let file = try RegularFile.open(url.path).get()
    let memory = MemoryBytes(bytes)
    for (offset, count) in [(0, 10), (199_990, 64), (100_000, 100_000), (200_000, 8), (300_000, 8), (-1, 8), (5, 0)] {
      let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
      defer { buffer.deallocate() }
      let read = try file.read(at: offset, into: buffer)
      let expected = offset >= 0 && offset < bytes.count ? Array(bytes[offset..<min(bytes.count, offset + count)]) : []
      #expect(Array(buffer.prefix(read)) == expected, "offset \(offset), \(count) bytes")
      #expect(memory.read(at: offset, into: buffer) == expected.count, "memory: offset \(offset)")
    }
    // The descriptor's own position is left where it was.
    #expect(try file.read(upTo: 4).get() == Data(bytes.prefix(4)))
  }

  @Test func readsUpToALimitThenTheRest() throws {
    var random = SeededRandom(seed: 5)
    let bytes = random.bytes(200_000)
    let url = try TemporaryFolder.make().appendingPathComponent("bytes")
    try Data(bytes).write(to: url)
    let file = try RegularFile.open(url.path).get()
    #expect(file.size == bytes.count)
    #expect(try file.read(upTo: 70_000).get() == Data(bytes.prefix(70_000)))
    #expect(try file.read(upTo: 1 << 20).get() == Data(bytes.dropFirst(70_000)))
    #expect(try file.read(upTo: 10).get().isEmpty)
  }

  @Test func hashesAFileAsItsBytes() throws {
    var random = SeededRandom(seed: 6)
    let bytes = Data(random.bytes(3 << 20))
    let url = try TemporaryFolder.make().appendingPathComponent("bytes")
    try bytes.write(to: url)
    let hashed = try SHA256.file(at: url.path).get()
    #expect(hashed.bytes == bytes.count)
    #expect(hashed.sha256 == SHA256.hex(of: bytes))
  }
}
