import Foundation
import Testing

@testable import StateProofRead

@Suite struct JUnitTextTests {
  static func seconds(_ text: String) -> Double? {
    text.withCString { $0.withMemoryRebound(to: UInt8.self, capacity: text.utf8.count + 1, JUnitText.seconds) }
  }

  @Test(arguments: ["0", "0.5", "1.25", "12", "0.000832083", "15.553686000999999", "4.486", "1e-3", " 7.5 ", "99.9"])
  func readsTimesExactlyAsSwiftDoes(_ text: String) {
    #expect(Self.seconds(text) == Double(text.trimmingCharacters(in: .whitespaces)))
  }

  @Test func readsLocalisedAndRejectsNonsense() {
    #expect(Self.seconds("1,5") == 1.5)
    #expect(Self.seconds("1,234.56") == 1234.56)
    for text in ["", ".", "-1", "abc", "1.2.3", "inf", "nan", "0x10", "1 2", String(repeating: "9", count: 40)] {
      #expect(Self.seconds(text) == nil, "\(text)")
    }
  }
}
