import Foundation
import StateProofSystem
import Testing

@Suite struct SHA256Tests {
  @Test func knownVectors() {
    #expect(
      SHA256.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      SHA256.hex(of: Data("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func incrementalEqualsWhole() {
    let bytes = Data((0..<10_000).map { UInt8($0 % 251) })
    let hasher = SHA256()
    bytes.prefix(3333).withUnsafeBytes { hasher.update($0) }
    bytes.dropFirst(3333).withUnsafeBytes { hasher.update($0) }
    #expect(hasher.finalize() == SHA256.hex(of: bytes))
  }
}
