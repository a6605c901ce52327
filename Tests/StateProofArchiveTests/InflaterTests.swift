import Foundation
import StateProofSystem
import StateProofTestSupport
import Testing

@testable import StateProofArchive

/// The DEFLATE decoder against the package's own encoder, against zlib's streams (Python's
/// `zlib.compressobj(wbits=-15)` at every kind of level and strategy), and against streams broken
/// in every way one can be: each is refused with its reason, never a crash, a hang or output past
/// the limit.
@Suite(.temporaryFolders) struct InflaterTests {
  static func inflate(_ stream: [UInt8], limit: Int = 1 << 26) throws(InflateError) -> [UInt8] {
    try Inflater.inflate(MemoryBytes(stream), limit: limit)
  }

  /// `stream` handed over a few bytes at a time, so every refill edge is crossed.
  static func inflateTrickled(_ stream: [UInt8], step: Int) throws -> [UInt8] {
    try Inflater.inflate(TrickleSource(stream, step: step), limit: 1 << 26)
  }

  @Test func inflatesWhatTheEncoderWrites() throws {
    var random = SeededRandom(seed: 1951)
    for (name, bytes) in DeflateEncoderTests.inputs(&random) {
      let stream = DeflateEncoderTests.deflate(bytes, random: &random)
      #expect(try Self.inflate(stream) == bytes, "\(name)")
    }
  }

  @Test func inflatesInputArrivingAFewBytesAtATime() throws {
    var random = SeededRandom(seed: 3)
    let bytes = random.text(40_000) + random.bytes(3_000) + [UInt8](repeating: 7, count: 70_000)
    let stream = DeflateEncoderTests.deflate(bytes, random: &random)
    for step in [1, 2, 3, 7, 64] { #expect(try Self.inflateTrickled(stream, step: step) == bytes, "step \(step)") }
  }

  @Test func inflatesZlibStreamsOfEveryLevelAndStrategy() throws {
    let folder = try TemporaryFolder.make()
    // Stored (level 0), fixed Huffman (Z_FIXED), run-length only (Z_RLE), Huffman only, and the
    // usual levels; inputs of text, noise, runs and a mixture, some larger than a stored block.
    let script = #"""
      import random, sys, zlib
      rng = random.Random(47)
      words = [b"uses-permission", b"android", b"CAMERA", b"\x00\x01", b"manifest", b" ", b"\n"]
      inputs = {
        "empty": b"",
        "byte": b"x",
        "text": b"".join(rng.choice(words) for _ in range(40000)),
        "noise": bytes(rng.getrandbits(8) for _ in range(150000)),
        "run": b"\xaa" * 300000,
        "mixed": b"".join(rng.choice(words) * rng.randint(1, 40) + bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 300))) for _ in range(2000)),
      }
      settings = [(0, zlib.Z_DEFAULT_STRATEGY), (1, zlib.Z_DEFAULT_STRATEGY), (6, zlib.Z_DEFAULT_STRATEGY),
                  (9, zlib.Z_DEFAULT_STRATEGY), (6, zlib.Z_FIXED), (6, zlib.Z_RLE), (6, zlib.Z_HUFFMAN_ONLY),
                  (9, zlib.Z_FILTERED)]
      count = 0
      for name, data in inputs.items():
          for level, strategy in settings:
              compressor = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
              stream = compressor.compress(data) + compressor.flush()
              open(f"{sys.argv[1]}/{count}.raw", "wb").write(data)
              open(f"{sys.argv[1]}/{count}.deflate", "wb").write(stream)
              open(f"{sys.argv[1]}/{count}.name", "w").write(f"{name} level {level} strategy {strategy}")
              count += 1
      print(count)
      """#
    let count = try ArchiveTesting.python(script, [folder.path], as: Int.self)
    #expect(count == 48)
    for index in 0..<count {
      let raw = [UInt8](try Data(contentsOf: folder.appendingPathComponent("\(index).raw")))
      let stream = [UInt8](try Data(contentsOf: folder.appendingPathComponent("\(index).deflate")))
      let name = try String(contentsOf: folder.appendingPathComponent("\(index).name"), encoding: .utf8)
      #expect(try Self.inflate(stream) == raw, "\(name)")
    }
  }

  @Test func stopsAtTheLimit() throws {
    var random = SeededRandom(seed: 4)
    let bytes = [UInt8](repeating: 0, count: 1 << 20) + random.bytes(1000)
    let stream = DeflateEncoderTests.deflate(bytes, random: &random)
    #expect(try Self.inflate(stream, limit: bytes.count) == bytes)
    #expect(throws: InflateError.outputLimit(bytes.count - 1)) { try Self.inflate(stream, limit: bytes.count - 1) }
    #expect(throws: InflateError.outputLimit(0)) { try Self.inflate(stream, limit: 0) }
    // A stored block is refused before it is copied.
    #expect(throws: InflateError.outputLimit(4)) {
      try Self.inflate([0x01, 0x05, 0x00, 0xFA, 0xFF, 1, 2, 3, 4, 5], limit: 4)
    }
  }

  @Test func leavesBytesAfterTheLastBlockUnread() throws {
    #expect(try Self.inflate([0x03, 0x00, 0xDE, 0xAD]) == [])
  }

  @Test func refusesEveryCutOfAStream() {
    var random = SeededRandom(seed: 9)
    let bytes = random.text(5_000) + random.bytes(500)
    let stream = DeflateEncoderTests.deflate(bytes, random: &random)
    for length in 0..<stream.count {
      #expect(throws: InflateError.self, "cut at \(length)") { try Self.inflate(Array(stream.prefix(length))) }
    }
    let stored = [0x01, 0x05, 0x00, 0xFA, 0xFF, 1, 2, 3, 4, 5] as [UInt8]
    for length in 0..<stored.count {
      #expect(throws: InflateError.truncated, "stored cut at \(length)") {
        try Self.inflate(Array(stored.prefix(length)))
      }
    }
  }

  @Test func refusesTheReservedBlockType() {
    #expect(throws: InflateError.reservedBlockType) { try Self.inflate([0x07, 0x00]) }
  }

  @Test func refusesAStoredLengthItsComplementDenies() {
    #expect(throws: InflateError.storedLengthMismatch) {
      try Self.inflate([0x01, 0x05, 0x00, 0x00, 0x00, 1, 2, 3, 4, 5])
    }
  }

  @Test func refusesAReferenceBeforeTheStart() {
    var bits = StreamBits()
    bits.put(1, 1)
    bits.put(1, 2)  // fixed Huffman
    bits.code(0x30 + Int(UInt8(ascii: "a")), 8)  // the literal "a"
    bits.code(1, 7)  // length 3 (symbol 257)
    bits.code(1, 5)  // distance 2 (symbol 1), one byte written
    bits.code(0, 7)
    #expect(throws: InflateError.distanceTooFar(distance: 2, available: 1)) { try Self.inflate(bits.bytes) }
  }

  @Test func refusesTheSymbolsDeflateReserves() {
    // Fixed code 286 (11000110) is a length symbol DEFLATE never sends; distance 30 likewise.
    var length = StreamBits()
    length.put(1, 1)
    length.put(1, 2)
    length.code(0b1100_0110, 8)
    #expect(throws: InflateError.invalidSymbol) { try Self.inflate(length.bytes) }
    var distance = StreamBits()
    distance.put(1, 1)
    distance.put(1, 2)
    distance.code(0x30 + 1, 8)
    distance.code(1, 7)
    distance.code(30, 5)
    #expect(throws: InflateError.invalidSymbol) { try Self.inflate(distance.bytes) }
  }

  /// A dynamic block header: the counts, then the code-length code's lengths in DEFLATE's order.
  static func dynamicHeader(literals: Int, distances: Int, codeLengthLengths: [Int]) -> StreamBits {
    var bits = StreamBits()
    bits.put(1, 1)
    bits.put(2, 2)
    bits.put(literals - 257, 5)
    bits.put(distances - 1, 5)
    bits.put(codeLengthLengths.count - 4, 4)
    for length in codeLengthLengths { bits.put(length, 3) }
    return bits
  }

  @Test func refusesInvalidCodeLengths() {
    // Every code-length symbol one bit long: 19 codes where two fit.
    let oversubscribed = Self.dynamicHeader(
      literals: 257, distances: 1, codeLengthLengths: [Int](repeating: 1, count: 19))
    #expect(throws: InflateError.invalidCodeLengths(reason: "more codes than their lengths allow")) {
      try Self.inflate(oversubscribed.bytes + [0, 0, 0, 0])
    }
    // Symbols 16 (repeat) and 17 (zeros) one bit each (order 16, 17, 18, 0): repeat first.
    var repeatFirst = Self.dynamicHeader(literals: 257, distances: 1, codeLengthLengths: [1, 1, 0, 0])
    repeatFirst.code(0, 1)
    repeatFirst.put(0, 2)
    #expect(throws: InflateError.invalidCodeLengths(reason: "a repeat of the previous length before any length")) {
      try Self.inflate(repeatFirst.bytes + [0, 0])
    }
    // 17 and 18 (zeros) one bit each: 138 + 138 zeros run past 258 codes.
    var runPast = Self.dynamicHeader(literals: 257, distances: 1, codeLengthLengths: [0, 1, 1, 0])
    runPast.code(1, 1)
    runPast.put(127, 7)
    runPast.code(1, 1)
    runPast.put(127, 7)
    #expect(throws: InflateError.invalidCodeLengths(reason: "a repeat runs past the last code")) {
      try Self.inflate(runPast.bytes + [0, 0])
    }
    // Only zeros: no code for the end of the block.
    var noEnd = Self.dynamicHeader(literals: 257, distances: 1, codeLengthLengths: [0, 1, 1, 0])
    noEnd.code(1, 1)
    noEnd.put(127, 7)  // 138 zeros
    noEnd.code(1, 1)
    noEnd.put(109, 7)  // 120 more: 258
    #expect(throws: InflateError.invalidCodeLengths(reason: "no code for the end of the block")) {
      try Self.inflate(noEnd.bytes + [0, 0])
    }
    // 287 literal/length codes, more than DEFLATE has.
    let tooMany = Self.dynamicHeader(literals: 287, distances: 1, codeLengthLengths: [0, 0, 0, 0])
    #expect(throws: InflateError.invalidCodeLengths(reason: "287 literal/length and 1 distance codes")) {
      try Self.inflate(tooMany.bytes + [0, 0])
    }
  }

  @Test func refusesAStreamWithoutItsLastBlock() {
    // Empty stored blocks that are never the last.
    let blocks = Array(repeating: [0x00, 0x00, 0x00, 0xFF, 0xFF] as [UInt8], count: 1000).flatMap { $0 }
    #expect(throws: InflateError.truncated) { try Self.inflate(blocks) }
    #expect(throws: InflateError.truncated) { try Self.inflate([]) }
  }

  @Test func damagedStreamsNeverCrashHangOrPassTheLimit() {
    var random = SeededRandom.printed()
    let bytes = random.text(20_000) + random.bytes(2_000) + [UInt8](repeating: 1, count: 5_000)
    let stream = DeflateEncoderTests.deflate(bytes, random: &random)
    for _ in 0..<400 {
      var damaged = stream
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
      }
      if let output = try? Self.inflate(damaged, limit: 40_000) { #expect(output.count <= 40_000) }
    }
    for _ in 0..<400 {
      let noise = random.bytes(Int.random(in: 0...600, using: &random))
      if let output = try? Self.inflate(noise, limit: 40_000) { #expect(output.count <= 40_000) }
    }
  }
}
