import Foundation
import Mustache
import StateProofModel
import Testing

@testable import StateProofRender

/// The page's own images: the render stage turns a screenshot the report marks `embedded` into
/// the `data:` URI of the bytes the output stage carried for what the page shows (a HEIC's PNG,
/// else the image); everything else stays as report.json has it.
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
    let evidence: [TemplateValue] = [
      .object(["sha256": .string(png), "embedded": .bool(true)]),
      .object(["sha256": .string(heic), "displaySha256": .string(shown), "embedded": .bool(true)]),
      .object(["sha256": .string(png), "embedded": .null, "embeddedElsewhere": .bool(true)]),
      .object(["sha256": .string(String(repeating: "e", count: 64)), "embedded": .bool(true)]),
    ]
    let model = TemplateValue.object([
      "platforms": .list([.object(["rows": .list([.object(["evidence": .list(evidence)])])])])
    ])
    let items = images.apply(to: model)["platforms"]?.items.first?["rows"]?.items.first?["evidence"]?.items ?? []
    #expect(
      items.map { $0["embedded"] }
        == [.string("data:image/png;base64,AQID"), .string("data:image/png;base64,BAU="), .null, .null])
    #expect(images.uri(sha256: jpeg) == "data:image/jpeg;base64,Bg==")
    #expect(images.carries(sha256: heic) == false)
    // Nothing carried: the model as it was.
    #expect(EmbeddedImages().apply(to: model) == model)
  }
}
