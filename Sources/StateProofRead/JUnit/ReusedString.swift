import Foundation

/// The last `String` made from a borrowed byte value, handed out again while the bytes repeat, so
/// thousands of cases sharing a classname share one allocation (and one answer to a byte check).
struct ReusedString {
  private var bytes: [UInt8] = []
  /// A `String` equal to the value last remembered.
  private(set) var string = ""
  private var verdict: Bool?

  /// Takes `value` as the current one; its `String` is made only when the bytes differ from the
  /// last value's.
  mutating func remember(_ value: UnsafeBufferPointer<UInt8>) {
    let count = value.count
    let same =
      count == bytes.count
      && (count == 0 || bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, value.baseAddress!, count) == 0 })
    if !same {
      bytes = Array(value)
      string = String(decoding: bytes, as: UTF8.self)
      verdict = nil
    }
  }

  /// What `check` says of the value last remembered, asked once per value.
  mutating func passes(_ check: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
    if let verdict { return verdict }
    let answer = bytes.withUnsafeBufferPointer(check)
    verdict = answer
    return answer
  }
}
