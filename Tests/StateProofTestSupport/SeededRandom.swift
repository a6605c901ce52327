import Foundation

/// SplitMix64: the same numbers on every run and platform, so a failing input can be replayed.
/// Tests that want fresh inputs each run take ``printed(_:)``: a new seed, printed, which
/// `STATEPROOF_TEST_SEED=<seed>` replays.
public struct SeededRandom: RandomNumberGenerator {
  public let seed: UInt64
  private var state: UInt64

  public init(seed: UInt64) {
    self.seed = seed
    state = seed
  }

  /// A generator seeded from `STATEPROOF_TEST_SEED` when set, else from a fresh random seed; the
  /// seed is printed with the line that replays it, naming `test`.
  public static func printed(_ test: String = #function) -> SeededRandom {
    let given = ProcessInfo.processInfo.environment["STATEPROOF_TEST_SEED"].flatMap { UInt64($0) }
    let seed = given ?? UInt64.random(in: 0...UInt64.max)
    let name = test.prefix { $0 != "(" }
    print("\(name): random seed \(seed) (replay: STATEPROOF_TEST_SEED=\(seed) swift test --filter \(name))")
    return SeededRandom(seed: seed)
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// `count` bytes of noise.
  public mutating func bytes(_ count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + 8)
    while bytes.count < count {
      let word = next()
      for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
    }
    return Array(bytes.prefix(count))
  }

  /// `count` bytes of log-like text: lines of words from a small vocabulary and numbers.
  public mutating func text(_ count: Int) -> [UInt8] {
    let words = [
      "permission", "granted", "denied", "camera", "location", "I/ActivityManager:", "pid", "uid=10123",
      "android.permission.CAMERA", "flags=[", "USER_SET", "]", "2026-11-30", "INFO", "test", "passed",
    ]
    var text: [UInt8] = []
    while text.count < count {
      for _ in 0..<Int.random(in: 3...12, using: &self) {
        text += Array(words.randomElement(using: &self)!.utf8) + [UInt8(ascii: " ")]
        if Bool.random(using: &self) { text += Array(String(Int.random(in: 0...99_999, using: &self)).utf8) + [32] }
      }
      text.append(UInt8(ascii: "\n"))
    }
    return Array(text.prefix(count))
  }
}
