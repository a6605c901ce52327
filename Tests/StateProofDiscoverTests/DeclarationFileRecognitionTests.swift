import Foundation
import StateProofSystem
import StateProofTestSupport
import Testing

@testable import StateProofDiscover

/// The recognisers discovery asks of a file's first 4096 bytes, over the declaration fixtures
/// (real manifests, aapt output, Info.plists) and the files they must not take for one.
@Suite struct DeclarationFileRecognitionTests {
  static func head(_ relative: String) throws -> Data {
    try Data(contentsOf: TestFiles.readerFixture(relative)).prefix(4096)
  }

  @Test(arguments: [
    "manifest/manifest-lock-merged.xml", "manifest/statusbarlyric-merged.xml", "manifest/nearby-merged.xml",
    // The readers say why these are not the app's merged manifest.
    "manifest/statusbarlyric-source.xml", "manifest/test-apk-merged.xml",
  ])
  func recognisesManifests(_ name: String) throws {
    let head = try Self.head("declarations/" + name)
    #expect(DeclarationFileRecognition.isAndroidManifestXML(head: head))
    #expect(!DeclarationFileRecognition.isAaptDump(head: head))
    #expect(!DeclarationFileRecognition.isAppInfoPlist(head: head, name: "AndroidManifest.xml"))
  }

  @Test func aManifestIsKnownByItsRootWhateverComesFirst() throws {
    let prolog = Data(
      """
      <?xml version="1.0"?>
      <!-- generated -->
      <!DOCTYPE manifest [<!ENTITY a "b">]>
      <manifest xmlns:android="http://schemas.android.com/apk/res/android"/>
      """.utf8)
    #expect(DeclarationFileRecognition.isAndroidManifestXML(head: prolog))
    // JUnit, another tool's <manifest>, and a manifest whose namespace is not Android's.
    #expect(!DeclarationFileRecognition.isAndroidManifestXML(head: try Self.head("junit/surefire-reruns.xml")))
    #expect(!DeclarationFileRecognition.isAndroidManifestXML(head: Data("<manifest><file/></manifest>".utf8)))
    #expect(!DeclarationFileRecognition.isAndroidManifestXML(head: Data("<manifestation/>".utf8)))
  }

  @Test(arguments: [
    "aapt2-badging.txt", "aapt2-permissions.txt", "aapt-badging.txt", "aapt-badging-legacy.txt",
    "aapt-pre-lollipop.txt", "aapt2-neverforlocation.txt",
  ])
  func recognisesAaptDumps(_ name: String) throws {
    let head = try Self.head("declarations/aapt/" + name)
    #expect(DeclarationFileRecognition.isAaptDump(head: head))
    #expect(!DeclarationFileRecognition.isAndroidManifestXML(head: head))
  }

  /// What the sniffer hands over of a UTF-16LE dump (Windows PowerShell 5's `>`): its UTF-8 twin.
  @Test func recognisesAUTF16DumpAsTheSnifferSeesIt() throws {
    let text = String(decoding: try Self.head("declarations/aapt/aapt2-badging.txt"), as: UTF8.self)
    let utf16: [UInt8] =
      [0xFF, 0xFE] + text.utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    var transcoder = TextTranscoder()
    var head = Data()
    utf16.withUnsafeBytes { transcoder.feed($0) { head.append($0) } }
    _ = transcoder.finish { head.append($0) }
    #expect(DeclarationFileRecognition.isAaptDump(head: head))
    #expect(!DeclarationFileRecognition.isAaptDump(head: Data(utf16)))
  }

  @Test func otherTextIsNoAaptDump() throws {
    #expect(!DeclarationFileRecognition.isAaptDump(head: try Self.head("dumpsys/android14-multiuser.txt")))
    #expect(!DeclarationFileRecognition.isAaptDump(head: Data("package: the box arrived\n".utf8)))
    #expect(!DeclarationFileRecognition.isAaptDump(head: Data("ERROR: dump failed\npackage: name='a'\n".utf8)))
    #expect(DeclarationFileRecognition.isAaptDump(head: Data("package: com.example.app\r\n".utf8)))
  }

  @Test func recognisesAppInfoPlists() throws {
    for name in ["homeassistant-app-built.plist", "homeassistant-app-Info.plist", "homeassistant-intents-Info.plist"] {
      let head = try Self.head("declarations/plist/" + name)
      #expect(DeclarationFileRecognition.isAppInfoPlist(head: head, name: "Payload/App.app/Info.plist"), "\(name)")
      // The identifier in view is enough, whatever the file is called.
      #expect(DeclarationFileRecognition.isAppInfoPlist(head: head, name: "\(name)"), "\(name)")
    }
    // A framework's and a test bundle's are recognised; their reader says they are no app's.
    #expect(
      DeclarationFileRecognition.isAppInfoPlist(
        head: try Self.head("declarations/plist/homeassistant-shared-Info.plist"), name: "Info.plist"))
  }

  @Test func otherPropertyListsAreNoAppInfoPlist() throws {
    let xcresult = try Self.head("declarations/plist/xcresult-Info.plist")
    #expect(!DeclarationFileRecognition.isAppInfoPlist(head: xcresult, name: "Info.plist"))
    let settings = Data(#"<?xml version="1.0"?><plist version="1.0"><dict><key>a</key><true/></dict></plist>"#.utf8)
    #expect(!DeclarationFileRecognition.isAppInfoPlist(head: settings, name: "Settings.plist"))
    #expect(DeclarationFileRecognition.isAppInfoPlist(head: settings, name: "Info.plist"))
    #expect(!DeclarationFileRecognition.isAppInfoPlist(head: Data("bplist00\u{0}\u{1}".utf8), name: "cache.plist"))
    #expect(DeclarationFileRecognition.isAppInfoPlist(head: Data("bplist00\u{0}\u{1}".utf8), name: "Info.plist"))
    let manifest = try Self.head("declarations/manifest/nearby-merged.xml")
    #expect(!DeclarationFileRecognition.isAppInfoPlist(head: manifest, name: "Info.plist"))
  }
}
