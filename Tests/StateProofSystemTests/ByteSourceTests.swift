import Foundation
import StateProofArchive
import StateProofJSON
import StateProofSystem
import StateProofTestSupport
import Testing

/// One ``ByteSource`` feeds both readers that stream bytes: the JSON pull parser and the archive
/// writer take the same values (a file descriptor, bytes in memory, a source that fails) and
/// read the same bytes from them.
@Suite(.temporaryFolders) struct ByteSourceTests {
  /// A document large enough to take several of the parser's chunks and the archive's buffers.
  private static let document = Array(
    ("[" + (0..<4_000).map { #"{"row": \#($0), "state": "denied once"}"# }.joined(separator: ", ") + "]").utf8)

  /// An archive sink that keeps what it is given.
  private final class Collected: ArchiveSink {
    var bytes: [UInt8] = []
    func write(_ bytes: UnsafeRawBufferPointer) throws(ArchiveIOError) { self.bytes.append(contentsOf: bytes) }
  }

  private static func parsed(_ source: some ByteSource) throws -> JSONNode {
    var parser = JSONPullParser(source)
    return try parser.readNode()
  }

  private static func archived(_ source: inout some ByteSource, size: Int) throws -> [UInt8] {
    let writer = try ArchiveWriter(sink: Collected(), modificationTime: 0)
    try writer.addFile("document.json", size: size, from: &source)
    return try writer.finish().bytes
  }

  @Test func bothReadersTakeADescriptorBytesInMemoryAndATrickle() throws {
    let url = try TemporaryFolder.make().appendingPathComponent("document.json")
    try Data(Self.document).write(to: url)
    let file = try RegularFile.open(url.path).get()
    let expectedValue = try Self.parsed(MemoryBytes(Self.document))
    #expect(try Self.parsed(FileDescriptorSource(file.descriptor)) == expectedValue)
    #expect(try Self.parsed(TrickleSource(Self.document, step: 997)) == expectedValue)

    var inMemory = MemoryBytes(Self.document)
    let expectedArchive = try Self.archived(&inMemory, size: Self.document.count)
    #expect(lseek(file.descriptor, 0, SEEK_SET) == 0)
    var descriptor = FileDescriptorSource(file.descriptor)
    #expect(try Self.archived(&descriptor, size: Self.document.count) == expectedArchive)
    var trickle = TrickleSource(Self.document, step: 997)
    #expect(try Self.archived(&trickle, size: Self.document.count) == expectedArchive)
  }

  @Test func aFailingSourceIsEachReadersOwnErrorWithTheSameReason() throws {
    let broken = TrickleSource(Array("[1, 2".utf8), step: 2, failure: "Input/output error")
    let jsonError = #expect(throws: JSONError.self) { _ = try Self.parsed(broken) }
    #expect(jsonError?.reason == .unreadable("Input/output error"))

    var source = broken
    #expect(throws: ArchiveError.cannotRead(name: "document.json", reason: "Input/output error")) {
      _ = try Self.archived(&source, size: 10)
    }
  }

  @Test func aDescriptorThatCannotBeReadSaysWhy() throws {
    // A descriptor open for writing only: read(2) fails with EBADF.
    let url = try TemporaryFolder.make().appendingPathComponent("write-only")
    try Data().write(to: url)
    let descriptor = open(url.path, O_WRONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var source = FileDescriptorSource(descriptor)
    var buffer = [UInt8](repeating: 0, count: 16)
    #expect(throws: ByteSourceError(reason: String(cString: strerror(EBADF)))) {
      _ = try buffer.withUnsafeMutableBytes { buffer throws(ByteSourceError) in try source.read(into: buffer) }
    }
  }
}
