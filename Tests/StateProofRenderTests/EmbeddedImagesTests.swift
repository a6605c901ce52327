import Foundation
import Mustache
import StateProofModel
import Testing

@testable import StateProofRender

/// The page's own images: the render stage turns a screenshot the report marks `embedded` into
/// the `data:` URI of the bytes the output stage carried for what the page shows (a HEIC's PNG,
/// else the image), or null when they are not carried; everything else stays as report.json has it.
@Suite struct EmbeddedImagesTests {
  @Test func aMarkedScreenshotGetsTheURIOfTheBytesThePageShows() {
    let png = String(repeating: "a", count: 64)
    let heic = String(repeating: "b", count: 64)
    let shown = String(repeating: "c", count: 64)
    let jpeg = String(repeating: "d", count: 64)
    var images = EmbeddedImages()
    images.add(Data([1, 2, 3]), format: .png, sha256: png)
    images.add(Data([4, 5]), format: .png, sha256: shown)
    images.add(Data([6]), format: .jpeg, sha256: jpeg)
    func shot(_ sha256: String, display: String? = nil, embedded: Bool?) -> MatchedEvidence {
      var item = MatchedEvidence(
        kind: .screenshot, root: "ci", path: "shots/\(sha256.prefix(4)).png", rule: .attachedToTest)
      item.sha256 = sha256
      item.displaySha256 = display
      item.embedded = embedded
      return item
    }
    let evidence = [
      shot(png, embedded: true), shot(heic, display: shown, embedded: true), shot(png, embedded: nil),
      shot(String(repeating: "e", count: 64), embedded: true),
    ]
    #expect(
      evidence.map { images.embedded($0) }
        == [.string("data:image/png;base64,AQID"), .string("data:image/png;base64,BAU="), nil, .null])
    #expect(images.uri(sha256: jpeg) == "data:image/jpeg;base64,Bg==")
    #expect(images.carries(sha256: heic) == false)
    // Nothing carried: report.json's values stay.
    #expect(evidence.allSatisfy { EmbeddedImages().embedded($0) == nil })
  }
}
