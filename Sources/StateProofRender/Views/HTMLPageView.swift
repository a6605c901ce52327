/// The `view` of `index.html`: the lists under the verdict with how many findings and files an
/// excerpt of the report left out (``ReportExcerpt``).
struct HTMLPageView: ModelView {
  let model: FindingOverview
  let findingsLeftOut: Int
  let filesLeftOut: Int

  enum ViewKeys: String, CodingKey, CaseIterable {
    case findingsLeftOut, findingsLeftOutText, filesLeftOut, filesLeftOutText
  }

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {
    try container.encode(findingsLeftOut, forKey: .findingsLeftOut)
    try container.encode(CountText.counted(findingsLeftOut, "more finding"), forKey: .findingsLeftOutText)
    try container.encode(filesLeftOut, forKey: .filesLeftOut)
    try container.encode(CountText.counted(filesLeftOut, "more file"), forKey: .filesLeftOutText)
  }
}
