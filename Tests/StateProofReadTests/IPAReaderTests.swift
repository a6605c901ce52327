import Foundation
import StateProofModel
import StateProofTestSupport
import Testing

@testable import StateProofRead

/// An IPA's app `Info.plist`: found at `Payload/NAME.app/Info.plist` only, from an IPA of one app.
@Suite(.temporaryFolders) struct IPAReaderTests {
  static let location = EvidenceLocation(root: "evidence", path: "Scanner.ipa")
  static let plist = Array("<?xml version=\"1.0\"?><plist><dict/></plist>".utf8)

  static func read(_ entries: [ZipBuilder.Entry]) throws -> Result<Data, ReadProblem> {
    let url = try TemporaryFolder.make().appendingPathComponent("Scanner.ipa")
    try Data(ZipBuilder(entries).bytes()).write(to: url)
    return IPAReader.infoPlist(path: url.path, location: location)
  }

  static func message(_ result: Result<Data, ReadProblem>) -> String? {
    guard case .failure(let problem) = result else { return nil }
    return problem.message
  }

  @Test func returnsTheAppsOwnInfoPlist() throws {
    let result = try Self.read([
      ZipBuilder.Entry("Payload/", []),
      ZipBuilder.Entry("Payload/Scanner.app/Frameworks/Kit.framework/Info.plist", [1]),
      ZipBuilder.Entry("Payload/Scanner.app/PlugIns/Share.appex/Info.plist", [2]),
      ZipBuilder.Entry("Payload/Scanner.app/Info.plist", Self.plist),
      ZipBuilder.Entry("Payload/Scanner.app/Scanner", [3]),
    ])
    #expect(try result.get() == Data(Self.plist))
  }

  @Test func refusesAnIPAOfNoneOrSeveralApps() throws {
    #expect(
      Self.message(
        try Self.read([
          ZipBuilder.Entry("Payload/A.app/Info.plist", [1]), ZipBuilder.Entry("Payload/B.app/Info.plist", [2]),
        ]))
        == "the IPA holds 2 apps (Payload/A.app, Payload/B.app) under Payload/; an IPA holds one, so which one was tested is unknown"
    )
    #expect(
      Self.message(try Self.read([ZipBuilder.Entry("Payload/Scanner.app/Scanner", [1])]))
        == "the IPA has no Payload/Scanner.app/Info.plist")
    #expect(
      Self.message(try Self.read([ZipBuilder.Entry("AndroidManifest.xml", [1]), ZipBuilder.Entry("classes.dex", [])]))
        == "not an IPA: no Payload/NAME.app folder (it is an APK)")
  }

  @Test func refusesAnInfoPlistOverFourMiBOrDamaged() throws {
    var large = ZipBuilder.Entry("Payload/Scanner.app/Info.plist", Self.plist)
    large.uncompressedSize = 5 << 20
    #expect(
      Self.message(try Self.read([large]))
        == "cannot read the IPA's Info.plist: Payload/Scanner.app/Info.plist declares 5 MiB uncompressed, more than "
        + "the 4 MiB StateProof reads of it; not read (a zip bomb, or not the file it should be)")
    var damaged = ZipBuilder.Entry("Payload/Scanner.app/Info.plist", Self.plist)
    damaged.crc32 ^= 0xFF
    #expect(Self.message(try Self.read([damaged]))?.contains("is damaged: its CRC-32 is") == true)
  }
}
