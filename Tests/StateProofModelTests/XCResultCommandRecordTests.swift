import Foundation
import Testing

import StateProofModel

/// A file record carries the xcresulttool command as a typed value, and `report.json` still
/// writes it as the command line in `format`.
@Suite struct XCResultCommandRecordTests {
  @Test(arguments: XCResultCommand.allCases)
  func commandIsWrittenAsItsCommandLineAndReadBack(_ command: XCResultCommand) throws {
    var record = FileRecord(root: "r", path: "tests.json", kind: .xcresultJSON, bytes: 2, sha256: nil)
    record.xcresultCommand = command
    #expect(record.format == command.commandLine)
    let data = try JSONEncoder().encode(record)
    let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(object["format"] as? String == command.commandLine)
    let read = try JSONDecoder().decode(FileRecord.self, from: data)
    #expect(read.xcresultCommand == command)
    #expect(read == record)
  }

  @Test func otherFormatsAreNoCommand() throws {
    var record = FileRecord(root: "r", path: "a.xml", kind: .junit, bytes: 2, sha256: nil, format: "xcpretty")
    #expect(record.xcresultCommand == nil)
    #expect(record.format == "xcpretty")
    let read = try JSONDecoder().decode(FileRecord.self, from: JSONEncoder().encode(record))
    #expect(read == record && read.format == "xcpretty")
    record.xcresultCommand = .summary
    record.format = "Xcode result bundle"
    #expect(record.xcresultCommand == nil)
    #expect(record.format == "Xcode result bundle")
  }

  @Test func commandLinesAreDistinct() {
    #expect(Set(XCResultCommand.allCases.map(\.commandLine)).count == XCResultCommand.allCases.count)
  }
}
