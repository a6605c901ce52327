/// report.md's page without its ``WholeMembers``: the members whose values are shortened to fit
/// its byte budget.
struct ShortenablePage: ModelView {
  let model: PageView

  typealias ViewKeys = WholeMembers.CodingKeys

  func encodeView(to container: inout KeyedEncodingContainer<ViewKeys>) throws {}
}
