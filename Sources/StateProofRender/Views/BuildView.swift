import StateProofModel

/// A platform's build with `buildText`, `timeText` and `devicesText` (``BuildTimeText``).
struct BuildView: ModelView {
  let model: PlatformBuild

  enum ViewKeys: String, CodingKey, CaseIterable { case buildText, timeText, devicesText }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    let text = BuildTimeText.platform(model)
    try container.encode(text.build, forKey: .buildText)
    try container.encode(text.time, forKey: .timeText)
    try container.encode(text.devices, forKey: .devicesText)
  }
}
