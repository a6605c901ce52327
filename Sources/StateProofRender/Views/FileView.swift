import StateProofModel

/// A file of the inventory with `buildTime`: the builds and time span it names, in words (empty
/// for a file that is no evidence; ``ReportView`` works it out).
struct FileView: ModelView {
  let model: FileRecord
  let buildTime: String

  enum ViewKeys: String, CodingKey, CaseIterable { case buildTime }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(buildTime, forKey: .buildTime)
  }
}
