import StateProofModel

/// An evidence path with its files and test reports counted in words (`filesText`: `1 file`,
/// `2 files`; `testReportsText`).
struct SourceView: ModelView {
  let model: EvidenceSource

  enum ViewKeys: String, CodingKey, CaseIterable { case filesText, testReportsText }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(CountText.counted(model.files, "file"), forKey: .filesText)
    try container.encode(CountText.counted(model.testReports, "test report"), forKey: .testReportsText)
  }
}
