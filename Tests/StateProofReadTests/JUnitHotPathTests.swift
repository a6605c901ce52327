import Foundation
import StateProofModel
import StateProofEvidence
import Testing

@testable import StateProofRead

/// The shortcuts of the reader's per-case path give the answers the plain ways would: attribute
/// values borrowed from libxml2 or copied when they hold a `&`, names recognised by their
/// interned address, run-stop markers found in one pass, times read from bytes.
@Suite struct JUnitHotPathTests {
  static func read(
    _ xml: String, mayKeep: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil
  ) throws -> (summary: JUnitFileSummary, executions: [TestExecution]) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hotpath-\(UUID().uuidString).xml")
    try Data(xml.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let record = FileRecord(root: "evidence", path: "TEST-x.xml", kind: .junit, bytes: 0, sha256: nil)
    var executions: [TestExecution] = []
    let summary = JUnitReader.read(DiscoveredFile(record: record, url: url), mayKeep: mayKeep) {
      executions.append($0)
    }
    return (summary, executions)
  }

  /// Several values of one start tag copied because they hold a `&`: each keeps its own bytes
  /// while the others are read, with and without the byte-level check.
  @Test func valuesWithAmpersandsStayApartWithinOneTag() throws {
    let xml = """
      <testsuite name="s">
        <testcase classname="a&amp;b&lt;c" name="x &#38; y" time="1&#46;5" timestamp="2026-01-02T03:04:05Z"/>
        <testcase classname="a&amp;b&lt;c" name="second" time="0.25"/>
        <testcase classname="plain" name="a&amp;b&amp;c&amp;d&amp;e&amp;f&amp;g&amp;h&amp;i&amp;j&amp;k&amp;l&amp;m" time="2"/>
      </testsuite>
      """
    for mayKeep in [nil, { (_: UnsafeBufferPointer<UInt8>) in true }] as [((UnsafeBufferPointer<UInt8>) -> Bool)?] {
      let reading = try Self.read(xml, mayKeep: mayKeep)
      #expect(reading.executions.map(\.classname) == ["a&b<c", "a&b<c", "plain"])
      #expect(reading.executions.map(\.name) == ["x & y", "second", "a&b&c&d&e&f&g&h&i&j&k&l&m"])
      #expect(reading.executions.map(\.time) == [1.5, 0.25, 2])
      #expect(reading.executions.first?.startedAt?.written == "2026-01-02T03:04:05Z")
    }
  }

  /// The check sees the name's exact bytes, whether borrowed from libxml2 or decoded.
  @Test func theCheckSeesTheDecodedName() throws {
    var seen: [String] = []
    _ = try Self.read(
      """
      <testsuite name="s"><testcase classname="k" name="plain"/><testcase classname="k" name="a&amp;b"/></testsuite>
      """,
      mayKeep: { bytes in
        seen.append(String(decoding: bytes, as: UTF8.self))
        return false
      })
    // The classname's verdict is asked once, while it repeats; each name is asked.
    #expect(seen == ["k", "plain", "a&b"])
  }

  /// Element and attribute names are recognised however many other names the file uses, so a
  /// name's cached answer never stands for another's.
  @Test func manyOtherNamesDoNotConfuseTheOnesRead() throws {
    let noise = (0..<300).map { "<x\($0) a\($0)=\"v\" />" }.joined()
    let cases = (0..<50).map {
      "<testcase name=\"t\($0)\" classname=\"c\" time=\"0.\($0)\" n\($0)=\"1\">\(noise)</testcase>"
    }
    let reading = try Self.read("<testsuite name=\"s\">\(noise)\(cases.joined())</testsuite>")
    #expect(reading.executions.map(\.name) == (0..<50).map { "t\($0)" })
    #expect(reading.executions.allSatisfy { $0.classname == "c" })
    #expect(reading.executions.map(\.time) == (0..<50).map { Double("0.\($0)") })
  }

  /// The one-pass search finds what searching for each phrase and taking the earliest finds:
  /// pairs of phrases in both orders, with a cut-short phrase, text that shares their first
  /// bytes, and a phrase's first byte at the very end.
  @Test func runStopMarkersMatchTheEarliestOfEachPhrase() {
    let phrases = RunStopMarkers.phrases
    let fillers = ["", "\tat com.example.Test.test(Test.kt:12)\n", "Test run t"].map { Array($0.utf8) }
    var texts: [[UInt8]] = []
    for (index, first) in phrases.enumerated() {
      for filler in fillers {
        texts.append(filler + Array(first.prefix(1)))
        for second in [first, phrases[(index + 1) % phrases.count], phrases[(index + 7) % phrases.count]] {
          texts.append(filler + first.dropLast() + filler + second + filler + first)
          texts.append(filler + second + first + filler)
        }
      }
    }
    let wrong = texts.filter { text in
      let expected = phrases.compactMap { phrase in
        text.count < phrase.count
          ? nil
          : (0...(text.count - phrase.count)).first {
            text[$0] == phrase[0] && text[$0..<($0 + phrase.count)].elementsEqual(phrase)
          }
      }.min()
      return text.withUnsafeBufferPointer(RunStopMarkers.firstMatch) != expected
    }
    #expect(texts.count > 300)
    #expect(wrong.isEmpty, "\(wrong.prefix(3).map { String(decoding: $0, as: UTF8.self) })")
  }

  /// Times read from bytes: the plain shape and the general one agree with `strtod`, and the
  /// longest plain values are exact.
  @Test func timesFromBytes() {
    func seconds(_ text: String) -> Double? {
      Array(text.utf8).withUnsafeBufferPointer { JUnitText.seconds($0) }
    }
    for text in ["0", "0.5", "0.001", "12.25", "999999999999999", "99999999999999.9", "0.000000000000001"] {
      #expect(seconds(text) == Double(text), "\(text)")
    }
    #expect(seconds("1234567890123456") == 1_234_567_890_123_456)
    #expect(seconds(" 2.5 ") == 2.5)
    #expect(seconds("1,5") == 1.5)
    for text in ["", ".", "-1", "1.2.3", "1e", "nan", "1 2"] {
      #expect(seconds(text) == nil, "\(text)")
    }
  }

  /// A copy of an open case that changes a string leaves the original as it was.
  @Test func openCaseCopiesDoNotShareChanges() {
    var original = OpenTestCase(line: 1, classname: "c", name: "n", time: nil, markedFlaky: false)
    original.device = "Pixel"
    var copy = original
    copy.device = "iPhone"
    copy.stopCause = "crashed"
    copy.setMessage("boom", in: .failure)
    #expect(original.device == "Pixel" && original.stopCause == nil && original.failureMessage == nil)
    #expect(copy.device == "iPhone" && copy.stopCause == "crashed" && copy.failureMessage == "boom")
    var ruledOut = OpenTestCase(line: 2, classname: "", name: "", time: nil, markedFlaky: false, isKept: false)
    ruledOut.device = nil
    #expect(ruledOut.device == nil && ruledOut.classname.isEmpty)
  }
}
