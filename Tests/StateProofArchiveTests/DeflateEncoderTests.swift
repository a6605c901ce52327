import Foundation
import Testing
import StateProofTestSupport

@testable import StateProofArchive

/// The DEFLATE encoder against zlib's decoder (Python's `zlib.decompress(data, -15)`), on inputs
/// of every kind and size, fed in random pieces; and its sizes where they are predictable.
@Suite(.temporaryFolders) struct DeflateEncoderTests {
  /// The raw DEFLATE stream for `bytes`, written in pieces of the sizes `random` picks.
  static func deflate(_ bytes: [UInt8], random: inout SeededRandom) -> [UInt8] {
    let encoder = DeflateEncoder()
    var output: [UInt8] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + Int.random(in: 1...150_000, using: &random))
      bytes[start..<end].withUnsafeBytes { encoder.write($0) }
      encoder.drain { output.append(contentsOf: $0) }
      start = end
    }
    encoder.finish()
    encoder.drain { output.append(contentsOf: $0) }
    return output
  }

  /// Inputs that reach each of the encoder's edges: empty, tiny, runs, text, noise, a repeat at
  /// exactly the window's reach and just past it, mixtures larger than its buffer.
  static func inputs(_ random: inout SeededRandom) -> [(name: String, bytes: [UInt8])] {
    // Bytes above 0x7F that the ASCII text between their two copies never holds: the only
    // match for the second copy is the first, exactly at the window's reach or one byte past it.
    let window = 32_768
    let marked = random.bytes(300).map { $0 | 0x80 }
    let filler = random.text(window)
    var cases: [(String, [UInt8])] = [
      ("empty", []), ("one byte", [7]), ("two bytes", [7, 7]), ("three equal", [9, 9, 9]),
      ("zeros 1 MB", [UInt8](repeating: 0, count: 1 << 20)),
      ("period 3", Array(repeating: [1, 2, 3], count: 100_000).flatMap { $0 }),
      ("repeat at the window's reach", marked + filler.prefix(window - 300) + marked),
      ("repeat past the window's reach", marked + filler.prefix(window - 299) + marked),
      ("all 256 byte values", (0...255).map { UInt8($0) }),
      (
        "all 256 byte values, shuffled 300 times",
        (0..<300).flatMap { _ in (0...255).map { UInt8($0) }.shuffled(using: &random) }
      ),
      ("repeats of 258 bytes", Array(repeating: random.bytes(258), count: 400).flatMap { $0 }),
      ("repeats of 259 bytes", Array(repeating: random.bytes(259), count: 400).flatMap { $0 }),
      ("fibonacci frequencies", fibonacci(&random)),
      ("text 700 KB", random.text(700_000)),
      ("noise 600 KB", random.bytes(600_000)),
      (
        "mixed 1.2 MB",
        random.text(300_000) + random.bytes(200_000) + random.text(100_000) + [UInt8](repeating: 0xFF, count: 70_000)
          + random.bytes(300_000) + random.text(230_000)
      ),
    ]
    for index in 0..<40 {
      let size = Int.random(in: 0...90_000, using: &random)
      var bytes: [UInt8] = []
      while bytes.count < size {
        // A random walk through runs, text, noise and copies of earlier bytes.
        let piece = Int.random(in: 1...4_000, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes += [UInt8](repeating: UInt8.random(in: 0...255, using: &random), count: piece)
        case 1: bytes += random.text(piece)
        case 2: bytes += random.bytes(piece)
        default:
          guard !bytes.isEmpty else { continue }
          let from = Int.random(in: 0..<bytes.count, using: &random)
          bytes += bytes[from..<min(bytes.count, from + piece)]
        }
      }
      cases.append(("random walk \(index)", Array(bytes.prefix(size))))
    }
    return cases
  }

  /// Bytes whose frequencies follow the Fibonacci numbers from 1, 2 (with the end-of-block
  /// symbol's 1, the whole sequence), shuffled: unlimited, their Huffman code would be a chain 18
  /// bits deep.
  static func fibonacci(_ random: inout SeededRandom) -> [UInt8] {
    var counts = [1, 2]
    while counts.count < 18 { counts.append(counts[counts.count - 1] + counts[counts.count - 2]) }
    return counts.enumerated().flatMap { symbol, count in
      [UInt8](repeating: UInt8(symbol * 13 % 256), count: count)
    }.shuffled(using: &random)
  }

  @Test func zlibInflatesEveryStreamToItsInput() throws {
    var random = SeededRandom(seed: 1951)
    let cases = Self.inputs(&random)
    let folder = try TemporaryFolder.make()
    for (index, (_, bytes)) in cases.enumerated() {
      try Data(bytes).write(to: folder.appendingPathComponent("\(index).raw"))
      try Data(Self.deflate(bytes, random: &random)).write(to: folder.appendingPathComponent("\(index).deflate"))
    }
    let script = #"""
      import json, sys, zlib
      results = []
      for index in range(int(sys.argv[2])):
          raw = open(f"{sys.argv[1]}/{index}.raw", "rb").read()
          packed = open(f"{sys.argv[1]}/{index}.deflate", "rb").read()
          inflater = zlib.decompressobj(-15)
          try:
              out = inflater.decompress(packed)
              results.append("ok" if out == raw and inflater.eof and not inflater.unused_data
                             else f"differs: {len(out)} bytes of {len(raw)}, eof {inflater.eof}")
          except zlib.error as error:
              results.append(f"zlib: {error}")
      print(json.dumps(results))
      """#
    let results = try ArchiveTesting.python(script, [folder.path, String(cases.count)], as: [String].self)
    try #require(results.count == cases.count)
    for ((name, _), result) in zip(cases, results) { #expect(result == "ok", "\(name)") }
  }

  @Test func noiseIsStoredAndGrowsByOnlyTheBlockHeaders() {
    var random = SeededRandom(seed: 5)
    let bytes = random.bytes(500_000)
    let packed = Self.deflate(bytes, random: &random)
    // Each stored block adds 5 bytes, blocks hold at most 65,535 bytes and end at least every
    // 16,384 symbols and whenever the window slides.
    #expect(packed.count > bytes.count)
    #expect(packed.count <= bytes.count + 5 * (bytes.count / 16_384 + 10))
  }

  @Test func repetitionShrinksAHundredfold() {
    var random = SeededRandom(seed: 6)
    #expect(Self.deflate([UInt8](repeating: 0, count: 1 << 20), random: &random).count < (1 << 20) / 100)
    let text = random.text(400_000)
    #expect(Self.deflate(text, random: &random).count < text.count / 3)
  }

  @Test func theEmptyStreamIsOneFinalFixedBlock() {
    var random = SeededRandom(seed: 0)
    // BFINAL 1, BTYPE 01, then the end-of-block code (seven zero bits): what zlib writes too.
    #expect(Self.deflate([], random: &random) == [0x03, 0x00])
  }

  @Test func theSameBytesGiveTheSameStreamHoweverTheyArrive() {
    var random = SeededRandom(seed: 12)
    let bytes = random.text(400_000) + random.bytes(50_000) + random.text(300_000)
    var first = SeededRandom(seed: 1)
    var second = SeededRandom(seed: 2)
    let once = Self.deflate(bytes, random: &first)
    #expect(Self.deflate(bytes, random: &second) == once)
    #expect(Self.deflate(bytes, random: &first) == once)
  }

  @Test func textIsCodedWithItsOwnCodes() throws {
    var random = SeededRandom(seed: 7)
    let header = try #require(DeflateBlockHeader(Self.deflate(random.text(100_000), random: &random)))
    #expect(header.type == 2)
    #expect(HuffmanCodeTests.kraft(header.literalLengths.map(UInt8.init)) == 1 << 15)
  }

  @Test func aSkewedBlockKeepsItsCodesWithinFifteenBitsAndZlibReadsIt() throws {
    // Literals alone (LZ77 would turn the frequent bytes into matches and flatten the counts):
    // unlimited, the Fibonacci counts would make a code 18 bits deep.
    var random = SeededRandom(seed: 8)
    let bytes = Self.fibonacci(&random)
    let output = DeflateBitStream(capacity: 1 << 16)
    bytes.map(UInt32.init).withUnsafeBufferPointer { symbols in
      bytes.withUnsafeBytes { DeflateBlockWriter.write(symbols: symbols, raw: $0, final: true, to: output) }
    }
    output.alignToByte()
    var stream: [UInt8] = []
    output.drain { stream.append(contentsOf: $0) }
    let header = try #require(DeflateBlockHeader(stream))
    try #require(header.type == 2)
    #expect(header.literalLengths.max() == 15)
    #expect(header.codeLengthLengths.max()! <= 7)
    for lengths in [header.literalLengths, header.distanceLengths, header.codeLengthLengths] {
      #expect(HuffmanCodeTests.kraft(lengths.map(UInt8.init)) == 1 << 15)
    }
    let inflated = try ArchiveTesting.python(
      "import sys, zlib; print(list(zlib.decompress(open(sys.argv[1], 'rb').read(), -15)))",
      [try ArchiveTesting.file(stream, named: "skewed.deflate").path], as: [UInt8].self)
    #expect(inflated == bytes)
  }
}
