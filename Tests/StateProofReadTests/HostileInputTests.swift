import Foundation
import StateProofModel
import Testing
import StateProofTestSupport

@testable import StateProofRead

/// Inputs no device prints: each must be read without a crash or a blow-up, and the permission
/// line after it must still be found.
@Suite struct HostileInputTests {
  static let good = Data("\n    android.permission.CAMERA: granted=false, flags=[ USER_SET|USER_FIXED]\n".utf8)

  func readsTheGoodLineAfter(_ noise: Data) -> SeedReadResult {
    let result = SeedLogReader.read(noise + Self.good, from: Fixture.file("hostile.log"))
    #expect(result.seeds.last?.state == "blocked")
    #expect(result.seeds.last?.permission == "android.permission.CAMERA")
    return result
  }

  // How fast such lines are read is measured by scripts/check-hostile beside its reference, not
  // asserted here; these check what is read.
  @Test func tenMegabyteLine() {
    let result = readsTheGoodLineAfter(Data(repeating: UInt8(ascii: "a"), count: 10_000_000))
    #expect(result.seeds.count == 1)
  }

  @Test func tenMegabyteLineOfNearMisses() {
    let pattern = Array("x.y: granted=maybe granted= seed did not take: wanteX ".utf8)
    var bytes: [UInt8] = []
    while bytes.count < 10_000_000 { bytes += pattern }
    let result = readsTheGoodLineAfter(Data(bytes))
    #expect(result.problems.count == 1)
  }

  /// Fresh noise each run, from a printed seed (`STATEPROOF_TEST_SEED` replays it).
  @Test func binaryNoise() {
    var generator = SeededRandom.printed()
    let noise = Data(generator.bytes(200_000))
    let result = readsTheGoodLineAfter(noise)
    #expect(result.seeds.last?.state == "blocked", "seed \(generator.seed)")
  }

  @Test func invalidUTF8AndNULBytes() {
    // FF FE not first: at a file's start it is UTF-16LE's byte-order mark, and the file is read
    // as UTF-16 (TextEncodingReadTests).
    let noise = Data([0xC3, 0x28, 0xFF, 0xFE, 0x00, 0x0A, 0xED, 0xA0, 0x80, 0x00, 0x00])
    _ = readsTheGoodLineAfter(noise)
    let inLine =
      Data("android.permission.CAMERA: granted=true, flags=[ USER_SET|\u{0}\u{FFFD}]".utf8)
      + Data([0xFF, 0x0A])
    let result = SeedLogReader.read(inLine, from: Fixture.file("nul.log"))
    #expect(result.seeds.first?.state == "granted")
  }

  @Test func tenThousandFlags() throws {
    let flags = (0..<10_000).map { $0 % 2 == 0 ? "USER_SENSITIVE_WHEN_GRANTED" : "FLAG_\($0)" }
    let line = "android.permission.CAMERA: granted=false, flags=[ \(flags.joined(separator: "|"))|USER_FIXED]"
    let result = readsTheGoodLineAfter(Data(line.utf8))
    #expect(result.seeds.first?.flags.count == 10_001)
    #expect(result.seeds.first?.state == "blocked")
  }

  @Test func unterminatedEscapeAndBracket() {
    _ = readsTheGoodLineAfter(Data("\u{1B}[".utf8) + Data(repeating: UInt8(ascii: "1"), count: 100_000))
    _ = readsTheGoodLineAfter(Data("[".utf8) + Data(repeating: UInt8(ascii: " "), count: 100_000))
  }

  @Test func emptyInput() {
    let result = SeedLogReader.read(Data(), from: Fixture.file("empty.log"))
    #expect(result.seeds.isEmpty && result.problems.isEmpty)
    #expect(DumpsysScan.scan(Data()).entries.isEmpty)
  }
}
