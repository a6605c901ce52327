import Foundation
import StateProofArchive
import Testing
import StateProofSystem
import StateProofTestSupport

/// What the writer refuses, and how a failure part-way leaves no archive that looks whole.
@Suite(.temporaryFolders) struct ArchiveErrorTests {
  @Test(arguments: [
    ("", ArchiveError.emptyName),
    ("/etc/passwd", .absoluteName("/etc/passwd")),
    ("..", .parentComponent("..")),
    ("report/../../x", .parentComponent("report/../../x")),
    ("a/./b", .untidyComponent("a/./b")),
    (".", .untidyComponent(".")),
    ("a//b", .untidyComponent("a//b")),
    ("a/", .untidyComponent("a/")),
    ("a\0b", .nulInName("a\0b")),
  ])
  func refusesNamesThatCouldEscapeOrHaveTwoSpellings(name: String, expected: ArchiveError) throws {
    let writer = try ArchiveWriter(sink: CollectedBytes(), modificationTime: 0)
    #expect(throws: expected) { try writer.addDirectory(name) }
    var source = MemoryBytes([1, 2, 3])
    #expect(throws: expected) { try writer.addFile(name, size: 3, from: &source) }
    // Nothing was written for it: the archive goes on and holds only what was accepted.
    try writer.addFile("kept", size: 3, from: &source)
    let listing = try TarListing.read(try writer.finish().bytes)
    #expect(listing.members.map(\.name) == ["kept"])
    #expect(listing.members.first?.bytes == [1, 2, 3])
  }

  @Test func aNameIsAddedOnce() throws {
    let writer = try ArchiveWriter(sink: CollectedBytes(), modificationTime: 0)
    try writer.addDirectory("report")
    var source = MemoryBytes([])
    #expect(throws: ArchiveError.duplicateName("report")) { try writer.addFile("report", size: 0, from: &source) }
    #expect(throws: ArchiveError.duplicateName("report")) { try writer.addDirectory("report") }
    // Bytes decide: é precomposed and decomposed are two names, though Swift calls them equal.
    try writer.addFile("\u{E9}", size: 0, from: &source)
    try writer.addFile("e\u{301}", size: 0, from: &source)
    #expect(try TarListing.read(try writer.finish().bytes).members.count == 3)
  }

  /// The largest time an 11-digit octal field holds, early in the year 2242.
  static let largestTime = 0o77777777777

  @Test(arguments: [-1, largestTime + 1])
  func refusesATimeNoHeaderHolds(time: Int) {
    #expect(throws: ArchiveError.modificationTimeOutOfRange(time)) {
      _ = try ArchiveWriter(sink: CollectedBytes(), modificationTime: time)
    }
  }

  @Test func theLargestTimeFits() throws {
    let archive = try ArchiveTesting.pack([.file("a", [1])], time: Self.largestTime)
    #expect(try TarListing.read(archive).members.first?.mtime == Self.largestTime)
  }

  @Test func aSourceShorterThanItsSizeAbandonsTheArchive() throws {
    let sink = CollectedBytes()
    let writer = try ArchiveWriter(sink: sink, modificationTime: 0)
    var first = MemoryBytes([1, 2, 3, 4])
    try writer.addFile("first", size: 4, from: &first)
    var short = TrickleSource(Array(repeating: 7, count: 900), step: 100)
    #expect(throws: ArchiveError.fileShrank(name: "log", expected: 1000, actual: 900)) {
      try writer.addFile("log", size: 1000, from: &short)
    }
    try Self.expectAbandoned(writer, sink)
  }

  @Test func aSourceLongerThanItsSizeAbandonsTheArchive() throws {
    let sink = CollectedBytes()
    let writer = try ArchiveWriter(sink: sink, modificationTime: 0)
    var long = TrickleSource(Array(repeating: 7, count: 1001), step: 1000)
    #expect(throws: ArchiveError.fileGrew(name: "log", expected: 1000)) {
      try writer.addFile("log", size: 1000, from: &long)
    }
    try Self.expectAbandoned(writer, sink)
  }

  @Test func aFileThatGrowsOrShrinksAfterOpeningAbandonsTheArchive() throws {
    let url = try ArchiveTesting.file(Array(repeating: 1, count: 5000), named: "seed.log")
    let growing = try RegularFile.open(url.path).get()
    let handle = try FileHandle(forWritingTo: url)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data([2, 3]))
    let sink = CollectedBytes()
    let writer = try ArchiveWriter(sink: sink, modificationTime: 0)
    #expect(throws: ArchiveError.fileGrew(name: "seed.log", expected: 5000)) {
      try writer.addFile("seed.log", from: growing)
    }
    try Self.expectAbandoned(writer, sink)

    let shrinking = try RegularFile.open(url.path).get()
    try handle.truncate(atOffset: 3000)
    try handle.close()
    let secondSink = CollectedBytes()
    let second = try ArchiveWriter(sink: secondSink, modificationTime: 0)
    #expect(throws: ArchiveError.fileShrank(name: "seed.log", expected: 5002, actual: 3000)) {
      try second.addFile("seed.log", from: shrinking)
    }
    try Self.expectAbandoned(second, secondSink)
  }

  @Test func aReadFailureNamesTheFile() throws {
    let sink = CollectedBytes()
    let writer = try ArchiveWriter(sink: sink, modificationTime: 0)
    var broken = TrickleSource([1, 2, 3], step: 2, failure: "Input/output error")
    #expect(throws: ArchiveError.cannotRead(name: "evidence/x.png", reason: "Input/output error")) {
      try writer.addFile("evidence/x.png", size: 10, from: &broken)
    }
    try Self.expectAbandoned(writer, sink)
  }

  @Test func aWriteFailureIsReported() throws {
    #expect(throws: ArchiveError.cannotWrite(reason: "No space left on device")) {
      _ = try ArchiveWriter(sink: FailingSink(capacity: 3), modificationTime: 0)
    }
    var random = SeededRandom(seed: 2)
    let writer = try ArchiveWriter(sink: FailingSink(capacity: 100_000), modificationTime: 0)
    var noise = MemoryBytes(random.bytes(400_000))
    #expect(throws: ArchiveError.cannotWrite(reason: "No space left on device")) {
      try writer.addFile("noise", size: noise.count, from: &noise)
    }
    #expect(throws: ArchiveError.abandoned) { _ = try writer.finish() }
  }

  @Test func nothingIsAddedOnceFinished() throws {
    let writer = try ArchiveWriter(sink: CollectedBytes(), modificationTime: 0)
    _ = try writer.finish()
    #expect(throws: ArchiveError.finished) { try writer.addDirectory("late") }
    #expect(throws: ArchiveError.finished) { _ = try writer.finish() }
  }

  @Test func messagesNameTheEntryAndWhatToDo() {
    #expect(
      ArchiveError.fileShrank(name: "evidence/a.log", expected: 10, actual: 4).description
        == "evidence/a.log shrank while it was archived (10 bytes when opened, 4 read); "
        + "the archive is incomplete and was abandoned")
    #expect(ArchiveError.nulInName("a\0b").description.contains("a\\0b"))
    #expect(ArchiveError.parentComponent("../x").description.contains("outside the destination folder"))
  }

  /// Every further call fails, and what reached the sink is no complete gzip stream, so no
  /// reader could take it for a whole archive.
  private static func expectAbandoned(_ writer: ArchiveWriter<CollectedBytes>, _ sink: CollectedBytes) throws {
    #expect(throws: ArchiveError.abandoned) { try writer.addDirectory("more") }
    #expect(throws: ArchiveError.abandoned) { _ = try writer.finish() }
    let script = """
      import gzip, sys
      try:
          gzip.decompress(open(sys.argv[1], "rb").read())
          print('"complete"')
      except EOFError:
          print('"incomplete"')
      """
    #expect(
      try ArchiveTesting.python(script, [try ArchiveTesting.file(sink.bytes).path], as: String.self) == "incomplete")
  }
}
