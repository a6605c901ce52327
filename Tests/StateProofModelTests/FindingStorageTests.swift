import Foundation
import Testing
import StateProofModel
import StateProofSystem

/// A finding whose message is kept in parts (one per unreadable file, sharing its path) is the
/// same value as one given the whole text: equal, hashed, ordered and written alike, and read
/// back byte for byte.
@Suite struct FindingStorageTests {
  private let path = "shard-0000/TEST-0000001.xml"

  private func whole(_ message: String) -> Finding {
    Finding(code: .unreadableEvidence, severity: .error, message: message, files: [path])
  }

  private func encoded(_ finding: Finding) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return try encoder.encode(finding)
  }

  @Test func partsAreTheSameValueAsTheWholeText() throws {
    let parts = Finding(
      code: .unreadableEvidence, severity: .error,
      joining: ("Could not read ", path, ":1:1: ", "malformed XML: Extra content at the end of the document."),
      files: [path])
    let text = "Could not read \(path):1:1: malformed XML: Extra content at the end of the document."
    #expect(parts.message == text)
    #expect(parts == whole(text))
    #expect(parts.hashValue == whole(text).hashValue)
    #expect(!(parts < whole(text)) && !(whole(text) < parts))
    #expect(try encoded(parts) == encoded(whole(text)))
    #expect(parts != whole(text + " "))
    #expect(whole("A") < parts && parts < whole(text + " "))
  }

  @Test func aMessageReadBackIsTheSameBytes() throws {
    for message in [
      "Could not read \(path):1:1: malformed XML: Extra content at the end of the document.",
      "\(path) is named twice: \(path).", "short", "no file named in this message at all",
    ] {
      let finding = whole(message)
      let read = try JSONDecoder().decode(Finding.self, from: try encoded(finding))
      #expect(read == finding)
      #expect(Array(read.message.utf8) == Array(message.utf8))
      #expect(read.files == [path])
    }
  }

  /// A message that names a normalisation twin of its file is not split on it: bytes decide.
  @Test func aTwinOfTheFileNameIsNotTheFileName() throws {
    let composed = "extra-\u{00C5}.png"
    let decomposed = "extra-A\u{030A}.png"
    let finding = Finding(
      code: .unreadableEvidence, severity: .error, message: "Could not read \(composed): broken.", files: [decomposed])
    let read = try JSONDecoder().decode(Finding.self, from: try encoded(finding))
    #expect(Array(read.message.utf8) == Array("Could not read \(composed): broken.".utf8))
    #expect(read.files.map { Array($0.utf8) } == [Array(decomposed.utf8)])
  }

  /// A finding shares its file's path with the record only when the bytes are the same.
  @Test func aFindingSharesOnlyThePathOfTheSameBytes() {
    let composed = "extra-\u{00C5}.png"
    let decomposed = "extra-A\u{030A}.png"
    let message = "Could not read \(composed): broken."
    var finding = Finding(
      code: .unreadableEvidence, severity: .error, joining: ("Could not read ", composed, ": broken.", ""),
      files: [composed])
    finding.share(path: decomposed)
    #expect(finding.files.map { Array($0.utf8) } == [Array(composed.utf8)])
    #expect(Array(finding.message.utf8) == Array(message.utf8))
    finding.share(path: String(decoding: Array(composed.utf8), as: UTF8.self))
    #expect(finding.files.map { Array($0.utf8) } == [Array(composed.utf8)])
    #expect(Array(finding.message.utf8) == Array(message.utf8))
  }

  /// Texts are shared by their bytes: a normalisation twin is handed back as itself.
  @Test func sharedTextsKeepTheirBytes() {
    let composed = "problem with \u{00C5} in the name, long enough"
    let decomposed = "problem with A\u{030A} in the name, long enough"
    #expect(composed == decomposed, "Swift sees one text")
    let first = SharedText.shared(composed)
    let second = SharedText.shared(decomposed)
    #expect(Array(first.utf8) == Array(composed.utf8))
    #expect(Array(second.utf8) == Array(decomposed.utf8))
    #expect(Array(SharedText.shared(String(decomposed)).utf8) == Array(decomposed.utf8))
  }
}
